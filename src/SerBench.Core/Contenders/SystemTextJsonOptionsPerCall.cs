using System.Diagnostics.CodeAnalysis;
using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Unicode;

namespace SerBench.Core.Contenders;

/// <summary>The escaping article's code, kept to separate the cost of building options from the cost of the encoder.</summary>
[UnconditionalSuppressMessage("Trimming", "IL2026", Justification = ReadsModelsByReflection)]
[UnconditionalSuppressMessage("AOT", "IL3050", Justification = ReadsModelsByReflection)]
internal sealed class SystemTextJsonOptionsPerCall() : SystemTextJsonContender("stj-options-per-call", TextMode.Utf16, Generation.Reflection, "ANTI-PATTERN: new JsonSerializerOptions (UnicodeRanges.All encoder) on every call")
{
    public override Codec<T> CreateCodec<T>(JsonConventions conventions) => new DelegateCodec<T, string>(
        value => JsonSerializer.Serialize(value, SystemTextJsonSettings.CreateOptions(conventions, JavaScriptEncoder.Create(UnicodeRanges.All))),
        json => JsonSerializer.Deserialize<T>(json, SystemTextJsonSettings.CreateOptions(conventions, JavaScriptEncoder.Create(UnicodeRanges.All)))!);
}
