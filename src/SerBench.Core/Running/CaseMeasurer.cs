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
            yield return result with { Seconds = Math.Round((cell.Seconds ?? 0) + warmSecondsEach + watch.Elapsed.TotalSeconds, 3) };
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
