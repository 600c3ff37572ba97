using SerBench.Core.Payloads;
using SerBench.Core.Sizes;
using SerBench.Core.Studies;

namespace SerBench.Core.Verification;

/// <summary>One contender on one workload after the gate, with what the measured closures need.</summary>
internal abstract class PreparedCase(GateOutcome outcome, PayloadSizes? sizes) : IDisposable
{
    public GateOutcome Outcome { get; } = outcome;

    /// <summary>All N payloads for the many shape; null when nothing was written.</summary>
    public PayloadSizes? Sizes { get; } = sizes;

    public long? PayloadBytes => Sizes?.Bytes;

    public virtual GateOutcome OutcomeFor(Operation operation) => Outcome.For(operation);

    /// <summary>Only valid when <see cref="OutcomeFor"/> is timed.</summary>
    public abstract Func<object?> CreateBody(Operation operation);

    /// <summary>What one call keeps alive at most, where a list is also read item by item; null elsewhere. Forces collections: outside timing.</summary>
    public virtual long? PeakLiveBytes(Operation operation) => null;

    /// <summary>Operations of each object in one call of the operation's body (a threads cell's calls per thread); its time is divided by it.</summary>
    public virtual int CallsPerBody(Operation operation) => 1;

    /// <summary>Stops what the bodies started (a threads cell's workers).</summary>
    public virtual void Dispose()
    {
    }

    /// <summary>
    /// The operation done again by the same codec, after its timed calls, and held to the gate: the bytes to the gate's
    /// bytes (when they differ, both read back and compared as data), an object read to the model. Only valid when timed.
    /// </summary>
    public abstract CheckedAgain CheckAgain(Operation operation);

    public static PreparedCase Failed(GateOutcome outcome) => new FailedCase(outcome);

    private sealed class FailedCase(GateOutcome outcome) : PreparedCase(outcome, null)
    {
        public override Func<object?> CreateBody(Operation operation) =>
            throw new InvalidOperationException($"A {Outcome.Label} case is not measured.");

        public override CheckedAgain CheckAgain(Operation operation) =>
            throw new InvalidOperationException($"A {Outcome.Label} case is not measured.");
    }
}

/// <summary>What <see cref="PreparedCase.CheckAgain"/> found: <see cref="Change"/> null when the data held.</summary>
internal sealed record CheckedAgain(GateOutcome? Change, bool BytesVary);

/// <summary>The gate's rule for a value read back: the first change of data, or null.</summary>
internal interface IRoundTripJudge
{
    string? Loss<TValue>(TValue expected, TValue actual, string root) where TValue : class;
}

