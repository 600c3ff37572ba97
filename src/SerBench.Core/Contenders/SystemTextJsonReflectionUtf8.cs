using System.Diagnostics.CodeAnalysis;
using System.Text.Json;

namespace SerBench.Core.Contenders;

[UnconditionalSuppressMessage("Trimming", "IL2026", Justification = ReadsModelsByReflection)]
[UnconditionalSuppressMessage("AOT", "IL3050", Justification = ReadsModelsByReflection)]
internal sealed class SystemTextJsonReflectionUtf8() : SystemTextJsonContender("stj-reflection-utf8", TextMode.Utf8, Generation.Reflection)
{
    public override Codec<T> CreateCodec<T>(JsonConventions conventions)
    {
        var options = SystemTextJsonSettings.CreateOptions(conventions);
        return new DelegateCodec<T, byte[]>(
            value => JsonSerializer.SerializeToUtf8Bytes(value, options),
            utf8 => JsonSerializer.Deserialize<T>(utf8, options)!);
    }

    public override StreamCodec<T> CreateStreamCodec<T>(JsonConventions conventions)
    {
        var options = SystemTextJsonSettings.CreateOptions(conventions);
        return SystemTextJsonSettings.StreamCodec<T>(
            (stream, value) => JsonSerializer.SerializeAsync(stream, value, options),
            stream => JsonSerializer.DeserializeAsync<T>(stream, options));
    }

#if NET10_0_OR_GREATER
    public override PipeCodec<T> CreatePipeCodec<T>(JsonConventions conventions)
    {
        var options = SystemTextJsonSettings.CreateOptions(conventions);
        return SystemTextJsonSettings.PipeCodec<T>(
            (pipe, value) => JsonSerializer.SerializeAsync(pipe, value, options),
            pipe => JsonSerializer.DeserializeAsync<T>(pipe, options));
    }
#endif

    public override ItemStreamCodec<TItem> CreateItemStreamCodec<TItem>(JsonConventions conventions)
    {
        var options = SystemTextJsonSettings.CreateOptions(conventions);
        return new DelegateItemStreamCodec<TItem>(stream => JsonSerializer.DeserializeAsyncEnumerable<TItem>(stream, options));
    }
}
