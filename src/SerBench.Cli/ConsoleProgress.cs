using SerBench.Results;
using SerBench.Running;
using Spectre.Console;

namespace SerBench.Cli;

/// <summary>
/// Shows the current cell, cells done/left and the expected time left: a live progress bar on a terminal,
/// one line per finished cell when output is redirected (CI logs).
/// </summary>
internal sealed class ConsoleProgress(IAnsiConsole console)
{
    public void Run(Action<IRunObserver> work)
    {
        if (!console.Profile.Capabilities.Interactive)
        {
            work(new LineObserver(console));
            return;
        }

        console.Progress()
            .Columns(new TaskDescriptionColumn { Alignment = Justify.Left }, new ProgressBarColumn(), new PercentageColumn(), new SpinnerColumn())
            .Start(ctx => work(new LiveObserver(ctx)));
    }

    internal static string Eta(RunProgress progress) =>
        progress.EstimatedRemaining is { } left ? $"~{(int)left.TotalMinutes}m{left.Seconds:00}s left" : "estimating time left";

    internal static string Outcome(ResultCell cell) =>
        cell.MeanNs is { } mean
            ? $"{cell.StatusLabel} {Reports.Formatting.Time(mean, Reports.Formatting.TimeUnit(mean))} ±{Reports.Formatting.Number(100 * (cell.ErrorNs ?? 0) / mean, "0.0")}%"
            : $"{cell.StatusLabel}: {cell.Reason}";

    private sealed class LineObserver(IAnsiConsole console) : IRunObserver
    {
        public void CellStarting(RunProgress progress)
        {
        }

        public void CellFinished(ResultCell cell, RunProgress progress) =>
            console.WriteLine($"[{progress.Done}/{progress.Total}] {progress.Current}: {Outcome(cell)} ({Eta(progress)})");
    }

    private sealed class LiveObserver(ProgressContext context) : IRunObserver
    {
        private ProgressTask? _task;

        public void CellStarting(RunProgress progress)
        {
            _task ??= context.AddTask("starting", maxValue: progress.Total);
            _task.Description = Markup.Escape($"[{progress.Done + 1}/{progress.Total}] {progress.Current} · {Eta(progress)}");
        }

        public void CellFinished(ResultCell cell, RunProgress progress)
        {
            _task?.Value(progress.Done);
            context.Refresh();
        }
    }
}
