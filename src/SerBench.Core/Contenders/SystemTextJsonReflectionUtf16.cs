using System.Diagnostics.CodeAnalysis;
using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Unicode;

namespace SerBench.Core.Contenders;

/// <summary>System.Text.Json with reflection metadata to and from a string, options built once with the given encoder (null: the default).</summary>
[UnconditionalSuppressMessage("Trimming", "IL2026", Justification = ReadsModelsByReflection)]
[UnconditionalSuppressMessage("AOT", "IL3050", Justification = ReadsModelsByReflection)]
internal sealed class SystemTextJsonReflectionUtf16(string name = "stj-reflection-string", JavaScriptEncoder? encoder = null, string? note = null)
    : SystemTextJsonContender(name, TextMode.Utf16, Generation.Reflection, note)
{
    public static SystemTextJsonReflectionUtf16 AllRangesEncoder() =>
        new("stj-encoder-all-ranges", JavaScriptEncoder.Create(UnicodeRanges.All), "Encoder = JavaScriptEncoder.Create(UnicodeRanges.All), options built once");

    public static SystemTextJsonReflectionUtf16 RelaxedEncoder() =>
        new("stj-encoder-relaxed", JavaScriptEncoder.UnsafeRelaxedJsonEscaping, "Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping, options built once");

    public override Codec<T> CreateCodec<T>(JsonConventions conventions)
    {
        var options = SystemTextJsonSettings.CreateOptions(conventions, encoder);
        return new DelegateCodec<T, string>(
            value => JsonSerializer.Serialize(value, options),
            json => JsonSerializer.Deserialize<T>(json, options)!);
    }

    public override StreamCodec<T> CreateStreamCodec<T>(JsonConventions conventions) =>
        throw new NotSupportedException(SystemTextJsonSettings.StreamIsUtf8("stj-reflection-utf8"));

#if NET10_0_OR_GREATER
    public override PipeCodec<T> CreatePipeCodec<T>(JsonConventions conventions) =>
        throw new NotSupportedException(SystemTextJsonSettings.StreamIsUtf8("stj-reflection-utf8"));
#endif

    public override ItemStreamCodec<TItem> CreateItemStreamCodec<TItem>(JsonConventions conventions) =>
        throw new NotSupportedException(SystemTextJsonSettings.StreamIsUtf8("stj-reflection-utf8"));
}
