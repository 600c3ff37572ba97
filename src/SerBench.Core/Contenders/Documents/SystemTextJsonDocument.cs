using System.Reflection;
using System.Text.Json;
using SerBench.Core.UserData;

namespace SerBench.Core.Contenders.Documents;

internal sealed class SystemTextJsonDocument() : DocumentContender("stj-document", "System.Text.Json", TextMode.Utf8,
    "JsonDocument: parse disposes the document as a using would; write goes to a reused buffer, owned byte[] result")
{
    protected override Assembly? LibraryAssembly => typeof(JsonDocument).Assembly;

    protected override Codec<JsonData> CreateDocumentCodec() => new DocumentCodec();

    private sealed class DocumentCodec : DocumentCodec<JsonDocument, byte[]>
    {
        private readonly ReusableJsonWriter _writer = new();

        protected override JsonDocument Parse(byte[] text) => JsonDocument.Parse(text);

        protected override object? ParseTimed(byte[] text)
        {
            using var document = JsonDocument.Parse(text);
            return null;
        }

        protected override byte[] Write(JsonDocument dom) => _writer.Write(dom, static (writer, document) => document.WriteTo(writer));
    }
}
