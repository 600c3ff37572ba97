using System.CommandLine;
using SerBench.Reports;
using SerBench.Results;
using Spectre.Console;

namespace SerBench.Cli.Commands;

internal static class ReportCommand
{
    public static Command Create(CliContext context)
    {
        var results = new Argument<string>("results") { Description = "A results.json written by 'serbench run'." };
        var output = new Option<string?>("--out")
        {
            Description = "Folder for report.md, report.html, results.csv and charts/ (default: the results file's folder). Refused when it holds files SerBench did not write, unless --force.",
        };
        var force = new Option<bool>("--force") { Description = "Let --out write where SerBench did not write before: files of the names it writes are replaced, nothing else is deleted." };
        var command = new Command("report", "Render report.md, report.html and the chart images again from a results.json, without measuring.") { results, output, force };
        command.SetAction(parse =>
        {
            using var stop = new StopSignals();
            var path = parse.GetValue(results)!;
            // Reading and checking 100,000 cells takes seconds and checks no token: a stop leaves the read to the thread pool, which the exit ends.
            var reading = Task.Run(() => ResultsFileReader.ReadDocument(path));
            try
            {
                reading.Wait(stop.Token);
            }
            catch (OperationCanceledException)
            {
                throw new StoppedException(stop.ExitCode!.Value, $"stopped by {stop.Name}; nothing was written.");
            }
            catch (AggregateException)
            {
                // The reader's own exception, unwrapped below.
            }

            var document = reading.GetAwaiter().GetResult();
            var directory = parse.GetValue(output) ?? Path.GetDirectoryName(Path.GetFullPath(path))!;
            if (stop.ExitCode is { } stoppedWhileReading)
            {
                throw new StoppedException(stoppedWhileReading, $"stopped by {stop.Name}; nothing was written.");
            }

            using var folder = OutputFolderClaim.Take(directory, FolderUse.Replace, ReportWriter.Entries, parse.GetValue(force));
            ReportOutput written;
            try
            {
                written = ReportWriter.Write(RunSummary.Of(document, stop.Token), folder, context.ChartImages, stop.Token);
            }
            catch (OperationCanceledException) when (stop.Token.IsCancellationRequested)
            {
                throw new StoppedException(stop.ExitCode!.Value, $"stopped by {stop.Name}; the reports in '{directory}' are unchanged.");
            }
            catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
            {
                throw OutputFolderClaim.CannotWrite(directory, exception);
            }

            if (written.Note is not null)
            {
                context.Console.MarkupLine($"[yellow]{Markup.Escape(written.Note)}[/]");
            }

            context.Console.MarkupLine($"Wrote {written.Files.Count} files to {Markup.Escape(directory)}: {Markup.Escape(string.Join(", ", written.Files.Select(Path.GetFileName).Take(4)))}" +
                                       (written.Files.Count > 4 ? ", …" : ""));
            return CliApp.ExitOk;
        });
        return command;
    }
}
