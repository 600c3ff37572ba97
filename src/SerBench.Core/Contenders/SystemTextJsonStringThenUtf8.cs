using System.Diagnostics.CodeAnalysis;
using System.Text;
using System.Text.Json;

namespace SerBench.Core.Contenders;

/// <summary>The json-vs-binary study's JSON side: the transcoding a program needs to write a file is part of what is measured.</summary>
[UnconditionalSuppressMessage("Trimming", "IL2026", Justification = ReadsModelsByReflection)]
[UnconditionalSuppressMessage("AOT", "IL3050", Justification = ReadsModelsByReflection)]
internal sealed class SystemTextJsonStringThenUtf8() : SystemTextJsonContender("stj-string-then-utf8", TextMode.Utf8, Generation.Reflection, "transcodes: string → UTF-8 bytes and back, as the Unity article did")
{
    public override Codec<T> CreateCodec<T>(JsonConventions conventions)
    {
        var options = SystemTextJsonSettings.CreateOptions(conventions);
        return new DelegateCodec<T, byte[]>(
            value => Encoding.UTF8.GetBytes(JsonSerializer.Serialize(value, options)),
            utf8 => JsonSerializer.Deserialize<T>(Encoding.UTF8.GetString(utf8), options)!);
    }
}
