using SerBench.Core.Contenders;
using SerBench.Core.Studies;

namespace SerBench.Core.Verification;

/// <summary>A case's stream path after the gate: null <see cref="Codec"/> when the contender has none (both outcomes say why).</summary>
internal sealed record StreamCase<TValue>(StreamCodec<TValue>? Codec, GateOutcome Write, GateOutcome Read) where TValue : class
{
    public GateOutcome For(Operation operation) => operation == Operation.SerializeStream ? Write : Read;
}

/// <summary>
/// The gate of the stream cells, after the buffered gate: a stream must get the bytes the buffered call returned (or,
/// when they differ, bytes that read back to the same data), and reading the buffered payload from a stream must give
/// back the model.
/// </summary>
internal static class StreamGate
{
    public static StreamCase<TValue> Check<TValue>(Contender contender, JsonConventions conventions, GateOutcome buffered, TValue[] values,
        object[] payloads, IRoundTripJudge judge, Func<int, string> root) where TValue : class
    {
        StreamCodec<TValue> codec;
        try
        {
            codec = contender.CreateStreamCodec<TValue>(conventions);
        }
        catch (NotSupportedException exception)
        {
            var unsupported = new GateOutcome(VerificationStatus.Unsupported, Running.ExceptionText.FirstLine(exception.Message));
            return new(null, unsupported, unsupported);
        }
#pragma warning disable CA1031 // A contender may throw anything; the gate records it instead of stopping the run.
        catch (Exception exception)
#pragma warning restore CA1031
        {
            var crash = GateOutcome.CrashFrom("creating the stream serializer", exception, contender.Name);
            return new(null, crash, crash);
        }

        return new(codec, Written(codec, buffered.For(Operation.Serialize), values, payloads, judge, root),
            Read(codec, buffered.IsTimed ? buffered : GateOutcome.Ok, values, payloads, judge, root));
    }

#pragma warning disable CA1031 // A contender may throw anything; what it throws is this cell's outcome, not the run's.
    /// <summary>The buffered serialize's outcome when every stream got its bytes.</summary>
    public static GateOutcome Written<TValue>(StreamCodec<TValue> codec, GateOutcome buffered, TValue[] values, object[] payloads, IRoundTripJudge judge,
        Func<int, string> root) where TValue : class
    {
        var outcome = buffered;
        for (var i = 0; i < values.Length; i++)
        {
            byte[] written;
            try
            {
                written = codec.Write(values[i]);
            }
            catch (Exception exception)
            {
                return GateOutcome.CrashFrom("serialize-stream", exception);
            }

            if (i < payloads.Length && Codec<TValue>.PayloadBytes(payloads[i]).Span.SequenceEqual(written))
            {
                continue;
            }

            try
            {
                if (judge.Loss(values[i], codec.Read(written), root(i)) is { } loss)
                {
                    return new GateOutcome(VerificationStatus.Mismatch, "serialize-stream changed the data: " + loss);
                }
            }
            catch (Exception exception)
            {
                return new GateOutcome(VerificationStatus.Mismatch, "what serialize-stream wrote cannot be read back: " + Running.ExceptionText.Describe(exception));
            }

            outcome = new GateOutcome(VerificationStatus.Differs, "the stream got other bytes than the buffered call returned; they read back to the same data");
        }

        return outcome;
    }

    /// <summary><paramref name="buffered"/> when every payload read from a stream gives back its value.</summary>
    public static GateOutcome Read<TValue>(StreamCodec<TValue> codec, GateOutcome buffered, TValue[] values, object[] payloads, IRoundTripJudge judge,
        Func<int, string> root) where TValue : class
    {
        for (var i = 0; i < payloads.Length; i++)
        {
            TValue back;
            try
            {
                back = codec.Read(Codec<TValue>.PayloadBytes(payloads[i]));
            }
            catch (Exception exception)
            {
                return GateOutcome.CrashFrom("deserialize-stream", exception);
            }

            if (judge.Loss(values[i], back, root(i)) is { } loss)
            {
                return new GateOutcome(VerificationStatus.Mismatch, "deserialize-stream changed the data: " + loss);
            }
        }

        return buffered;
    }
#pragma warning restore CA1031
}
