using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Unicode;

namespace SerBench.Core.Contenders;

internal sealed class SystemTextJsonAllRangesEncoder() : SystemTextJsonContender("stj-encoder-all-ranges", TextMode.Utf16, Generation.Reflection, "Encoder = JavaScriptEncoder.Create(UnicodeRanges.All), options built once")
{
    public override Codec<T> CreateCodec<T>(JsonConventions conventions)
    {
        var options = SystemTextJsonSettings.CreateOptions(conventions, JavaScriptEncoder.Create(UnicodeRanges.All));
        return new DelegateCodec<T, string>(
            value => JsonSerializer.Serialize(value, options),
            json => JsonSerializer.Deserialize<T>(json, options)!);
    }
}
