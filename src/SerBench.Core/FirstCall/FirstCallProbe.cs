using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using SerBench.Core.Contenders;
using SerBench.Core.Payloads;

namespace SerBench.Core.FirstCall;

internal sealed record FirstCallSample(double CreateMicroseconds, double SerializeMicroseconds, double DeserializeMicroseconds)
{
    public double TotalMicroseconds => CreateMicroseconds + SerializeMicroseconds + DeserializeMicroseconds;
}

/// <summary>Only meaningful as the first thing a fresh process does with that serializer (fairness rule 5).</summary>
internal static class FirstCallProbe
{
    public static FirstCallSample Measure(Contender contender, JsonConventions conventions, PayloadModel payload) =>
        payload.Accept(new ProbeVisitor(contender, conventions));

    private sealed class ProbeVisitor(Contender contender, JsonConventions conventions) : IPayloadModelVisitor<FirstCallSample>
    {
        public FirstCallSample Visit<T>(PayloadModel<T> model) where T : class
        {
            if (model.Document is { } document)
            {
                return ReadThenWrite(model, document);
            }

            // An app using MemoryPack pays its registration when it first touches the model; any other library's would not.
            var initialized = contender.InitializesModels ? Timed(() => Initialize(typeof(T))) : 0;
            // From the agent's snapshot where it keeps one: reading it runs neither Bogus nor System.Text.Json.
            var value = PayloadSnapshots.Load(model, 1, PayloadModel.DefaultSeed, PayloadSnapshots.Folder)[0];
            var start = Stopwatch.GetTimestamp() - initialized;
            var codec = contender.CreateCodec<T>(conventions);
            var created = Stopwatch.GetTimestamp();
            // Built off the clock: a pack's own model is mapped here, as it is before the steady-state loop.
            var serialize = codec.FirstSerialize(value);
            var beforeSerialize = Stopwatch.GetTimestamp();
            var payload = serialize()!;
            var serialized = Stopwatch.GetTimestamp();
            var deserialize = codec.FirstDeserialize(payload);
            var beforeDeserialize = Stopwatch.GetTimestamp();
            GC.KeepAlive(deserialize());
            var deserialized = Stopwatch.GetTimestamp();
            return Sample((start, created), (beforeSerialize, serialized), (beforeDeserialize, deserialized));
        }

        [UnconditionalSuppressMessage("Trimming", "IL2059", Justification = "The payload's objects are built right after: their type's static constructor is kept.")]
        private static void Initialize(Type type) => RuntimeHelpers.RunClassConstructor(type.TypeHandle);

        private static long Timed(Action action)
        {
            var start = Stopwatch.GetTimestamp();
            action();
            return Stopwatch.GetTimestamp() - start;
        }

        private static FirstCallSample Sample((long From, long To) create, (long From, long To) serialize, (long From, long To) deserialize) => new(
            Stopwatch.GetElapsedTime(create.From, create.To).TotalMicroseconds,
            Stopwatch.GetElapsedTime(serialize.From, serialize.To).TotalMicroseconds,
            Stopwatch.GetElapsedTime(deserialize.From, deserialize.To).TotalMicroseconds);

        // The user's document, read by the contender itself and written back: no other library touches the process first.
        private FirstCallSample ReadThenWrite<T>(PayloadModel<T> model, byte[] document) where T : class
        {
            var start = Stopwatch.GetTimestamp();
            var codec = contender.CreateCodec<T>(conventions);
            var created = Stopwatch.GetTimestamp();
            object text = codec is Codec<T, string> ? System.Text.Encoding.UTF8.GetString(document) : document;
            var deserialize = codec.FirstDeserialize(text);
            var beforeDeserialize = Stopwatch.GetTimestamp();
            var read = deserialize() ?? throw new InvalidOperationException($"{contender.Name} read {model.Name} as null");
            var deserialized = Stopwatch.GetTimestamp();
            // A pack that reads into its own model maps back off the clock.
            var value = read as T ?? codec.DeserializeUntyped(text);
            var serialize = codec.FirstSerialize(value);
            var beforeSerialize = Stopwatch.GetTimestamp();
            GC.KeepAlive(serialize());
            var serialized = Stopwatch.GetTimestamp();
            return Sample((start, created), (beforeSerialize, serialized), (beforeDeserialize, deserialized));
        }
    }
}
