using System.Collections.Immutable;
using System.Diagnostics;
using SerBench.Core.Measurement;
using SerBench.Core.Results;
using SerBench.Core.Studies;
using SerBench.Core.Verification;

namespace SerBench.Core.Running;

/// <summary>Gates and measures one process's cases; ratios are the parent's, which sees every contender.</summary>
internal sealed class CaseMeasurer(IMeasurer measurer)
{
    public IEnumerable<ResultCell> Measure(PlannedCase planned, MeasurementProfile profile, CancellationToken cancellation) =>
        Measure([planned], profile, cancellation);

    /// <summary>Every case's gate first, then every timed cell warmed together (<see cref="IMeasurer.WarmTogether"/>), then each measured.</summary>
    public IEnumerable<ResultCell> Measure(IReadOnlyList<PlannedCase> cases, MeasurementProfile profile, CancellationToken cancellation, bool passed = false)
    {
        var timed = new List<(ResultCell Cell, Func<object?> Body, string Label)>();
        foreach (var planned in cases)
        {
            if (cancellation.IsCancellationRequested)
            {
                yield break;
            }

            var gateWatch = Stopwatch.StartNew();
            var prepared = Gate.Prepare(planned, profile.Compressions, passed);
            var gateSeconds = Math.Round(gateWatch.Elapsed.TotalSeconds, 3);
            foreach (var operation in planned.Operations)
            {
                var cell = Describe(planned, prepared, operation) with { Seconds = operation == planned.Operations[0] ? gateSeconds : 0 };
                if (prepared.OutcomeFor(operation).IsTimed)
                {
                    timed.Add((cell, prepared.CreateBody(operation), PlannedCells.Label(planned, operation)));
                }
                else
                {
                    yield return cell;
                }
            }
        }

        if (timed.Count == 0 || cancellation.IsCancellationRequested)
        {
            yield break;
        }

        // What each body gives right after its gate, to hold its output to once it is timed.
        var before = timed.Select(t => Output(t.Body)).ToList();
        // The shared warm-up's time is shared equally among the cells it warmed.
        var warmWatch = Stopwatch.StartNew();
        var faults = measurer.WarmTogether([.. timed.Select(t => t.Body)], profile);
        var warmSecondsEach = warmWatch.Elapsed.TotalSeconds / timed.Count;
        for (var i = 0; i < timed.Count; i++)
        {
            if (cancellation.IsCancellationRequested)
            {
                yield break;
            }

            var (cell, body, label) = timed[i];
            var watch = Stopwatch.StartNew();
            var result = faults[i] is { } fault ? Crashed(cell, MeasurementException.Threw(fault)) : Measure(cell, body, label, profile);
            if (result.MeanNs is not null && Changed(before[i], Output(body)) is { } change)
            {
                result = cell with { Status = VerificationStatus.Mismatch, Reason = "correct before measuring, wrong after it was timed: " + change };
            }

            yield return result with { Seconds = Math.Round((cell.Seconds ?? 0) + warmSecondsEach + watch.Elapsed.TotalSeconds, 3) };
        }
    }

    // A payload is copied: a contender may hand back a buffer it writes again on the next call.
    private static object? Output(Func<object?> body)
    {
        try
        {
            var output = body();
            return output is byte[] bytes ? bytes.ToArray() : output;
        }
#pragma warning disable CA1031 // A body that throws now is caught by the warm-up or the measurement, which record it.
        catch (Exception)
#pragma warning restore CA1031
        {
            return null;
        }
    }

    /// <summary>How the output after the timed calls differs from the gated one; null when it does not or cannot be told.</summary>
    private static string? Changed(object? before, object? after)
    {
        if (before is null || after is null)
        {
            return before is null ? null : "the output is now null";
        }

        if (before is byte[] or string && after is byte[] or string)
        {
            var was = Contenders.Codec<object>.PayloadBytes(before).Span;
            var now = Contenders.Codec<object>.PayloadBytes(after).Span;
            var at = was.CommonPrefixLength(now);
            return at == was.Length && at == now.Length
                ? null
                : string.Create(System.Globalization.CultureInfo.InvariantCulture, $"{now.Length:N0} bytes written instead of {was.Length:N0}, the first change at byte {at:N0}");
        }

        try
        {
            return ObjectComparer.FirstDifference(before, after);
        }
#pragma warning disable CA1031 // An output the comparer cannot walk is not evidence of a change.
        catch (Exception)
#pragma warning restore CA1031
        {
            return null;
        }
    }

    private static ResultCell Describe(PlannedCase planned, PreparedCase prepared, Operation operation) =>
        PlannedCells.Describe(planned, operation, prepared.OutcomeFor(operation)) with
        {
            PayloadBytes = prepared.Sizes?.Bytes,
            Compressed = prepared.Sizes?.Compressed ?? ImmutableDictionary<string, Sizes.Compressed>.Empty,
        };

    private static ResultCell Crashed(ResultCell cell, MeasurementException exception) =>
        cell with { Status = VerificationStatus.Crash, Reason = ExceptionText.FirstLine(exception.Message) };

    private ResultCell Measure(ResultCell cell, Func<object?> body, string label, MeasurementProfile profile)
    {
        CellMeasurement measured;
        try
        {
            measured = measurer.Measure(body, profile, label);
        }
        catch (MeasurementException exception)
        {
            return Crashed(cell, exception);
        }

        return cell with
        {
            MeanNs = measured.MeanNs,
            ErrorNs = measured.ErrorNs,
            StdDevNs = measured.StdDevNs,
            MedianNs = measured.MedianNs,
            AllocatedBytes = measured.AllocatedBytes,
            Gen0 = measured.Gen0,
            Gen1 = measured.Gen1,
            Gen2 = measured.Gen2,
            Noisy = measured.MeanNs > 0 && measured.ErrorNs / measured.MeanNs > profile.TargetRelativeError,
            IterationsNs = measured.IterationsNs,
        };
    }
}
