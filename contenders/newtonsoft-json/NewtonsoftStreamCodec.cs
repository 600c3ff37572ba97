using System.Text;
using Newtonsoft.Json;
using SerBench.Core.Contenders;

namespace SerBench.Packs.NewtonsoftJson;

/// <summary>
/// Newtonsoft.Json's stream path as ASP.NET Core's Newtonsoft formatters take it: a <see cref="JsonTextWriter"/> over a
/// <see cref="StreamWriter"/>, flushed with <c>FlushAsync</c>; a <see cref="JsonTextReader"/> over a <see cref="StreamReader"/>.
/// The library has no async serializer, so the reading is synchronous (MVC buffers a request body first; here it is in memory).
/// </summary>
internal sealed class NewtonsoftStreamCodec<T>(JsonSerializer serializer) : StreamCodec<T> where T : class
{
    private static readonly UTF8Encoding Utf8NoBom = new(encoderShouldEmitUTF8Identifier: false);

    public override async ValueTask SerializeAsync(Stream destination, T value)
    {
        var writer = new StreamWriter(destination, Utf8NoBom, bufferSize: 1024, leaveOpen: true);
        await using (writer.ConfigureAwait(false))
        {
            using (var json = new JsonTextWriter(writer) { CloseOutput = false, AutoCompleteOnClose = false })
            {
                serializer.Serialize(json, value);
            }

            // As MVC does: what the writer buffered goes out asynchronously, not in a synchronous dispose.
            await writer.FlushAsync().ConfigureAwait(false);
        }
    }

    public override ValueTask<T> DeserializeAsync(Stream source)
    {
        using var reader = new StreamReader(source, Utf8NoBom, detectEncodingFromByteOrderMarks: false, bufferSize: 1024, leaveOpen: true);
        using var json = new JsonTextReader(reader) { CloseInput = false };
        return new ValueTask<T>(serializer.Deserialize<T>(json)!);
    }
}