internal sealed class PreparedCase<T>(
    GateOutcome outcome,
    PayloadSizes sizes,
    Shape shape,
    T[] items,
    Contenders.Codec<T>? itemCodec,
    Contenders.Codec<List<T>>? listCodec,
    object[] payloads,
    IRoundTripJudge judge,
    IReadOnlyDictionary<Contenders.AsyncPath, AsyncCase<T>>? itemPaths = null,
    IReadOnlyDictionary<Contenders.AsyncPath, AsyncCase<List<T>>>? listPaths = null) : PreparedCase(outcome, sizes) where T : class
{
    private static readonly GateOutcome NotInStudy = new(VerificationStatus.Unsupported, "the study has no cells of this path");

    private static readonly GateOutcome NotAList = new(VerificationStatus.Unsupported, "reading item by item needs a JSON array: a list case");

    public override GateOutcome OutcomeFor(Operation operation) => operation.AsyncPathOf() is { } path
        ? (shape == Shape.List ? listPaths?.GetValueOrDefault(path)?.For(operation) : itemPaths?.GetValueOrDefault(path)?.For(operation))
          ?? (path == Contenders.AsyncPath.Items && Outcome.IsTimed ? NotAList : NotInStudy)
        : base.OutcomeFor(operation);

    public override Func<object?> CreateBody(Operation operation) => (shape, operation.AsyncPathOf()) switch
    {
        (Shape.List, { } path) => AsyncBody(listPaths![path].Codec!, [[.. items]], operation),
        (Shape.Many, { } path) => AsyncBody(itemPaths![path].Codec!, items, operation),
        (_, { } path) => AsyncBody(itemPaths![path].Codec!, [items[0]], operation),
        (Shape.Threads, null) => Parallel(operation).Call,
        _ => BufferedBody(operation),
    };

    private readonly Dictionary<Operation, Measurement.ParallelCalls> _parallel = [];

    // Every 1,000 items: 10 full collections for 10,000 Persons, once, in the gate's process.
    private const int PeakSampleEvery = 1_000;

    public override long? PeakLiveBytes(Operation operation)
    {
        if (shape != Shape.List || listPaths?.GetValueOrDefault(Contenders.AsyncPath.Items) is not { Codec: Contenders.ItemStreamCodec<T> items } || !OutcomeFor(operation).IsTimed)
        {
            return null;
        }

        var bytes = Contenders.Codec<T>.PayloadBytes(payloads[0]).ToArray();
        switch (operation)
        {
            case Operation.DeserializeItems:
                return items.PeakLiveBytes(bytes, int.MaxValue, PeakSampleEvery);
            case Operation.FirstItem:
                return items.PeakLiveBytes(bytes, 1, PeakSampleEvery);
            case Operation.Deserialize:
                var baseline = GC.GetTotalMemory(forceFullCollection: true);
                var whole = listCodec!.DeserializeUntyped(payloads[0]);
                var peak = GC.GetTotalMemory(forceFullCollection: true) - baseline;
                GC.KeepAlive(whole);
                return peak;
            default:
                return null;
        }
    }

    public override int CallsPerBody(Operation operation) => _parallel.TryGetValue(operation, out var parallel) ? parallel.CallsPerThread : 1;

    public override void Dispose()
    {
        foreach (var parallel in _parallel.Values)
        {
            parallel.Dispose();
        }

        _parallel.Clear();
    }

    // Each thread its own object (the gate's row read again) or its own copy of the payload; the codec is shared.
    private Measurement.ParallelCalls Parallel(Operation operation)
    {
        var parallel = new Measurement.ParallelCalls([.. items.Select(item => operation switch
        {
            Operation.Serialize => itemCodec!.SerializeOne(item),
            Operation.Deserialize => itemCodec!.DeserializeOne(Copy(payloads[0])),
            Operation.RoundTrip => itemCodec!.RoundTripOne(item),
            _ => throw new ArgumentOutOfRangeException(nameof(operation), operation, null),
        })]);
        _parallel[operation] = parallel;
        return parallel;
    }

    private static object Copy(object payload) => payload switch
    {
        byte[] bytes => bytes.Clone(),
        string text => new string(text.AsSpan()),
        _ => payload,
    };

    private Func<object?> AsyncBody<TValue>(Contenders.AsyncCodec<TValue> codec, TValue[] values, Operation operation) where TValue : class
    {
        if (operation.Writes())
        {
            return codec.SerializeEach(values);
        }

        byte[][] read = [.. payloads.Take(values.Length).Select(p => Contenders.Codec<T>.PayloadBytes(p).ToArray())];
        return operation == Operation.FirstItem ? codec.FirstEach(read) : codec.DeserializeEach(read);
    }

    private Func<object?> BufferedBody(Operation operation) => (shape, operation) switch
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

    // The same values, payloads and paths as the gate's (Verifier, AsyncGate).
    public override CheckedAgain CheckAgain(Operation operation) => (shape, operation.AsyncPathOf()) switch
    {
        (Shape.List, { } path) => CheckAsyncAgain(listPaths![path], path, [[.. items]], operation, _ => "$"),
        (Shape.Many, { } path) => CheckAsyncAgain(itemPaths![path], path, items, operation, i => $"$[{i}]"),
        (_, { } path) => CheckAsyncAgain(itemPaths![path], path, [items[0]], operation, _ => "$"),
        _ => CheckBufferedAgain(operation),
    };

    private CheckedAgain CheckAsyncAgain<TValue>(AsyncCase<TValue> checkedCase, Contenders.AsyncPath path, TValue[] values, Operation operation, Func<int, string> root)
        where TValue : class
    {
        var now = operation.Writes()
            ? AsyncGate.Written(checkedCase.Codec!, path, checkedCase.Write, values, payloads, judge, root, checkedCase.FormMatters)
            : AsyncGate.Read(checkedCase.Codec!, path, checkedCase.Read, values, payloads, judge, root);
        return new CheckedAgain(now.IsTimed ? null : now, BytesVary: false);
    }

    private CheckedAgain CheckBufferedAgain(Operation operation) => shape switch
    {
        Shape.List => CheckAgain(listCodec!, [[.. items]], operation, _ => "$"),
        Shape.Many => CheckAgain(itemCodec!, items, operation, i => $"$[{i}]"),
        _ => CheckAgain(itemCodec!, [items[0]], operation, _ => "$"),
    };

    private CheckedAgain CheckAgain<TValue>(Contenders.Codec<TValue> codec, TValue[] values, Operation operation, Func<int, string> root) where TValue : class
    {
        var bytesVary = false;
        for (var i = 0; i < values.Length; i++)
        {
            var (change, varied) = operation switch
            {
                Operation.Serialize => Written(codec, payloads[i], values[i], root(i)),
                Operation.Deserialize => (Read("deserialize", () => codec.DeserializeUntyped(payloads[i]), values[i], root(i)), false),
                Operation.RoundTrip => (Read("round trip", () => codec.DeserializeUntyped(codec.SerializeUntyped(values[i])), values[i], root(i)), false),
                _ => throw new ArgumentOutOfRangeException(nameof(operation), operation, null),
            };
            if (change is not null)
            {
                return new CheckedAgain(change, bytesVary || varied);
            }

            bytesVary |= varied;
        }

        return new CheckedAgain(null, bytesVary);
    }

#pragma warning disable CA1031 // A contender may throw anything; what it throws now is this cell's outcome, not the run's.
    // Bytes that differ are judged by what they hold: MemoryPack copies a DateTimeOffset with its padding, zero at first, not later.
    private (GateOutcome? Change, bool BytesVary) Written<TValue>(Contenders.Codec<TValue> codec, object gated, TValue value, string root) where TValue : class
    {
        object now;
        try
        {
            now = codec.SerializeUntyped(value);
        }
        catch (Exception exception)
        {
            return (GateOutcome.CrashFrom("serialize", exception), false);
        }

        if (Contenders.Codec<TValue>.PayloadBytes(gated).Span.SequenceEqual(Contenders.Codec<TValue>.PayloadBytes(now).Span))
        {
            return (null, false);
        }

        TValue was;
        try
        {
            was = codec.DeserializeUntyped(gated);
        }
        catch (Exception)
        {
            // Its reader fails on its own gated output too (the serialize cells alone are timed): the data cannot be told apart.
            return (null, true);
        }

        try
        {
            return judge.Loss(was, codec.DeserializeUntyped(now), root) is { } loss
                ? (new GateOutcome(VerificationStatus.Mismatch, "output changed the data: " + loss), true)
                : (null, true);
        }
        catch (Exception exception)
        {
            return (new GateOutcome(VerificationStatus.Mismatch, "output can no longer be read back: " + Running.ExceptionText.Describe(exception)), true);
        }
    }

    private GateOutcome? Read<TValue>(string stage, Func<TValue> read, TValue expected, string root) where TValue : class
    {
        TValue back;
        try
        {
            back = read();
        }
        catch (Exception exception)
        {
            return GateOutcome.CrashFrom(stage, exception);
        }

        return judge.Loss(expected, back, root) is { } loss ? new GateOutcome(VerificationStatus.Mismatch, stage + " changed the data: " + loss) : null;
    }
#pragma warning restore CA1031
}
