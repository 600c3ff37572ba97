using System.Reflection;
using NetJSON;
using SerBench.Core.Contenders;
using SerBench.Core.Packs;

namespace SerBench.Packs.NetJson;

/// <summary>
/// NetJSON to and from a UTF-16 string, its only API. Settings object built once per codec: ISO dates, enums as names
/// when the study asks, camelCase names, case-insensitive reading when the study asks.
/// </summary>
[PackContender("netjson")]
internal sealed class NetJsonAdapter : ContenderAdapter
{
    public override Assembly LibraryAssembly => typeof(NetJSON.NetJSON).Assembly;

    public override Codec<T> CreateCodec<T>(JsonConventions conventions)
    {
        var settings = new NetJSONSettings
        {
            DateFormat = NetJSONDateFormat.ISO,
            UseEnumString = conventions.EnumsAsStrings,
            CamelCase = conventions.CamelCase,
            CaseSensitive = !conventions.CaseInsensitiveReading,
        };
        return new DelegateCodec<T, string>(value => NetJSON.NetJSON.Serialize(value, settings), json => NetJSON.NetJSON.Deserialize<T>(json, settings));
    }
}
