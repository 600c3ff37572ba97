using System.Text.Json;

namespace SerBench.Core.Contenders;

internal sealed class SystemTextJsonSourceGenUtf16() : SystemTextJsonContender("stj-sourcegen-string", TextMode.Utf16, Generation.SourceGenerated)
{
    public override Codec<T> CreateCodec<T>(JsonConventions conventions)
    {
        var typeInfo = SystemTextJsonSettings.GeneratedTypeInfo<T>(conventions);
        return new DelegateCodec<T, string>(
            value => JsonSerializer.Serialize(value, typeInfo),
            json => JsonSerializer.Deserialize(json, typeInfo)!);
    }

    public override StreamCodec<T> CreateStreamCodec<T>(JsonConventions conventions) =>
        throw new NotSupportedException(SystemTextJsonSettings.StreamIsUtf8("stj-sourcegen-utf8"));

#if NET10_0_OR_GREATER
    public override PipeCodec<T> CreatePipeCodec<T>(JsonConventions conventions) =>
        throw new NotSupportedException(SystemTextJsonSettings.StreamIsUtf8("stj-sourcegen-utf8"));
#endif

    public override ItemStreamCodec<TItem> CreateItemStreamCodec<TItem>(JsonConventions conventions) =>
        throw new NotSupportedException(SystemTextJsonSettings.StreamIsUtf8("stj-sourcegen-utf8"));
}
