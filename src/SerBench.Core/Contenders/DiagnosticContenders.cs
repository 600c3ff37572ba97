using System.Reflection;
using System.Runtime.CompilerServices;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace SerBench.Core.Contenders;

/// <summary>Contenders that misbehave on purpose, to prove that SerBench survives them; see <see cref="ContenderRegistry.Selectable"/>.</summary>
internal static class DiagnosticContenders
{
    public static IReadOnlyList<Contender> All { get; } =
    [
        new ProcessCrash("diagnostic-process-crash", callsBeforeCrash: 50, "kills its process while measured (fault-isolation check)"),
        new ProcessCrash("diagnostic-gate-crash", callsBeforeCrash: 0, "kills its process on its first call, in the correctness gate (fault-isolation check)"),
        new RecursiveDom(),
    ];

    /// <summary>Fails fast after a number of serialize calls, as a stack overflow or invalid emitted IL would: 50 pass the gate, 0 do not.</summary>
    private sealed class ProcessCrash(string name, int callsBeforeCrash, string note)
        : Contender(name, "SerBench diagnostics", PayloadFormat.Json, TextMode.Utf8, Generation.HandWritten, note)
    {
        private int _calls;

        protected override Assembly LibraryAssembly => typeof(Contender).Assembly;

        public override bool NeedsProcessIsolation => true;

        public override Codec<T> CreateCodec<T>(JsonConventions conventions)
        {
            var inner = new SystemTextJsonReflectionUtf8().CreateCodec<T>(conventions);
            return new DelegateCodec<T, byte[]>(
                value =>
                {
                    if (Interlocked.Increment(ref _calls) > callsBeforeCrash)
                    {
                        Environment.FailFast("SerBench diagnostic: simulated fatal serializer error");
                    }

                    return (byte[])inner.SerializeUntyped(value);
                },
                payload => inner.DeserializeUntyped(payload));
        }
    }

    /// <summary>Recursive descent with no depth limit, as many hand-written parsers: overflows the stack on deep nesting.</summary>
    private sealed class RecursiveDom() : Documents.DocumentContender("diagnostic-recursive-dom", "SerBench diagnostics", TextMode.Utf8,
        "recursive-descent DOM without a depth limit: overflows the stack on deep nesting (fault-isolation check)")
    {
        protected override Assembly LibraryAssembly => typeof(Contender).Assembly;

        public override bool NeedsProcessIsolation => true;

        protected override Codec<UserData.JsonData> CreateDocumentCodec() => new RecursiveCodec();

        private sealed class RecursiveCodec : Documents.DocumentCodec<JsonNode?, byte[]>
        {
            protected override JsonNode? Parse(byte[] text)
            {
                var reader = new Utf8JsonReader(text, new JsonReaderOptions { MaxDepth = int.MaxValue });
                reader.Read();
                return Read(ref reader);
            }

            protected override byte[] Write(JsonNode? dom) => Encoding.UTF8.GetBytes(dom?.ToJsonString() ?? "null");

            [MethodImpl(MethodImplOptions.NoInlining)]
            private static JsonNode? Read(ref Utf8JsonReader reader)
            {
                // A frame the size of a real parser's, so the stack runs out at a depth where one's would.
                Span<byte> frame = stackalloc byte[256];
                frame[0] = (byte)reader.TokenType;
                switch ((JsonTokenType)frame[0])
                {
                    case JsonTokenType.StartArray:
                        var array = new JsonArray();
                        while (reader.Read() && reader.TokenType != JsonTokenType.EndArray)
                        {
                            array.Add(Read(ref reader));
                        }

                        return array;
                    case JsonTokenType.StartObject:
                        var obj = new JsonObject();
                        while (reader.Read() && reader.TokenType != JsonTokenType.EndObject)
                        {
                            var name = reader.GetString()!;
                            reader.Read();
                            obj[name] = Read(ref reader);
                        }

                        return obj;
                    default:
                        return JsonNode.Parse(ref reader);
                }
            }
        }
    }
}
