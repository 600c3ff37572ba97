using System.CommandLine;
using System.Globalization;
using SerBench.Agents;
using SerBench.FirstCall;
using SerBench.Reports;
using SerBench.Results;
using SerBench.Running;
using Spectre.Console;

namespace SerBench.Cli.Commands;

/// <summary>
/// <c>serbench first-call [--study S] [--contenders …] [--payloads …] [--launches 5] [--out DIR] [--json]</c>: the cost of the
/// first serialize and deserialize in a fresh process (JIT, metadata, caches), apart from the steady-state numbers of
/// <c>run</c>. Every sample is a new child process; the hidden <c>--probe</c> mode is that child.
/// </summary>
internal static class FirstCallCommand
{
    private const string MarkdownFileName = "first-call.md";

    public static Command Create(CliContext context)
    {
        var common = new CommonOptions();
        var packs = new PackOptions();
        var launches = new Option<int>("--launches")
        {
            Description = "Fresh processes per contender and payload (default 5).",
            DefaultValueFactory = _ => 5,
            // Our own message: System.CommandLine's names the .NET type (System.Int32).
            CustomParser = result => int.TryParse(result.Tokens.Single().Value, NumberStyles.None, CultureInfo.InvariantCulture, out var count) && count is >= 1 and <= 100
                ? count
                : Fail(result, $"Invalid --launches '{result.Tokens.Single().Value}'. Give a whole number of fresh processes from 1 to 100, e.g. --launches 5."),
        };
        var output = new Option<string?>("--out")
        {
            Description = "Folder for first-call.json and first-call.md (default: results/first-call-<timestamp>). Refused when it holds files SerBench did not write, unless --force.",
        };
        var force = new Option<bool>("--force") { Description = "Let --out write where SerBench did not write before: files of the names it writes are replaced, nothing else is deleted." };
        var json = new Option<bool>("--json") { Description = "Print machine-readable JSON instead of a table." };
        var command = new Command("first-call", "Measure the first serialize and deserialize in fresh processes (cold start), per contender and payload.");
        common.AddTo(command);
        packs.AddTo(command);
        command.Options.Add(launches);
        command.Options.Add(output);
        command.Options.Add(force);
        command.Options.Add(json);
        command.SetAction(parse =>
        {
            var request = RunOptionsParser.Parse(common.Read(parse, packs));
            var plan = RunPlan.Create(request);
            var count = parse.GetValue(launches);

            var directory = parse.GetValue(output) ?? Path.Combine("results", "first-call-" + DateTime.Now.ToString("yyyyMMdd-HHmmss", CultureInfo.InvariantCulture));
            using var folder = OutputFolderClaim.Take(directory, FolderUse.Replace, [FirstCallFile.FileName, MarkdownFileName, "isolated"], parse.GetValue(force));
            var agent = AgentPreparation.Prepare(plan, request.UserContenders, packs.PackageSources(parse), context.Error.WriteLine);
            plan = AgentPreparation.WithAgentOnlyCases(plan, agent);
            var versionAgents = AgentPreparation.PrepareVersions(plan, packs.PackageSources(parse), context.Error.WriteLine);
            var launcher = new AgentFirstCallLauncher(new AgentClient(directory, SelfProcess.Run, agent, versionAgents: versionAgents));
            var results = FirstCallSampler.Run(plan, count, launcher, context.Error.WriteLine);
            var table = FirstCallTable.Build(results, count);
            Write(directory, results, table);
            if (parse.GetValue(json))
            {
                context.Output.WriteLine(File.ReadAllText(Path.Combine(directory, FirstCallFile.FileName)));
            }
            else
            {
                ConsoleReport.WriteTable(context.Console, table);
                context.Console.MarkupLine($"Written: {Markup.Escape(Path.Combine(directory, MarkdownFileName))}, {FirstCallFile.FileName}");
            }

            return CliApp.ExitOk;
        });
        return command;
    }

    private static int Fail(System.CommandLine.Parsing.ArgumentResult result, string message)
    {
        result.AddError(message);
        return 0;
    }

    private static void Write(string directory, IReadOnlyList<FirstCallResult> results, TableModel table)
    {
        try
        {
            File.WriteAllText(Path.Combine(directory, FirstCallFile.FileName), FirstCallFile.ToJson(results));
            using var writer = new StreamWriter(Path.Combine(directory, MarkdownFileName));
            writer.WriteLine("# SerBench first-call cost");
            writer.WriteLine();
            writer.WriteLine($"## {table.Title}");
            writer.WriteLine();
            MarkdownReportExporter.WriteTable(writer, table);
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
        {
            throw OutputFolderClaim.CannotWrite(directory, exception);
        }
    }
}
