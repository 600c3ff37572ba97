using System.Reflection;
using System.Text.Json;
using SerBench.Core.UserData;

namespace SerBench.Core.Contenders.Documents;

/// <summary>The speed-of-light reference for documents: read every token, build nothing; write token by token, as a DOM minus the DOM.</summary>
internal sealed class Utf8JsonReaderWalk() : DocumentContender("stj-reader", "System.Text.Json", TextMode.Utf8,
    "speed-of-light reference: deserialize = Utf8JsonReader token walk (builds nothing); serialize = reader-to-writer token copy")
{
    public override bool IsReference => true;

    protected override Assembly? LibraryAssembly => typeof(Utf8JsonReader).Assembly;

    protected override Codec<JsonData> CreateDocumentCodec() => new WalkCodec();

    private sealed class WalkCodec : DocumentCodec<byte[], byte[]>
    {
        private static readonly JsonReaderOptions Options = new() { MaxDepth = 64 };
        private readonly ReusableJsonWriter _writer = new();

        // The "DOM" is the text itself.
        protected override byte[] Parse(byte[] text) => text;

        protected override object? ParseTimed(byte[] text)
        {
            var reader = new Utf8JsonReader(text, Options);
            while (reader.Read())
            {
            }

            return null;
        }

        protected override byte[] Write(byte[] dom) => _writer.Write(dom, Copy);

        private static void Copy(Utf8JsonWriter writer, byte[] text)
        {
            var reader = new Utf8JsonReader(text, Options);
            while (reader.Read())
            {
                switch (reader.TokenType)
                {
                    case JsonTokenType.StartObject: writer.WriteStartObject(); break;
                    case JsonTokenType.EndObject: writer.WriteEndObject(); break;
                    case JsonTokenType.StartArray: writer.WriteStartArray(); break;
                    case JsonTokenType.EndArray: writer.WriteEndArray(); break;
                    // The writer takes unescaped text and escapes it its own way; escaped input (rare) is unescaped first.
                    case JsonTokenType.PropertyName when reader.ValueIsEscaped: writer.WritePropertyName(reader.GetString()!); break;
                    case JsonTokenType.PropertyName: writer.WritePropertyName(reader.ValueSpan); break;
                    case JsonTokenType.String when reader.ValueIsEscaped: writer.WriteStringValue(reader.GetString()); break;
                    case JsonTokenType.String: writer.WriteStringValue(reader.ValueSpan); break;
                    // Numbers go through as written, as JsonDocument and JsonNode keep their text.
                    case JsonTokenType.Number: writer.WriteRawValue(reader.ValueSpan, skipInputValidation: true); break;
                    case JsonTokenType.True: writer.WriteBooleanValue(true); break;
                    case JsonTokenType.False: writer.WriteBooleanValue(false); break;
                    case JsonTokenType.Null: writer.WriteNullValue(); break;
                }
            }

        }
    }
}
