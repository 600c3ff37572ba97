using System.CommandLine;
using SerBench.Core.Results;
using SerBench.Core.Running;
using SerBench.Reports;
using SerBench.Results;
using Spectre.Console;

namespace SerBench.Cli.Commands;

/// <summary>Several machines' (or runtimes') results in one results.json and report, each cell naming its machine (<see cref="ResultsMerger"/>).</summary>
internal static class MergeCommand
{
    public static Command Create(CliContext context)
    {
        var files = new Argument<string[]>("files")
        {
            Description = "Two or more results.json files written by 'serbench run' (or by an earlier merge), e.g. one per CI machine.",
            Arity = ArgumentArity.ZeroOrMore,
        };
        var output = new Option<string>("--out") { Description = "Folder for the merged results.json and its reports. Refused when it holds an earlier command's output or files SerBench did not write, unless --force.", Required = true };
        var force = new Option<bool>("--force") { Description = "Let --out write where an earlier command or the user wrote: the files SerBench wrote there are deleted first, nothing else." };
        var command = new Command("merge", "Merge results files from several machines (or runtimes run separately) into one results.json and report; every cell keeps its machine, nothing is averaged.")
        {
            files, output, force,
        };
        command.SetAction(parse =>
        {
            var paths = parse.GetValue(files) ?? [];
            var directory = parse.GetValue(output)!;
            CheckArguments(paths, directory);
            var inputs = paths.Select(path => new MergeInput(path, ResultsFileReader.ReadDocument(path, "merge"))).ToList();
            using var folder = OutputFolderClaim.Take(directory, FolderUse.NewResults, ["results.json", "results.csv", .. ReportWriter.Entries], parse.GetValue(force));
            var merged = ResultsMerger.Merge(inputs, ResultsHeader.Tool, context.CommandLine);
            var store = ResultsFolder.Open(folder, merged);
            using var stop = new StopSignals();
            try
            {
                var reports = ReportWriter.Write(RunSummary.Of(merged, stop.Token), folder, context.ChartImages, stop.Token);
                if (reports.Note is not null)
                {
                    context.Console.MarkupLine($"[yellow]{Markup.Escape(reports.Note)}[/]");
                }
            }
            catch (OperationCanceledException) when (stop.Token.IsCancellationRequested)
            {
                context.Error.WriteLine(ResultsFolder.ReportsNotWritten("the merged results are", store.ResultsPath, $"were not written: stopped by {stop.Name}.",
                    $"serbench report {store.ResultsPath}"));
                return stop.ExitCode!.Value;
            }
            catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
            {
                context.Error.WriteLine(ResultsFolder.ReportsNotWritten("the merged results are", store.ResultsPath, $"could not be written: {exception.Message}",
                    $"serbench report {store.ResultsPath} --out DIR"));
                return CliApp.ExitFailures;
            }

            // Plain, not through the console: a CI log or a script gets it on one line however long the paths are.
            context.Output.WriteLine(Summary(paths.Length, merged, store));
            return CliApp.ExitOk;
        });
        return command;
    }

    private static void CheckArguments(string[] paths, string directory)
    {
        if (paths.Length < 2)
        {
            throw new UsageException($"merge needs at least two results files; got {paths.Length}. Give each machine's results.json, e.g. 'serbench merge linux/results.json windows/results.json --out merged'.");
        }

        var seen = new HashSet<string>(StringComparer.Ordinal);
        foreach (var path in paths)
        {
            if (!seen.Add(Path.GetFullPath(path)))
            {
                throw new UsageException($"'{path}' is given twice; its cells would count twice. Give each results file once.");
            }
        }

        // --force deletes what a run wrote there, and merge writes results.json there: an input inside would be lost.
        var folder = Path.TrimEndingDirectorySeparator(Path.GetFullPath(directory)) + Path.DirectorySeparatorChar;
        if (paths.FirstOrDefault(p => Path.GetFullPath(p).StartsWith(folder, StringComparison.Ordinal)) is { } inside)
        {
            throw new UsageException($"Output folder '{directory}' holds the input '{inside}'. Merge into a folder of its own with --out DIR.");
        }
    }

    private static string Summary(int files, ResultsDocument merged, ResultsStore store)
    {
        var sources = merged.Sources ?? [];
        var machines = sources.Select(s => ResultsMerger.DescribeMachine(s.Environment)).Distinct(StringComparer.Ordinal).Count();
        var runtimes = merged.Cells.Select(c => c.Runtime ?? "").Distinct(StringComparer.Ordinal).Order(StringComparer.Ordinal).ToList();
        return $"Merged {files} files ({Count(sources.Count, "run")}) from {Count(machines, "machine")} and {Count(runtimes.Count, "runtime")}" +
               (runtimes.Count > 0 ? $" ({string.Join(", ", runtimes)})" : "") +
               $": {Count(merged.Cells.Count, "cell")} in {store.ResultsPath} · reports: {Path.Combine(store.Directory, "report.html")}, report.md";
    }

    private static string Count(int count, string noun) => $"{count} {noun}{(count == 1 ? "" : "s")}";
}
