using System.Diagnostics;
using SerBench.Core.Contenders;
using SerBench.Core.Payloads;

namespace SerBench.Core.FirstCall;

/// <summary>What one fresh process measured: the cost of the very first use of a serializer, in microseconds.</summary>
/// <param name="CreateMicroseconds">Building the codec (options, contexts, serializer instances).</param>
/// <param name="SerializeMicroseconds">The first serialize call: JIT, reflection or generated metadata, caches.</param>
/// <param name="DeserializeMicroseconds">The first deserialize call of what was just written.</param>
internal sealed record FirstCallSample(double CreateMicroseconds, double SerializeMicroseconds, double DeserializeMicroseconds)
{
    public double TotalMicroseconds => CreateMicroseconds + SerializeMicroseconds + DeserializeMicroseconds;
}

/// <summary>
/// Runs inside a fresh process (fairness rule 5: first-call cost is measured apart from steady state). The payload is
/// generated before the clock starts; then codec creation, the first serialize and the first deserialize are timed.
/// Only meaningful as the first thing the process does with that serializer: <c>serbench first-call</c> starts a new
/// process for every sample.
/// </summary>
internal static class FirstCallProbe
{
    public static FirstCallSample Measure(Contender contender, JsonConventions conventions, PayloadModel payload) =>
        payload.Accept(new ProbeVisitor(contender, conventions));

    private sealed class ProbeVisitor(Contender contender, JsonConventions conventions) : IPayloadModelVisitor<FirstCallSample>
    {
        public FirstCallSample Visit<T>(PayloadModel<T> model) where T : class
        {
            var value = model.Generate(1)[0];
            var start = Stopwatch.GetTimestamp();
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
            return new FirstCallSample(
                Stopwatch.GetElapsedTime(start, created).TotalMicroseconds,
                Stopwatch.GetElapsedTime(beforeSerialize, serialized).TotalMicroseconds,
                Stopwatch.GetElapsedTime(beforeDeserialize, deserialized).TotalMicroseconds);
        }
    }
}
