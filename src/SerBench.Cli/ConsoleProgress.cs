using SerBench.Core.Results;
using SerBench.Core.Running;
using Spectre.Console;

namespace SerBench.Cli;

/// <summary>A live progress bar on a terminal; one line per finished cell when output is redirected (CI logs).</summary>
internal sealed class ConsoleProgress(IAnsiConsole console)
{
    public void Run(Action<IRunObserver> work)
    {
        if (!console.Profile.Capabilities.Interactive)
        {
            work(new ProgressLines(console.WriteLine));
            return;
        }

        console.Progress()
            .Columns(new TaskDescriptionColumn { Alignment = Justify.Left }, new ProgressBarColumn(), new PercentageColumn(), new SpinnerColumn())
            .Start(ctx => work(new LiveObserver(ctx, console)));
    }

    private sealed class LiveObserver(ProgressContext context, IAnsiConsole console) : IRunObserver
    {
        private ProgressTask? _task;

        // Above the bar, where it stays while the run goes on.
        public void Note(string line) => console.MarkupLine(Markup.Escape(line));

        public void CellStarting(RunProgress progress)
        {
            _task ??= context.AddTask("starting", maxValue: progress.Total);
            _task.Description = Markup.Escape($"[{progress.Done + 1}/{progress.Total}] {progress.Current} · {ProgressLines.Eta(progress)}");
        }

        public void CellFinished(ResultCell cell, RunProgress progress)
        {
            _task?.Value(progress.Done);
            context.Refresh();
        }
    }
}
