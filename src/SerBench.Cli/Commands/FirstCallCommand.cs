using System.CommandLine;
using System.Globalization;
using System.Text.Json;
using System.Text.Json.Nodes;
using SerBench.Contenders;
using SerBench.FirstCall;
using SerBench.Reports;
using SerBench.Results;
using SerBench.Running;
using SerBench.Verification;
using Spectre.Console;

namespace SerBench.Cli.Commands;

/// <summary>
/// <c>serbench first-call [--study S] [--contenders …] [--payloads …] [--launches 5] [--out DIR] [--json]</c>: the cost of the
/// first serialize and deserialize in a fresh process (JIT, metadata, caches), apart from the steady-state numbers of
/// <c>run</c>. Every sample is a new child process; the hidden <c>--probe</c> mode is that child.
/// </summary>
internal static class FirstCallCommand
{
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
        var output = new Option<string?>("--out") { Description = "Folder for first-call.json and first-call.md (default: results/first-call-<timestamp>)." };
        var json = new Option<bool>("--json") { Description = "Print machine-readable JSON instead of a table." };
        var command = new Command("first-call", "Measure the first serialize and deserialize in fresh processes (cold start), per contender and payload.");
        common.AddTo(command);
        packs.AddTo(command);
        command.Options.Add(launches);
        command.Options.Add(output);
        command.Options.Add(json);
        command.SetAction(parse =>
        {
            var request = RunRequest.Parse(parse.GetValue(common.Study), parse.GetValue(common.Contenders), parse.GetValue(common.Payloads), null, null, null,
                userContenders: packs.UserContenders(parse), dataPaths: parse.GetValue(common.Data), types: common.UserTypes(parse));
            var plan = RunPlan.Create(request);
            var count = parse.GetValue(launches);

            var directory = parse.GetValue(output) ?? Path.Combine("results", "first-call-" + DateTime.Now.ToString("yyyyMMdd-HHmmss", CultureInfo.InvariantCulture));
            EnsureWritable(directory);
            var agent = AgentSession.Prepare(plan, request.UserContenders, packs.PackageSources(parse), context.Error.WriteLine);
            plan = AgentSession.WithAgentOnlyCases(plan, agent);
            var results = Measure(context, plan, count, new ChildProcessCaseRunner(directory, agent));
            var table = FirstCallTable.Build(results, count);
            Write(directory, results, table);
            if (parse.GetValue(json))
            {
                context.Output.WriteLine(File.ReadAllText(Path.Combine(directory, "first-call.json")));
            }
            else
            {
                ConsoleReport.WriteTable(context.Console, table);
                context.Console.MarkupLine($"Written: {Markup.Escape(Path.Combine(directory, "first-call.md"))}, first-call.json");
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

    /// <summary>One row per contender and payload (the first study that pairs them sets the conventions).</summary>
    private static List<FirstCallResult> Measure(CliContext context, IReadOnlyList<PlannedCase> plan, int launches, IFirstCallLauncher launcher)
    {
        var pairs = plan.GroupBy(p => (p.Contender.Name, p.Workload.Payload.Name)).Select(g => g.First()).ToList();
        var results = new List<FirstCallResult>();
        var done = 0;
        foreach (var planned in pairs)
        {
            context.Error.WriteLine($"[{++done}/{pairs.Count}] {planned.Contender.Name} · {planned.Workload.Payload.Name}");
            var contender = planned.Contender;
            // Unavailable contenders are reported as such; crash-prone ones are gated by their own probe process.
            var verdict = contender.UnavailableReason is { } unavailable ? new Verdict(VerificationStatus.Unavailable, unavailable)
                : planned.NeedsChildProcess ? Verdict.Ok
                : Gate(planned);
            var samples = new List<FirstCallSample>();
            string? failure = null;
            for (var i = 0; verdict.IsTimed && failure is null && i < launches; i++)
            {
                var launch = launcher.Launch(planned, CancellationToken.None);
                if (launch.Sample is { } sample)
                {
                    samples.Add(sample);
                }
                else
                {
                    failure = launch.Failure;
                }
            }

            var status = failure is not null ? "CRASH" : verdict.Label;
            results.Add(new FirstCallResult(contender.Name, contender.Library, Runner.GenerationName(contender.Generation), planned.Workload.Payload.Name,
                failure is null ? samples : [], status, failure ?? verdict.Reason));
        }

        return results;
    }

    private static Verdict Gate(PlannedCase planned) => Runner.Verify([planned with { Workload = planned.Workload with { Shape = Payloads.Shape.Object, Count = 1 } }])[0].Verdict;

    /// <summary>Fails before any process is started when the output folder cannot be written.</summary>
    private static void EnsureWritable(string directory)
    {
        try
        {
            Directory.CreateDirectory(directory);
            var probe = Path.Combine(directory, ".write-test");
            File.WriteAllText(probe, "");
            File.Delete(probe);
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
        {
            throw new UsageException($"Cannot write to output folder '{directory}': {exception.Message} Choose another with --out DIR.");
        }
    }

    private static void Write(string directory, IReadOnlyList<FirstCallResult> results, TableModel table)
    {
        try
        {
            var json = new JsonArray([.. results.Select(r => (JsonNode)new JsonObject
            {
                ["contender"] = r.Contender,
                ["library"] = r.Library,
                ["generation"] = r.Generation,
                ["payload"] = r.Payload,
                ["status"] = r.Status,
                ["reason"] = r.Reason,
                ["samplesMicroseconds"] = new JsonArray([.. r.Samples.Select(s => (JsonNode)new JsonObject
                {
                    ["create"] = s.CreateMicroseconds,
                    ["serialize"] = s.SerializeMicroseconds,
                    ["deserialize"] = s.DeserializeMicroseconds,
                })]),
            })]);
            File.WriteAllText(Path.Combine(directory, "first-call.json"), json.ToJsonString(new JsonSerializerOptions { WriteIndented = true }));
            using var writer = new StreamWriter(Path.Combine(directory, "first-call.md"));
            writer.WriteLine("# SerBench first-call cost");
            writer.WriteLine();
            writer.WriteLine($"## {table.Title}");
            writer.WriteLine();
            MarkdownReportExporter.WriteTable(writer, table);
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
        {
            throw new UsageException($"Cannot write to output folder '{directory}': {exception.Message} Choose another with --out DIR.");
        }
    }
}
