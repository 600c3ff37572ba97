using System.Reflection;
using NetJSON;
using SerBench.Core.Contenders;
using SerBench.Core.Packs;

namespace SerBench.Packs.NetJson;

/// <summary>
/// NetJSON to and from a UTF-16 string (and a TextWriter/TextReader for the stream cells). Settings object built once per codec: ISO dates, enums as names
/// when the study asks, camelCase names, case-insensitive reading when the study asks.
/// </summary>
[PackContender("netjson")]
internal sealed class NetJsonAdapter : ContenderAdapter
{
    public override Assembly LibraryAssembly => typeof(NetJSON.NetJSON).Assembly;

    public override Codec<T> CreateCodec<T>(JsonConventions conventions)
    {
        var settings = SettingsFor(conventions);
        return new DelegateCodec<T, string>(value => NetJSON.NetJSON.Serialize(value, settings), json => NetJSON.NetJSON.Deserialize<T>(json, settings));
    }

    // Its TextWriter and TextReader calls over the stream's UTF-8 text.
    public override StreamCodec<T> CreateStreamCodec<T>(JsonConventions conventions)
    {
        var settings = SettingsFor(conventions);
        return new TextStreamCodec<T>((writer, value) => NetJSON.NetJSON.Serialize(value, writer, settings), reader => NetJSON.NetJSON.Deserialize<T>(reader, settings));
    }

    private static NetJSONSettings SettingsFor(JsonConventions conventions) => new()
    {
        DateFormat = NetJSONDateFormat.ISO,
        UseEnumString = conventions.EnumsAsStrings,
        CamelCase = conventions.CamelCase,
        CaseSensitive = !conventions.CaseInsensitiveReading,
    };
}
