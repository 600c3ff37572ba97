using System.Reflection;
using Jil;
using SerBench.Core.Contenders;
using SerBench.Core.Packs;

namespace SerBench.Packs.Jil;

/// <summary>
/// Jil to and from a UTF-16 string, its native API (it writes to a TextWriter). Options built once: ISO 8601 dates,
/// camelCase names when the study asks, nulls written. Jil writes enums as their names and has no option for numbers.
/// </summary>
[PackContender("jil")]
internal sealed class JilAdapter : ContenderAdapter
{
    public override Assembly LibraryAssembly => typeof(JSON).Assembly;

    public override Codec<T> CreateCodec<T>(JsonConventions conventions)
    {
        var options = new Options(
            prettyPrint: false,
            excludeNulls: false,
            jsonp: false,
            dateFormat: DateTimeFormat.ISO8601,
            includeInherited: true,
            unspecifiedDateTimeKindBehavior: UnspecifiedDateTimeKindBehavior.IsLocal,
            serializationNameFormat: conventions.CamelCase ? SerializationNameFormat.CamelCase : SerializationNameFormat.Verbatim);
        return new DelegateCodec<T, string>(value => JSON.Serialize(value, options), json => JSON.Deserialize<T>(json, options));
    }
}
