using System.CommandLine;
using System.Globalization;
using SerBench.AgentBuilds;
using SerBench.Agents;
using SerBench.Core.Measurement;
using SerBench.Core.Results;
using SerBench.Core.Running;
using SerBench.Core.Sizes;
using SerBench.Reports;
using SerBench.Results;
using SerBench.Running;
using Spectre.Console;

namespace SerBench.Cli.Commands;

internal static class RunCommand
{
    public static Command Create(CliContext context)
    {
        var common = new CommonOptions();
        var sizes = new Option<string?>("--sizes") { Description = "Comma-separated N for the list and many shapes, replacing the studies' N (e.g. 1,200,10000)." };
        var threads = new Option<string?>("--threads") { Description = $"Comma-separated thread counts for the threads study, 1–{RunRequest.MostThreads} (default: 1 and this machine's cores), e.g. 1,2,4." };
        var ops = new Option<string?>("--ops") { Description = "Comma-separated operations to measure: serialize, deserialize, roundtrip, serialize-stream, deserialize-stream, serialize-pipe, deserialize-pipe, deserialize-items, first-item (async, in the streams study), first-call (the first use in fresh processes)." };
        var profile = new Option<string?>("--profile") { Description = "smoke (CI: one short measurement per cell), quick (default), full (BenchmarkDotNet's default job, no budget)." };
        var output = new Option<string?>("--out") { Description = "Output folder (default: results/<timestamp>). Refused when it holds an earlier command's output or files SerBench did not write, unless --force." };
        var force = new Option<bool>("--force") { Description = "Let --out write where an earlier command or the user wrote: the files SerBench wrote there are deleted first, nothing else." };
        var shapes = new Option<string?>("--shapes") { Description = "Comma-separated shapes to keep from each study: object, list, many, threads." };
        var cells = new Option<string?>("--cells")
        {
            Description = "Comma-separated cells to keep, each study/contender/payload/shape/count/operation as results.json names it, any part * " +
                          "(an object's count is 1), e.g. web-api/*/person/object/1/serialize,big-vs-many/stj-reflection-string/user/many/10000/*. " +
                          "Measures chosen cells of several studies in one run.",
        };
        var runtimes = new Option<string?>("--runtimes")
        {
            Description = "Comma-separated runtimes to measure on: net8.0, net9.0, net10.0 or any newer .NET the installed SDK can target, with -aot for Native AOT " +
                          $"(default: the one SerBench runs on, {RuntimeTarget.Current.Name}). Each other runtime gets a self-contained agent built from NuGet's runtime packs.",
        };
        var firstCall = new Option<string?>("--first-call")
        {
            Description = "on, off or a number of fresh processes per cell (1–100): time each contender's first use (codec, first serialize, first deserialize) " +
                          "in fresh processes after the steady-state cells (default: on in quick and full, off in smoke).",
        };
        var clock = new Option<string?>("--clock")
        {
            Description = "wall or cpu: time iterations by the wall clock (default, as BenchmarkDotNet), or by the measuring process's CPU time (Linux, macOS), " +
                          "which does not count time the process waited for a core another program or the hypervisor had.",
        };
        var compressions = new Option<string?>("--compressions")
        {
            Description = $"Comma-separated compressors to measure each output with: {string.Join(", ", Compressor.All.Select(c => c.Name))}, or none (default: all). " +
                          "Sizes and compress times are taken outside the timed operation, in each cell's first round; leaving compressors out saves that time.",
        };
        var rounds = new Option<string?>("--rounds")
        {
            Description = $"Fresh processes per cell, 1–{RoundsPolicy.MaximumRounds} (quick: 3, full: 3, smoke: 1; 5 when a run has fewer than 3 cells to pool); cells whose place in the verdict is still open get more, " +
                          "up to the profile's most (quick 8, full 10). More rounds give tighter, still honest, intervals and take longer.",
        };
        var budget = new Option<string?>("--budget")
        {
            Description = "The run's time budget, e.g. 10m, 90s or 1h30m (quick: 5m; full and smoke: none, or off): no measuring process starts that would end past it. " +
                          "Quick's own gives way on a machine too slow for the 3 processes every cell needs; one you give never does. " +
                          "Extra rounds go to the cells whose verdict is still open while it lasts; the report says what was left undecided or unmeasured.",
        };
        var command = new Command("run", "Verify, then measure every cell with BenchmarkDotNet, then write results.json, results.csv, report.md, report.html and charts/.");
        common.AddTo(command);
        foreach (var option in new Option[] { sizes, threads, ops, profile, output, force, shapes, cells, rounds, budget, runtimes, firstCall, clock, compressions })
        {
            command.Options.Add(option);
        }

        command.SetAction(parse =>
        {
            var planned = RunOptionsParser.Plan(common.Read(parse) with
            {
                Sizes = parse.GetValue(sizes), Threads = parse.GetValue(threads), Ops = parse.GetValue(ops), Profile = parse.GetValue(profile), Shapes = parse.GetValue(shapes), Cells = parse.GetValue(cells),
                Runtimes = parse.GetValue(runtimes), Rounds = parse.GetValue(rounds), Budget = parse.GetValue(budget), FirstCall = parse.GetValue(firstCall),
                Clock = parse.GetValue(clock), Compressions = parse.GetValue(compressions),
            });
            StopSignals.Around("checking your types", stop => PreparedRun.Check(planned, SelfProcess.Run, stop));
            var time = TimeProvider.System;
            var startedAt = time.GetLocalNow();
            // Taken before the agent build (which can take minutes): a second run into the same folder is refused at once.
            using var folder = parse.GetValue(output) is { } chosen
                ? OutputFolderClaim.Take(chosen, FolderUse.NewResults, OutputFolderClaim.RunEntries, parse.GetValue(force))
                : OutputFolderClaim.TakeNew(Path.Combine("results", startedAt.ToString("yyyyMMdd-HHmmss", CultureInfo.InvariantCulture)), OutputFolderClaim.RunEntries);

            // Before the document: the agent build decides which pack contenders are available and at which versions.
            void Log(string line) => context.Console.MarkupLine(Markup.Escape(line));
            if (planned.Request.WhyNoTypedStudy is { } whyNoTyped && planned.Request.Studies.Any(s => s.Name == Core.UserData.DataStudy.Name))
            {
                Log(whyNoTyped);
            }

            var run = StopSignals.Around("building the measuring agent", stop => PreparedRun.Prepare(planned, common.PackOptions.PackageSources(parse), Log, stop));
            var document = run.NewDocument(context.CommandLine, startedAt);
            var store = ResultsFolder.Open(folder, document);
            if (run.Request.Studies.SelectMany(s => s.ModelSources.Values).ToList() is { Count: > 0 } models)
            {
                File.WriteAllText(Path.Combine(store.Directory, OutputFolderClaim.ModelFileName), Core.UserData.InferredDataModel.Combine(models));
            }
            return Execute(context, run.Request, run.Plan, document, folder, store, time, run.Client(store.Directory, SelfProcess.Run));
        });
        return command;
    }

