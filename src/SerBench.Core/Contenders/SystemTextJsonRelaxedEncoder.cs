using System.Diagnostics.CodeAnalysis;
using System.Text.Encodings.Web;
using System.Text.Json;

namespace SerBench.Core.Contenders;

[UnconditionalSuppressMessage("Trimming", "IL2026", Justification = ReadsModelsByReflection)]
[UnconditionalSuppressMessage("AOT", "IL3050", Justification = ReadsModelsByReflection)]
internal sealed class SystemTextJsonRelaxedEncoder() : SystemTextJsonContender("stj-encoder-relaxed", TextMode.Utf16, Generation.Reflection, "Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping, options built once")
{
    public override Codec<T> CreateCodec<T>(JsonConventions conventions)
    {
        var options = SystemTextJsonSettings.CreateOptions(conventions, JavaScriptEncoder.UnsafeRelaxedJsonEscaping);
        return new DelegateCodec<T, string>(
            value => JsonSerializer.Serialize(value, options),
            json => JsonSerializer.Deserialize<T>(json, options)!);
    }
}
