using Newtonsoft.Json;
using SerBench.Core.Contenders;

namespace SerBench.Packs.NewtonsoftJson;

/// <summary>Newtonsoft.Json's stream path as ASP.NET Core's Newtonsoft formatters take it: a JsonTextWriter and a JsonTextReader over the stream's text.</summary>
internal static class NewtonsoftStreamCodec
{
    public static StreamCodec<T> Create<T>(JsonSerializer serializer) where T : class => new TextStreamCodec<T>(
        (writer, value) =>
        {
            using var json = new JsonTextWriter(writer) { CloseOutput = false, AutoCompleteOnClose = false };
            serializer.Serialize(json, value);
        },
        reader =>
        {
            using var json = new JsonTextReader(reader) { CloseInput = false };
            return serializer.Deserialize<T>(json)!;
        });
}
