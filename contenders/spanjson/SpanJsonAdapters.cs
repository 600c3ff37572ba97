using System.Reflection;
using SerBench.Core.Contenders;
using SpanJson;
using SpanJson.Resolvers;
using SerBench.Core.Packs;

namespace SerBench.Packs.SpanJson;

/// <summary>
/// SpanJson's settings are a resolver type argument: nulls included, names camelCase or as declared. It writes enums as
/// their names and has no resolver that writes numbers, so a study asking for numeric enums sees DIFFERS.
/// </summary>
internal static class SpanJsonCodecs
{
    public static Assembly Assembly => typeof(JsonSerializer).Assembly;

    public static Codec<T> Utf8<T>(JsonConventions conventions) where T : class => conventions.CamelCase
        ? new DelegateCodec<T, byte[]>(
            JsonSerializer.Generic.Utf8.Serialize<T, IncludeNullsCamelCaseResolver<byte>>,
            utf8 => JsonSerializer.Generic.Utf8.Deserialize<T, IncludeNullsCamelCaseResolver<byte>>(utf8))
        : new DelegateCodec<T, byte[]>(
            JsonSerializer.Generic.Utf8.Serialize<T, IncludeNullsOriginalCaseResolver<byte>>,
            utf8 => JsonSerializer.Generic.Utf8.Deserialize<T, IncludeNullsOriginalCaseResolver<byte>>(utf8));

    /// <summary>Its async UTF-8 stream API, with the same resolvers.</summary>
    public static StreamCodec<T> Utf8Stream<T>(JsonConventions conventions) where T : class => conventions.CamelCase
        ? new DelegateStreamCodec<T>(
            (stream, value) => JsonSerializer.Generic.Utf8.SerializeAsync<T, IncludeNullsCamelCaseResolver<byte>>(value, stream),
            stream => JsonSerializer.Generic.Utf8.DeserializeAsync<T, IncludeNullsCamelCaseResolver<byte>>(stream))
        : new DelegateStreamCodec<T>(
            (stream, value) => JsonSerializer.Generic.Utf8.SerializeAsync<T, IncludeNullsOriginalCaseResolver<byte>>(value, stream),
            stream => JsonSerializer.Generic.Utf8.DeserializeAsync<T, IncludeNullsOriginalCaseResolver<byte>>(stream));

    public static Codec<T> Utf16<T>(JsonConventions conventions) where T : class => conventions.CamelCase
        ? new DelegateCodec<T, string>(
            JsonSerializer.Generic.Utf16.Serialize<T, IncludeNullsCamelCaseResolver<char>>,
            json => JsonSerializer.Generic.Utf16.Deserialize<T, IncludeNullsCamelCaseResolver<char>>(json))
        : new DelegateCodec<T, string>(
            JsonSerializer.Generic.Utf16.Serialize<T, IncludeNullsOriginalCaseResolver<char>>,
            json => JsonSerializer.Generic.Utf16.Deserialize<T, IncludeNullsOriginalCaseResolver<char>>(json));
}

/// <summary>SpanJson to and from UTF-8 bytes (its UTF-8 API).</summary>
[PackContender("spanjson-utf8")]
internal sealed class SpanJsonUtf8 : ContenderAdapter
{
    public override Assembly LibraryAssembly => SpanJsonCodecs.Assembly;

    public override Codec<T> CreateCodec<T>(JsonConventions conventions) => SpanJsonCodecs.Utf8<T>(conventions);

    public override StreamCodec<T> CreateStreamCodec<T>(JsonConventions conventions) => SpanJsonCodecs.Utf8Stream<T>(conventions);
}

/// <summary>SpanJson to and from a UTF-16 string (its UTF-16 API).</summary>
[PackContender("spanjson-string")]
internal sealed class SpanJsonUtf16 : ContenderAdapter
{
    public override Assembly LibraryAssembly => SpanJsonCodecs.Assembly;

    public override Codec<T> CreateCodec<T>(JsonConventions conventions) => SpanJsonCodecs.Utf16<T>(conventions);

    public override StreamCodec<T> CreateStreamCodec<T>(JsonConventions conventions) =>
        throw new NotSupportedException("a string contender; SpanJson streams UTF-8, measured as spanjson-utf8's stream cells");
}
