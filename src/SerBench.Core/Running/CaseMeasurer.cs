using System.Collections.Immutable;
using System.Diagnostics;
using System.Globalization;
using SerBench.Core.Measurement;
using SerBench.Core.Results;
using SerBench.Core.Studies;
using SerBench.Core.Verification;

namespace SerBench.Core.Running;

/// <summary>Gates and measures one process's cases; ratios are the parent's, which sees every contender.</summary>
internal sealed class CaseMeasurer(IMeasurer measurer)
{
    public IEnumerable<CellRound> Measure(PlannedCase planned, MeasurementProfile profile, CancellationToken cancellation) =>
        Measure([planned], profile, cancellation);

    /// <summary>The harness calibration, once <see cref="Measure(IReadOnlyList{PlannedCase}, MeasurementProfile, CancellationToken, bool, bool)"/> was asked for it and measured a cell.</summary>
    public CellMeasurement? Calibration { get; private set; }

    /// <summary>Every case's gate first, then every timed cell warmed together (<see cref="IMeasurer.WarmTogether"/>), then each measured.</summary>
    public IEnumerable<CellRound> Measure(IReadOnlyList<PlannedCase> cases, MeasurementProfile profile, CancellationToken cancellation, bool passed = false, bool calibrate = false)
    {
        var timed = new List<(ResultCell Cell, double GateSeconds, Func<object?> Body, string Label, PreparedCase Prepared)>();
        try
        {
            foreach (var round in GateAll(cases, profile, passed, timed, cancellation).Concat(MeasureTimed(timed, profile, passed, calibrate, cancellation)))
            {
                yield return round;
            }
        }
        finally
        {
            foreach (var prepared in timed.Select(t => t.Prepared).Distinct())
            {
                prepared.Dispose();
            }
        }
    }

    // Yields the cells that are not timed; adds the timed ones to timed.
    private static IEnumerable<CellRound> GateAll(IReadOnlyList<PlannedCase> cases, MeasurementProfile profile, bool passed,
        List<(ResultCell Cell, double GateSeconds, Func<object?> Body, string Label, PreparedCase Prepared)> timed, CancellationToken cancellation)
    {
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
                var cell = Describe(planned, prepared, operation) with { PeakLiveBytes = passed ? null : PeakLive(prepared, operation) };
                var seconds = operation == planned.Operations[0] ? gateSeconds : 0;
                if (prepared.OutcomeFor(operation).IsTimed)
                {
                    timed.Add((cell, seconds, prepared.CreateBody(operation), PlannedCells.Label(planned, operation), prepared));
                }
                else
                {
                    yield return new CellRound(cell, Seconds: seconds);
                }
            }
        }
    }

    private IEnumerable<CellRound> MeasureTimed(List<(ResultCell Cell, double GateSeconds, Func<object?> Body, string Label, PreparedCase Prepared)> timed,
        MeasurementProfile profile, bool passed, bool calibrate, CancellationToken cancellation)
    {
        if (timed.Count == 0 || cancellation.IsCancellationRequested)
        {
            yield break;
        }

        // The shared warm-up's time is shared equally among the cells it warmed; the calibration's costs next to nothing.
        var warmWatch = Stopwatch.StartNew();
        var calibration = calibrate ? HarnessCalibration.CreateBody() : null;
        var faults = measurer.WarmTogether([.. timed.Select(t => t.Body), .. calibration is null ? [] : new[] { calibration }], profile);
        var warmSecondsEach = warmWatch.Elapsed.TotalSeconds / timed.Count;
        for (var i = 0; i < timed.Count; i++)
        {
            if (cancellation.IsCancellationRequested)
            {
                yield break;
            }

            var (cell, gateSeconds, body, label, prepared) = timed[i];
            var watch = Stopwatch.StartNew();
            // A passed case's cells were all measured before, allocations included: those do not vary between processes.
            var round = faults[i] is { } fault ? new CellRound(Crashed(cell, MeasurementException.Threw(fault)))
                : Measure(cell, body, label, passed ? profile with { MeasuresAllocations = false } : profile, prepared, recheck: !passed);
            if (!timed.Skip(i + 1).Any(t => t.Prepared == prepared))
            {
                // Its last cell: a threads case's workers stop now, not after every other cell of the process.
                prepared.Dispose();
            }

            yield return round with { Seconds = Math.Round(gateSeconds + warmSecondsEach + watch.Elapsed.TotalSeconds, 3) };
        }

        if (calibration is not null && !cancellation.IsCancellationRequested)
        {
            try
            {
                // After the cells, which it must not delay; it allocates nothing.
                Calibration = measurer.Measure(calibration, profile with { MeasuresAllocations = false }, HarnessCalibration.Name);
            }
            catch (MeasurementException)
            {
                // A round without it: the run's calibration is over the rounds that have one.
            }
        }
    }

    // A read that fails or runs out of memory here leaves the figure out, never the case: its timed cells say what is wrong.
    private static long? PeakLive(PreparedCase prepared, Operation operation)
    {
        try
        {
            return prepared.PeakLiveBytes(operation);
        }
#pragma warning disable CA1031 // Any failure of this one extra read only loses its figure.
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

    /// <summary>On a cell whose output bytes differ between calls while they hold the same data (MemoryPack's DateTimeOffset padding).</summary>
    internal const string BytesVaryNote = "output bytes vary between calls (same data)";

    private static string JoinNotes(string? note, string added) => note is null ? added : note + "; " + added;

    // A "many" cell's body makes one call per object.
    private static string AfterTimingPrefix(long? bodyCalls, ResultCell cell) => bodyCalls is { } calls
        ? string.Create(CultureInfo.InvariantCulture, $"correct before measuring, wrong after {calls * (cell.Shape is Payloads.Shape.Many or Payloads.Shape.Threads ? cell.Count : 1):N0} calls: ")
        : "correct before measuring, wrong after it was timed: ";

    private static ResultCell Crashed(ResultCell cell, MeasurementException exception) =>
        cell with { Status = VerificationStatus.Crash, Reason = ExceptionText.FirstLine(exception.Message) };

    // recheck: the gated process only; later rounds skip the comparisons, so none is compiled while the next cell is timed.
    private CellRound Measure(ResultCell cell, Func<object?> body, string label, MeasurementProfile profile, PreparedCase prepared, bool recheck)
    {
        CellMeasurement measured;
        try
        {
            var calls = prepared.CallsPerBody(cell.Operation);
            measured = measurer.Measure(body, profile, calls == 1 ? label : string.Create(CultureInfo.InvariantCulture, $"{label} ({calls:N0} calls a thread per invocation)")).PerOperation(calls);
        }
        catch (MeasurementException exception)
        {
            return new CellRound(Crashed(cell, exception));
        }

        // The gate saw only the first calls: a library wrong after many, or once promoted to tier 1, shows only now.
        var again = recheck ? prepared.CheckAgain(cell.Operation) : null;
        if (again?.Change is { } change)
        {
            return new CellRound(cell with { Status = change.Status, Reason = AfterTimingPrefix(measured.Calls, cell) + change.Reason });
        }

        return new CellRound(again?.BytesVary == true ? cell with { Note = JoinNotes(cell.Note, BytesVaryNote) } : cell, measured);
    }
}
