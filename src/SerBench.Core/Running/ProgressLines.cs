using System.Globalization;
using SerBench.Core.Results;

namespace SerBench.Core.Running;

/// <summary>Progress where no terminal draws a bar: <c>[3/12] stj · orders: OK 1.25 μs ±0.4% (~0m40s left)</c>; the ± once two processes measured the cell, their range while it is over 100%.</summary>
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
        string Figure(double ns) => (ns / divisor).ToString("N2", CultureInfo.InvariantCulture);
        var time = $"{cell.StatusLabel} {Figure(mean)} {unit}";
        // One process's few iterations, or three first calls, give an interval of thousands of percent: the processes' own range says more.
        return cell.RoundsNs switch
        {
            { Count: > 1 } when cell.ErrorNs is { } error && error <= mean => $"{time} ±{(100 * error / mean).ToString("0.0", CultureInfo.InvariantCulture)}%",
            { Count: > 1 } rounds => $"{time} ({rounds.Count} processes, {Figure(rounds.Min())}–{Figure(rounds.Max())} {unit})",
            _ => $"{time} (one process)",
        };
    }
}
