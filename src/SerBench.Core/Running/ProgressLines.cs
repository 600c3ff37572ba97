using System.Globalization;
using SerBench.Core.Results;

namespace SerBench.Core.Running;

/// <summary>Progress where no terminal draws a bar: <c>[3/12] stj · orders: OK 1.25 μs ±0.4% (~0m40s left)</c>; the ± once two processes measured the cell.</summary>
internal sealed class ProgressLines(Action<string> writeLine) : IRunObserver
{
    public void CellStarting(RunProgress progress)
    {
    }

    public void CellFinished(ResultCell cell, RunProgress progress) =>
        writeLine($"[{progress.Done}/{progress.Total}] {progress.Current}: {Outcome(cell)} ({Eta(progress)})");

    public void Note(string line) => writeLine(line);

    public static string Eta(RunProgress progress) =>
        progress.EstimatedRemaining is { } left ? $"~{(int)left.TotalMinutes}m{left.Seconds:00}s left" : "estimating time left";

    public static string Outcome(ResultCell cell)
    {
        if (cell.MeanNs is not { } mean)
        {
            return $"{cell.StatusLabel}: {cell.Reason}";
        }

        var (unit, divisor) = TimeUnits.For(mean);
        var time = $"{cell.StatusLabel} {(mean / divisor).ToString("N2", CultureInfo.InvariantCulture)} {unit}";
        // One process's few iterations give an interval of hundreds of percent that says nothing of the answer.
        return cell.RoundsNs is { Count: > 1 } && cell.ErrorNs is { } error
            ? $"{time} ±{(100 * error / mean).ToString("0.0", CultureInfo.InvariantCulture)}%"
            : $"{time} (one process)";
    }
}
