using System.Text.Json;

namespace SerBench.Core.Contenders;

/// <summary>System.Text.Json with source-generated metadata, to and from a UTF-16 <see cref="string"/>.</summary>
internal sealed class SystemTextJsonSourceGenUtf16() : SystemTextJsonContender("stj-sourcegen-string", TextMode.Utf16, Generation.SourceGenerated)
{
    public override Codec<T> CreateCodec<T>(JsonConventions conventions)
    {
        var typeInfo = SystemTextJsonSettings.GeneratedTypeInfo<T>(conventions);
        return new DelegateCodec<T, string>(
            value => JsonSerializer.Serialize(value, typeInfo),
            json => JsonSerializer.Deserialize(json, typeInfo)!);
    }
}