    private static int Execute(CliContext context, RunRequest request, IReadOnlyList<PlannedCase> plan, ResultsDocument document, OutputFolderClaim folder, ResultsStore store,
        TimeProvider clock, IAgentClient agents)
    {
        // Registered before the first line is printed, so anyone who saw it (a test, a script) can stop the run gracefully.
        using var stop = new StopSignals();
        string? folderChanged = null;
        var console = context.Console;
        console.MarkupLine($"SerBench {Markup.Escape(document.Tool.Version)} · profile [bold]{request.Profile.Name}[/] · {plan.Sum(p => p.Operations.Count)} cells · {Markup.Escape(document.Environment.Runtime)}{(request.Runtimes.Any(r => !r.IsCurrent) ? " · runtimes " + string.Join(", ", request.Runtimes) : "")} · output {Markup.Escape(store.Directory)}");
        if (document.Environment.BuildConfiguration != "Release")
        {
            console.MarkupLine("[yellow]Warning: SerBench was built without optimizations; use -c Release for numbers you can compare.[/]");
        }

        // Under a call-counting delay of 100 ms every process was timed at tier 0; a threshold of 30 recompiles beside the measured iterations.
        foreach (var (name, ours, theirs) in MeasuringKnobs.Overridden())
        {
            console.MarkupLine($"[yellow]Warning: {Markup.Escape(name)}={Markup.Escape(theirs)} is set, so measuring processes keep it instead of SerBench's {ours}; " +
                "it changes when code is promoted to tier 1, which the warm-up waits for (docs/performance.md#the-method). Unset it for numbers you can compare.[/]");
        }

        var progress = new ConsoleProgress(console);
        try
        {
            progress.Run(observer => new RoundRunner(observer, agents, clock).Run(plan, request.Profile, store, stop.Token));
        }
        catch (OutputFolderChangedException exception)
        {
            // What was measured before it is already in results.json: reported like a stopped run's, and the run fails.
            folderChanged = exception.Message;
        }

        if (folderChanged is not null && !Directory.Exists(store.Directory))
        {
            context.Error.WriteLine($"serbench: {folderChanged} Nothing more is written: the results measured before it went with the folder.");
            return CliApp.ExitFailures;
        }

        // Another runtime's exact version is known once its agent has measured something.
        store.Update(d =>
        {
            foreach (var (name, agent) in d.RuntimeAgents?.ToList() ?? [])
            {
                d.RuntimeAgents![name] = agent with { RuntimeVersion = d.Cells.FirstOrDefault(c => c.Runtime == name && c.RuntimeVersion is not null)?.RuntimeVersion };
            }
        });

        // results.json is already complete on disk; a failure from here on must not lose it or hide where it is.
        RunSummary summary;
        try
        {
            summary = RunSummary.Of(document, stop.Abandon);
            var reports = ReportWriter.Write(summary, folder, context.ChartImages, stop.Abandon);
            if (reports.Note is not null)
            {
                console.MarkupLine($"[yellow]{Markup.Escape(reports.Note)}[/]");
            }
        }
        catch (OperationCanceledException) when (stop.Abandon.IsCancellationRequested)
        {
            context.Error.WriteLine(ResultsFolder.ReportsNotWritten("the results of the cells measured before it are", store.ResultsPath,
                $"were not written: stopped again by {stop.Name}.", $"serbench report {store.ResultsPath}"));
            return stop.ExitCode ?? CliApp.ExitInterrupted;
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
        {
            context.Error.WriteLine(ResultsFolder.ReportsNotWritten("the results are", store.ResultsPath, $"could not be written: {exception.Message}",
                $"serbench report {store.ResultsPath} --out DIR"));
            return stop.ExitCode ?? CliApp.ExitFailures;
        }

        if (folderChanged is not null)
        {
            context.Error.WriteLine($"serbench: {folderChanged} The reports in '{store.Directory}' cover the {document.Cells.Count} cell(s) measured before it.");
            return CliApp.ExitFailures;
        }

        ConsoleReport.Write(console, summary);
        if (summary.ConditionsWarning is { } warning)
        {
            console.MarkupLine($"[yellow]Warning: {Markup.Escape(warning)}[/]");
        }
        console.MarkupLine($"Results: {Markup.Escape(store.ResultsPath)} · reports: {Markup.Escape(Path.Combine(store.Directory, "report.html"))}, report.md" +
                           (stop.Name is { } signal ? $" · [yellow]stopped by {signal}: reports cover the {document.Cells.Count} cell(s) measured before it[/]" : ""));
        if (stop.ExitCode is null && !document.Cells.Any(c => c.MeanNs is not null))
        {
            // A CI smoke job must not take a run that timed nothing for a success.
            context.Error.WriteLine(document.Budget is { RanOut: true } budget
                ? $"serbench: nothing was measured: the {Durations.Format(TimeSpan.FromSeconds(budget.Seconds))} budget ran out before the first measuring process; give a longer --budget (the plan line above names one)."
                : $"serbench: nothing was measured: every cell is {string.Join(" or ", document.Cells.Select(c => c.StatusLabel).Distinct())}; report.md says why for each.");
            return CliApp.ExitFailures;
        }

        return stop.ExitCode ?? CliApp.ExitOk;
    }
}
