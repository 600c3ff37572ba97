using SerBench.Core.Contenders;
using SerBench.Core.Studies;

namespace SerBench.Core.Verification;

/// <summary>
/// A case's stream or pipe path after the gate: null <see cref="Codec"/> when the contender has none (both outcomes say
/// why). <see cref="FormMatters"/>: JSON, whose other bytes are another document; a binary format's are not (MemoryPack
/// copies a DateTimeOffset's padding, which varies).
/// </summary>
internal sealed record AsyncCase<TValue>(AsyncCodec<TValue>? Codec, GateOutcome Write, GateOutcome Read, bool FormMatters = true) where TValue : class
{
    public GateOutcome For(Operation operation) => operation.Writes() ? Write : Read;
}

/// <summary>
/// The gate of the stream and pipe cells, after the buffered gate: the path must get the bytes the buffered call returned
/// (or, when they differ, bytes that read back to the same data), and reading the buffered payload through it must give
/// back the model.
/// </summary>
internal static class AsyncGate
{
    public static AsyncCase<TValue> Check<TValue>(Contender contender, AsyncPath path, JsonConventions conventions, GateOutcome buffered, TValue[] values,
        object[] payloads, IRoundTripJudge judge, Func<int, string> root) where TValue : class
    {
        var (codec, refusal) = Create(() => contender.CreateAsyncCodec<TValue>(path, conventions), $"creating the {Name(path)} serializer", contender);
        if (codec is null)
        {
            return new(null, refusal!, refusal!);
        }

        var formMatters = contender.Format == PayloadFormat.Json;
        return new(codec, Written(codec, path, buffered.For(Operation.Serialize), values, payloads, judge, root, formMatters),
            Read(codec, path, buffered.IsTimed ? buffered : GateOutcome.Ok, values, payloads, judge, root), formMatters);
    }

    /// <summary>The item stream of a list case: read only, so both outcomes are the read's.</summary>
    public static AsyncCase<List<TItem>> CheckItems<TItem>(Contender contender, JsonConventions conventions, GateOutcome buffered, List<TItem> list,
        object[] payloads, IRoundTripJudge judge) where TItem : class
    {
        var (codec, refusal) = Create<AsyncCodec<List<TItem>>>(() => contender.CreateItemStreamCodec<TItem>(conventions), "creating the item stream reader", contender);
        if (codec is null)
        {
            return new(null, refusal!, refusal!);
        }

        var read = Read(codec, AsyncPath.Items, buffered.IsTimed ? buffered : GateOutcome.Ok, [list], payloads, judge, _ => "$");
        return new(codec, read, read);
    }

    // The codec, or why there is none: UNSUPPORTED with the library's reason, or CRASH with what it threw.
    private static (TCodec? Codec, GateOutcome? Refusal) Create<TCodec>(Func<TCodec> create, string stage, Contender contender) where TCodec : class
    {
        try
        {
            return (create(), null);
        }
        catch (NotSupportedException exception)
        {
            return (null, new GateOutcome(VerificationStatus.Unsupported, Running.ExceptionText.FirstLine(exception.Message)));
        }
#pragma warning disable CA1031 // A contender may throw anything; the gate records it instead of stopping the run.
        catch (Exception exception)
#pragma warning restore CA1031
        {
            return (null, GateOutcome.CrashFrom(stage, exception, contender.Name));
        }
    }

    private static string Name(AsyncPath path) => path switch
    {
        AsyncPath.Stream => "stream",
        AsyncPath.Pipe => "pipe",
        _ => "items",
    };

#pragma warning disable CA1031 // A contender may throw anything; what it throws is this cell's outcome, not the run's.
    /// <summary>The buffered serialize's outcome when every call got its bytes.</summary>
    public static GateOutcome Written<TValue>(AsyncCodec<TValue> codec, AsyncPath path, GateOutcome buffered, TValue[] values, object[] payloads,
        IRoundTripJudge judge, Func<int, string> root, bool formMatters) where TValue : class
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
                return GateOutcome.CrashFrom($"serialize-{Name(path)}", exception);
            }

            if (i < payloads.Length && Codec<TValue>.PayloadBytes(payloads[i]).Span.SequenceEqual(written))
            {
                continue;
            }

            try
            {
                if (judge.Loss(values[i], codec.Read(written), root(i)) is { } loss)
                {
                    return new GateOutcome(VerificationStatus.Mismatch, $"serialize-{Name(path)} changed the data: " + loss);
                }
            }
            catch (Exception exception)
            {
                return new GateOutcome(VerificationStatus.Mismatch, $"what serialize-{Name(path)} wrote cannot be read back: " + Running.ExceptionText.Describe(exception));
            }

            if (formMatters)
            {
                outcome = new GateOutcome(VerificationStatus.Differs, $"the {Name(path)} got another JSON document than the buffered call returned; it reads back to the same data");
            }
        }

        return outcome;
    }

    /// <summary><paramref name="buffered"/> when every payload read through the path gives back its value.</summary>
    public static GateOutcome Read<TValue>(AsyncCodec<TValue> codec, AsyncPath path, GateOutcome buffered, TValue[] values, object[] payloads,
        IRoundTripJudge judge, Func<int, string> root) where TValue : class
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
                return GateOutcome.CrashFrom($"deserialize-{Name(path)}", exception);
            }

            if (judge.Loss(values[i], back, root(i)) is { } loss)
            {
                return new GateOutcome(VerificationStatus.Mismatch, $"deserialize-{Name(path)} changed the data: " + loss);
            }
        }

        return buffered;
    }
#pragma warning restore CA1031
}
