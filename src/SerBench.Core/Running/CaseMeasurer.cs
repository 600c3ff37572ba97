using System.Diagnostics;
using SerBench.Measurement;
using SerBench.Results;
using SerBench.Studies;
using SerBench.Verification;

namespace SerBench.Running;

/// <summary>
/// Gates and measures one case in this process, one BenchmarkDotNet measurement per operation that passed the gate
/// (OK or DIFFERS): the work of a child process. Ratios are the parent's, which sees every contender.
/// </summary>
public sealed class CaseMeasurer(IMeasurer measurer)
{
    /// <summary>The case's cells in operation order, each as soon as it is known; stops between cells when cancelled.</summary>
    public IEnumerable<ResultCell> Measure(PlannedCase planned, MeasurementProfile profile, CancellationToken cancellation)
    {
        var gateWatch = Stopwatch.StartNew();
        var prepared = Gate.Prepare(planned, profile.Compressions);
        var gateSeconds = gateWatch.Elapsed.TotalSeconds;
        foreach (var operation in planned.Operations)
        {
            if (cancellation.IsCancellationRequested)
            {
                yield break;
            }

            var watch = Stopwatch.StartNew();
            var cell = Measure(planned, prepared, operation, profile);
            var seconds = watch.Elapsed.TotalSeconds + (operation == planned.Operations[0] ? gateSeconds : 0);
            yield return cell with { Seconds = Math.Round(seconds, 3) };
        }
    }

    private ResultCell Measure(PlannedCase planned, PreparedCase prepared, Operation operation, MeasurementProfile profile)
    {
        var verdict = prepared.VerdictFor(operation);
        var cell = PlannedCells.Describe(planned, operation, verdict) with
        {
            PayloadBytes = prepared.Sizes?.Bytes,
            GzipBytes = prepared.Sizes?.GzipBytes,
            BrotliBytes = prepared.Sizes?.BrotliBytes,
            ZstdBytes = prepared.Sizes?.ZstdBytes,
            Lz4Bytes = prepared.Sizes?.Lz4Bytes,
            GzipNs = prepared.Sizes?.GzipNs,
            BrotliNs = prepared.Sizes?.BrotliNs,
            ZstdNs = prepared.Sizes?.ZstdNs,
            Lz4Ns = prepared.Sizes?.Lz4Ns,
        };
        if (!verdict.IsTimed)
        {
            return cell;
        }

        CellMeasurement measured;
        try
        {
            measured = measurer.Measure(prepared.CreateBody(operation), profile, PlannedCells.Label(planned, operation));
        }
        catch (MeasurementException exception)
        {
            return cell with { Status = VerificationStatus.Crash, Reason = Verdict.FirstLine(exception.Message) };
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
