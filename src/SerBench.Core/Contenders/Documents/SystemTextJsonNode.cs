using System.Reflection;
using System.Text.Json;
using System.Text.Json.Nodes;
using SerBench.Core.UserData;

namespace SerBench.Core.Contenders.Documents;

internal sealed class SystemTextJsonNode() : DocumentContender("stj-node", "System.Text.Json", TextMode.Utf8,
    "JsonNode: Parse is lazy (nodes are built when first read), so deserialize times the parse only; write goes to a reused buffer, owned byte[] result")
{
    protected override Assembly? LibraryAssembly => typeof(JsonNode).Assembly;

    protected override Codec<JsonData> CreateDocumentCodec() => new NodeCodec();

    private sealed class NodeCodec : DocumentCodec<JsonNode?, byte[]>
    {
        private readonly ReusableJsonWriter _writer = new();

        protected override JsonNode? Parse(byte[] text) => JsonNode.Parse(text);

        protected override byte[] Write(JsonNode? dom) => _writer.Write(dom, static (writer, node) =>
        {
            if (node is null)
            {
                writer.WriteNullValue(); // JsonNode.Parse("null") is a null reference.
            }
            else
            {
                node.WriteTo(writer);
            }
        });
    }
}
