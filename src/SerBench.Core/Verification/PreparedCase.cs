using SerBench.Core.Payloads;
using SerBench.Core.Sizes;
using SerBench.Core.Studies;

namespace SerBench.Core.Verification;

/// <summary>
/// One contender on one workload after the correctness gate: the outcome, the payload size, and everything needed
/// to build the measured closures (codec, distinct input objects, serialized payloads).
/// </summary>
internal abstract class PreparedCase(GateOutcome outcome, PayloadSizes? sizes)
{
    public GateOutcome Outcome { get; } = outcome;

    /// <summary>Size of the whole workload's output (all N payloads for the many shape); null when nothing was written.</summary>
    public PayloadSizes? Sizes { get; } = sizes;

    /// <summary>Bytes on the wire for the whole workload; null when nothing was written.</summary>
    public long? PayloadBytes => Sizes?.Bytes;

    /// <summary>The outcome of one operation: serialize can be timed when only reading failed (<see cref="GateOutcome.Written"/>).</summary>
    public GateOutcome OutcomeFor(Operation operation) => Outcome.For(operation);

    /// <summary>The closure BenchmarkDotNet times for one operation; only valid when <see cref="OutcomeFor"/> is timed.</summary>
    public abstract Func<object?> CreateBody(Operation operation);

    public static PreparedCase Failed(GateOutcome outcome) => new FailedCase(outcome);

    private sealed class FailedCase(GateOutcome outcome) : PreparedCase(outcome, null)
    {
        public override Func<object?> CreateBody(Operation operation) =>
            throw new InvalidOperationException($"A {Outcome.Label} case is not measured.");
    }
}

/// <summary>A verified case of model <typeparamref name="T"/>.</summary>
internal sealed class PreparedCase<T>(
    GateOutcome outcome,
    PayloadSizes sizes,
    Shape shape,
    T[] items,
    Contenders.Codec<T>? itemCodec,
    Contenders.Codec<List<T>>? listCodec,
    object[] payloads) : PreparedCase(outcome, sizes) where T : class
{
    public override Func<object?> CreateBody(Operation operation) => (shape, operation) switch
    {
        (Shape.List, Operation.Serialize) => listCodec!.SerializeOne([.. items]),
        (Shape.List, Operation.Deserialize) => listCodec!.DeserializeOne(payloads[0]),
        (Shape.List, Operation.RoundTrip) => listCodec!.RoundTripOne([.. items]),
        (Shape.Many, Operation.Serialize) => itemCodec!.SerializeEach(items),
        (Shape.Many, Operation.Deserialize) => itemCodec!.DeserializeEach(payloads),
        (Shape.Many, Operation.RoundTrip) => itemCodec!.RoundTripEach(items),
        (_, Operation.Serialize) => itemCodec!.SerializeOne(items[0]),
        (_, Operation.Deserialize) => itemCodec!.DeserializeOne(payloads[0]),
        (_, Operation.RoundTrip) => itemCodec!.RoundTripOne(items[0]),
        _ => throw new ArgumentOutOfRangeException(nameof(operation), operation, null),
    };
}
