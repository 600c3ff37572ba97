using System.CommandLine;
using System.Globalization;
using SerBench.AgentBuilds;
using SerBench.Agents;
using SerBench.Conformance;
using SerBench.Core.Conformance;
using SerBench.Core.Contenders;
using SerBench.Core.Packs;
using SerBench.Core.Contenders.Documents;
using SerBench.Core.Running;
using SerBench.Core.UserData;
using SerBench.Reports;
using SerBench.Results;
using SerBench.Running;
using Spectre.Console;

namespace SerBench.Cli.Commands;

/// <summary>Each library runs in child processes of its own, so one that overflows the stack or hangs is CRASHED on that document and the run goes on.</summary>
internal static class ConformanceCommand
{
    // Keeps each child process's request, answer and console output.
    public const string ChildrenFolder = "conformance-children";

    private static readonly IReadOnlyList<string> Entries = [ChildrenFolder, .. ConformanceExporters.Default.Select(e => e.FileName)];

    public static Command Create(CliContext context)
    {
        var paths = new Argument<string[]>("path")
        {
            Description = "Your own documents: JSON files, or folders of *.json files. Files named n_* may hold text parsers must refuse, i_* text where either is right.",
            Arity = ArgumentArity.ZeroOrMore,
        };
        var contenders = new Option<string?>("--contenders") { Description = $"Comma-separated document-model contenders (default: {string.Join(", ", DataStudy.DocumentContenders)})." };
        var output = new Option<string?>("--out")
        {
            Description = "Folder for conformance.json, conformance.md and conformance.html (default: results/conformance-<timestamp>); an earlier conformance set there is replaced. " +
                          "Refused when it holds files SerBench did not write, unless --force.",
        };
        var force = new Option<bool>("--force") { Description = "Let --out write where SerBench did not write before: files of the names it writes are replaced, nothing else is deleted." };
        var details = new Option<bool>("--details") { Description = "Also print the full matrix (every document and library) on the console; the files always hold it." };
        var command = new Command("conformance", "How each library reads and writes tricky JSON documents (and yours): accepted, changed (and how), or rejected.") { paths };
        command.Options.Add(contenders);
        command.Options.Add(output);
        command.Options.Add(force);
        command.Options.Add(details);
        command.SetAction(parse =>
        {
            var startedAt = TimeProvider.System.GetLocalNow();
            var suite = ConformanceSuite.Load(parse.GetValue(paths) ?? []);
            var chosen = Choose(parse.GetValue(contenders));
            var directory = parse.GetValue(output) ?? Path.Combine("results", "conformance-" + startedAt.ToString("yyyyMMdd-HHmmss", CultureInfo.InvariantCulture));
            // Before the agent is built (which can take a while): a folder that cannot be written fails at once.
            using var folder = OutputFolderClaim.Take(directory, FolderUse.Replace, Entries, parse.GetValue(force));
            var agent = StopSignals.Around("building the measuring agent", stop => PreparedRun.MainAgent(chosen, [], [], context.Error.WriteLine, stop));
            var outcomes = agent is null ? null : AgentBuilder.Outcomes([.. PackCatalog.Current.Packs], agent);
            chosen = [.. chosen.Select(c => AgentBuilder.Bind(c, outcomes))];
            var report = Write(folder, staging =>
                ConformanceRunner.Run(suite, chosen, new AgentConformanceChild(new AgentClient(Path.Combine(staging, ChildrenFolder), SelfProcess.Run, agent), suite.Paths), context.CommandLine, startedAt,
                    context.Error.WriteLine));
            if (parse.GetValue(details))
            {
                WriteMatrix(context.Console, report);
            }

            WriteSummary(context.Console, report);
            context.Console.MarkupLine($"Written: {Markup.Escape(Path.Combine(directory, "conformance.html"))}, conformance.md, conformance.json");
            return CliApp.ExitOk;
        });
        return command;
    }

    // A pack's contender that no pack provides stays, as UNAVAILABLE.
    private static List<Contender> Choose(string? names)
    {
        var known = ContenderRegistry.Selectable.Where(c => c is DocumentContender || DataStudy.DocumentContenders.Contains(c.Name)).ToList();
        if (names is null)
        {
            return [.. DataStudy.DocumentContenders.Select(name => ContenderRegistry.Find(name) ?? ContenderRegistry.Missing(name))];
        }

        return [.. NameMatcher.SplitList("--contenders", names).Select(name => NameMatcher.Resolve("document-model contender", "document-model contenders", name, known, c => c.Name))
            .Distinct()];
    }

    // Staged and moved as one set (reports and the children's folders), replacing an earlier conformance set and nothing else.
    private static ConformanceReport Write(OutputFolderClaim folder, Func<string, ConformanceReport> run)
    {
        ConformanceReport? report = null;
        try
        {
            folder.WriteSet(Entries, staging =>
            {
                report = run(staging);
                foreach (var exporter in ConformanceExporters.Default)
                {
                    using var writer = new StreamWriter(Path.Combine(staging, exporter.FileName));
                    exporter.Export(report, writer);
                }
            });
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
        {
            throw OutputFolderClaim.CannotWrite(folder.Directory, exception);
        }

        return report!;
    }

    private static void WriteMatrix(IAnsiConsole console, ConformanceReport report)
    {
        var table = new Table().Title("conformance").AddColumn("Document").AddColumn("RFC 8259");
        foreach (var contender in report.Contenders)
        {
            table.AddColumn(Markup.Escape(contender.Name));
        }

        var details = new Footnotes();
        foreach (var document in report.Documents)
        {
            var row = new List<string> { Markup.Escape(document.Name), Markup.Escape(document.Expectation) };
            foreach (var contender in report.Contenders)
            {
                if (report.Cell(contender.Name, document.Name) is not { } cell)
                {
                    row.Add("");
                    continue;
                }

                // One footnote per distinct detail: the same exception from two libraries is explained once.
                var label = cell.Detail is { } detail ? details.Mark(cell.Label, detail.Length > 150 ? detail[..147] + "..." : detail) : cell.Label;
                row.Add($"[{Color(cell.Rating)}]{Markup.Escape(label)}[/]");
            }

            table.AddRow(row.ToArray());
        }

        console.Write(table);
        for (var i = 0; i < details.All.Count; i++)
        {
            console.WriteLine($"  [{i + 1}] {details.All[i]}");
        }

        console.WriteLine();
    }

    private static void WriteSummary(IAnsiConsole console, ConformanceReport report)
    {
        foreach (var contender in report.Contenders)
        {
            console.WriteLine($"{contender.Name}: {contender.Library} {contender.Version}" + (contender.Unavailable is { } reason ? " — UNAVAILABLE: " + reason : ""));
        }

        ConsoleReport.WriteTable(console, ConformanceSummary.Groups(report));
        var problems = ConformanceSummary.Problems(report);
        console.WriteLine(problems.Count == 0 ? "No library was wrong or changed the data." : "Where a library was wrong or changed the data (all of them in conformance.md; --details for the matrix here):");
        foreach (var line in problems)
        {
            console.WriteLine("  " + line);
        }
    }

    private static string Color(ConformanceRating rating) => rating switch
    {
        ConformanceRating.Right => "green",
        ConformanceRating.Form => "yellow",
        ConformanceRating.Changed => "darkorange",
        ConformanceRating.Wrong => "red",
        _ => "grey",
    };
}
