using System.Reflection;
using Jil;
using SerBench.Core.Contenders;
using SerBench.Core.Packs;

namespace SerBench.Packs.Jil;

/// <summary>
/// Jil to and from a UTF-16 string, and through a TextWriter/TextReader for the stream cells. Options built once: ISO 8601 dates,
/// camelCase names when the study asks, nulls written. Jil writes enums as their names and has no option for numbers.
/// </summary>
[PackContender("jil")]
internal sealed class JilAdapter : ContenderAdapter
{
    public override Assembly LibraryAssembly => typeof(JSON).Assembly;

    public override Codec<T> CreateCodec<T>(JsonConventions conventions)
    {
        var options = OptionsFor(conventions);
        return new DelegateCodec<T, string>(value => JSON.Serialize(value, options), json => JSON.Deserialize<T>(json, options));
    }

    // Its TextWriter and TextReader calls over the stream's UTF-8 text, as a web framework's formatter would use them.
    public override StreamCodec<T> CreateStreamCodec<T>(JsonConventions conventions)
    {
        var options = OptionsFor(conventions);
        return new TextStreamCodec<T>((writer, value) => JSON.Serialize(value, writer, options), reader => JSON.Deserialize<T>(reader, options));
    }

    private static Options OptionsFor(JsonConventions conventions) => new(
        prettyPrint: false,
        excludeNulls: false,
        jsonp: false,
        dateFormat: DateTimeFormat.ISO8601,
        includeInherited: true,
        unspecifiedDateTimeKindBehavior: UnspecifiedDateTimeKindBehavior.IsLocal,
        serializationNameFormat: conventions.CamelCase ? SerializationNameFormat.CamelCase : SerializationNameFormat.Verbatim);
}
