using System.Diagnostics;
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
            // From the agent's snapshot where it keeps one: reading it runs neither Bogus nor System.Text.Json.
            var value = PayloadSnapshots.Load(model, 1, PayloadModel.DefaultSeed, PayloadSnapshots.Folder)[0];
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
