using System.Text;
using SerBench.Core.UserData;

namespace SerBench.Core.Contenders.Documents;

/// <summary>A codec that goes through a DOM, as opposed to a typed serializer handed a <see cref="JsonData"/>.</summary>
internal interface IDocumentCodec;

/// <summary>
/// The codec of a document-model contender: deserialize is "parse the document into the library's DOM", serialize is
/// "write that DOM back out". The DOM is built before the timed loop, so serialize times writing alone.
/// </summary>
/// <typeparam name="TDom">The library's document type (JsonNode, JToken, …).</typeparam>
/// <typeparam name="TPayload"><see cref="T:byte[]"/> for UTF-8 libraries, <see cref="string"/> for UTF-16 ones.</typeparam>
public abstract class DocumentCodec<TDom, TPayload> : Codec<JsonData>, IDocumentCodec
    where TPayload : class
{
    protected abstract TDom Parse(TPayload text);

    /// <summary>Writes the DOM as a document (compact, as the library writes it by default).</summary>
    protected abstract TPayload Write(TDom dom);

    /// <summary>What deserialize times: a DOM that rents pooled memory (JsonDocument) parses and releases, as <c>using</c> would.</summary>
    protected virtual object? ParseTimed(TPayload text) => Parse(text);

    // Not timed.
    protected static TPayload FromUtf8(byte[] utf8) =>
        typeof(TPayload) == typeof(string) ? (TPayload)(object)Encoding.UTF8.GetString(utf8) : (TPayload)(object)utf8;

    public sealed override object SerializeUntyped(JsonData value) => Write(Parse(FromUtf8(value.Utf8)));

    /// <summary>The document read back: parsed and written again, so the gate can compare it with the original.</summary>
    public sealed override JsonData DeserializeUntyped(object payload)
    {
        var written = Write(Parse((TPayload)payload));
        return new JsonData("round trip", PayloadBytes(written).ToArray());
    }

    internal sealed override Func<object?> SerializeOne(JsonData value)
    {
        var dom = Parse(FromUtf8(value.Utf8));
        return () => Write(dom);
    }

    internal sealed override Func<object?> SerializeEach(JsonData[] values) => Each(values.Select(v => Parse(FromUtf8(v.Utf8))).ToArray(), Write);

    internal sealed override Func<object?> DeserializeOne(object payload)
    {
        var text = (TPayload)payload;
        return () => ParseTimed(text);
    }

    internal sealed override Func<object?> DeserializeEach(object[] payloads) => Each(payloads.Cast<TPayload>().ToArray(), ParseTimed);

    internal sealed override Func<object?> RoundTripOne(JsonData value)
    {
        var text = FromUtf8(value.Utf8);
        return () => Write(Parse(text));
    }

    // A delegate hop costs nothing next to parsing a document.
    internal sealed override Func<object?> RoundTripEach(JsonData[] values) => Each(values.Select(v => FromUtf8(v.Utf8)).ToArray(), text => Write(Parse(text)));
}
