using System.Diagnostics.CodeAnalysis;
using System.Text.Json;

namespace SerBench.Core.Contenders;

[UnconditionalSuppressMessage("Trimming", "IL2026", Justification = ReadsModelsByReflection)]
[UnconditionalSuppressMessage("AOT", "IL3050", Justification = ReadsModelsByReflection)]
internal sealed class SystemTextJsonReflectionUtf16() : SystemTextJsonContender("stj-reflection-string", TextMode.Utf16, Generation.Reflection)
{
    public override Codec<T> CreateCodec<T>(JsonConventions conventions)
    {
        var options = SystemTextJsonSettings.CreateOptions(conventions);
        return new DelegateCodec<T, string>(
            value => JsonSerializer.Serialize(value, options),
            json => JsonSerializer.Deserialize<T>(json, options)!);
    }
}
