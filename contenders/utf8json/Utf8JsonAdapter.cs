using System.Reflection;
using SerBench.Core.Contenders;
using Utf8Json;
using Utf8Json.Resolvers;
using SerBench.Core.Packs;

namespace SerBench.Packs.Utf8Json;

/// <summary>
/// Utf8Json to and from UTF-8 bytes, its native API. Formatters are emitted at run time, once per type. Enums go
/// through its name formatter or its underlying-value formatter as the study asks; names camelCase or as declared.
/// </summary>
[PackContender("utf8json")]
internal sealed class Utf8JsonAdapter : ContenderAdapter
{
    public override Assembly LibraryAssembly => typeof(JsonSerializer).Assembly;

    public override Codec<T> CreateCodec<T>(JsonConventions conventions)
    {
        var resolver = Resolver(conventions);
        return new DelegateCodec<T, byte[]>(value => JsonSerializer.Serialize(value, resolver), utf8 => JsonSerializer.Deserialize<T>(utf8, resolver));
    }

    // Its async stream API: it writes through a pooled buffer and reads the whole stream before parsing.
    public override StreamCodec<T> CreateStreamCodec<T>(JsonConventions conventions)
    {
        var resolver = Resolver(conventions);
        return new DelegateStreamCodec<T>((stream, value) => new ValueTask(JsonSerializer.SerializeAsync(stream, value, resolver)),
            stream => new ValueTask<T>(JsonSerializer.DeserializeAsync<T>(stream, resolver)));
    }

    private static IJsonFormatterResolver Resolver(JsonConventions conventions) => CompositeResolver.Create(Array.Empty<IJsonFormatter>(), new[]
    {
        conventions.EnumsAsStrings ? EnumResolver.Default : EnumResolver.UnderlyingValue,
        conventions.CamelCase ? StandardResolver.CamelCase : StandardResolver.Default,
    });
}
