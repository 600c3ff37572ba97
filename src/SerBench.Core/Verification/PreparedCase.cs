using SerBench.Core.Payloads;
using SerBench.Core.Sizes;
using SerBench.Core.Studies;

namespace SerBench.Core.Verification;

/// <summary>One contender on one workload after the gate, with what the measured closures need.</summary>
internal abstract class PreparedCase(GateOutcome outcome, PayloadSizes? sizes)
{
    public GateOutcome Outcome { get; } = outcome;

    /// <summary>All N payloads for the many shape; null when nothing was written.</summary>
    public PayloadSizes? Sizes { get; } = sizes;

    public long? PayloadBytes => Sizes?.Bytes;

    public GateOutcome OutcomeFor(Operation operation) => Outcome.For(operation);

    /// <summary>Only valid when <see cref="OutcomeFor"/> is timed.</summary>
    public abstract Func<object?> CreateBody(Operation operation);

    public static PreparedCase Failed(GateOutcome outcome) => new FailedCase(outcome);

    private sealed class FailedCase(GateOutcome outcome) : PreparedCase(outcome, null)
    {
        public override Func<object?> CreateBody(Operation operation) =>
            throw new InvalidOperationException($"A {Outcome.Label} case is not measured.");
    }
}

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
