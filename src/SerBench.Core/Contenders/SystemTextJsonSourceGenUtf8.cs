using System.Text.Json;

namespace SerBench.Core.Contenders;

internal sealed class SystemTextJsonSourceGenUtf8() : SystemTextJsonContender("stj-sourcegen-utf8", TextMode.Utf8, Generation.SourceGenerated)
{
    public override Codec<T> CreateCodec<T>(JsonConventions conventions)
    {
        var typeInfo = SystemTextJsonSettings.GeneratedTypeInfo<T>(conventions);
        return new DelegateCodec<T, byte[]>(
            value => JsonSerializer.SerializeToUtf8Bytes(value, typeInfo),
            utf8 => JsonSerializer.Deserialize(utf8, typeInfo)!);
    }

    public override StreamCodec<T> CreateStreamCodec<T>(JsonConventions conventions)
    {
        var typeInfo = SystemTextJsonSettings.GeneratedTypeInfo<T>(conventions);
        return SystemTextJsonSettings.StreamCodec<T>(
            (stream, value) => JsonSerializer.SerializeAsync(stream, value, typeInfo),
            stream => JsonSerializer.DeserializeAsync(stream, typeInfo));
    }

#if NET10_0_OR_GREATER
    public override PipeCodec<T> CreatePipeCodec<T>(JsonConventions conventions)
    {
        var typeInfo = SystemTextJsonSettings.GeneratedTypeInfo<T>(conventions);
        return SystemTextJsonSettings.PipeCodec<T>(
            (pipe, value) => JsonSerializer.SerializeAsync(pipe, value, typeInfo),
            pipe => JsonSerializer.DeserializeAsync(pipe, typeInfo));
    }
#endif

    public override ItemStreamCodec<TItem> CreateItemStreamCodec<TItem>(JsonConventions conventions)
    {
        var typeInfo = SystemTextJsonSettings.GeneratedTypeInfo<TItem>(conventions);
        return new DelegateItemStreamCodec<TItem>(stream => JsonSerializer.DeserializeAsyncEnumerable(stream, typeInfo));
    }
}
