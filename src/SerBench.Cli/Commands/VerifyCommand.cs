using System.CommandLine;
using System.Text.Json;
using System.Text.Json.Nodes;
using SerBench.Agents;
using SerBench.Core.Results;
using SerBench.Core.Running;
using SerBench.Core.Verification;
using SerBench.Reports;
using SerBench.Running;
using Spectre.Console;

namespace SerBench.Cli.Commands;

/// <summary>The correctness gate alone; exit 1 on any MISMATCH or CRASH.</summary>
internal static class VerifyCommand
{
    public static Command Create(CliContext context)
    {
        var common = new CommonOptions();
        var json = new Option<bool>("--json") { Description = "Print machine-readable JSON instead of a matrix." };
        var command = new Command("verify", "Run the correctness gate only: round trip plus document comparison for every contender, payload and shape.");
        common.AddTo(command);
        command.Options.Add(json);
        command.SetAction(parse =>
        {
            var planned = StopSignals.Around("checking your types", stop => PreparedRun.Check(RunOptionsParser.Plan(common.Read(parse)), SelfProcess.Run, stop));
            var run = StopSignals.Around("building the measuring agent", stop => PreparedRun.Prepare(planned, common.PackOptions.PackageSources(parse), context.Error.WriteLine, stop));
            // verify writes no output folder: the children's requests and replies live in a temporary folder, deleted afterwards, also when stopped.
            using var stop = new StopSignals();
            var folder = Directory.CreateTempSubdirectory("serbench-verify-");
            try
            {
                return Report(context, VerifyRunner.Run(run.Plan, run.Client(folder.FullName, SelfProcess.Run), stop.Token, context.Error.WriteLine), parse.GetValue(json));
            }
            catch (OperationCanceledException) when (stop.ExitCode is { } code)
            {
                throw new StoppedException(code, $"verify stopped by {stop.Name}; nothing was reported.");
            }
            finally
            {
                folder.Delete(recursive: true);
            }
        });
        return command;
    }

    private static int Report(CliContext context, IReadOnlyList<(PlannedCase Case, GateOutcome Outcome, long? PayloadBytes)> results, bool json)
    {
        if (json)
        {
            context.Output.WriteLine(ToJson(results).ToJsonString(new JsonSerializerOptions { WriteIndented = true, Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping }));
        }
        else
        {
            WriteMatrix(context.Console, results);
        }

        return results.Any(r => r.Outcome.Status is VerificationStatus.Mismatch or VerificationStatus.Crash) ? CliApp.ExitFailures : CliApp.ExitOk;
    }

    private static string Column(PlannedCase c) =>
        $"{c.Workload.Payload.Name} {CellText.Case(c.Workload.Shape, c.Workload.CellCount)}";

    private static void WriteMatrix(IAnsiConsole console, IReadOnlyList<(PlannedCase Case, GateOutcome Outcome, long? PayloadBytes)> results)
    {
        foreach (var study in results.GroupBy(r => r.Case.Study.Name))
        {
            var columns = study.Select(r => Column(r.Case)).Distinct().ToList();
            var table = new Table().Title($"verify · {study.Key}").AddColumn("Contender");
            foreach (var column in columns)
            {
                table.AddColumn(Markup.Escape(column));
            }

            var reasons = new Footnotes();
            foreach (var contender in study.GroupBy(r => r.Case.Contender.Name))
            {
                var row = new List<string> { Markup.Escape(contender.Key) };
                foreach (var column in columns)
                {
                    var result = contender.FirstOrDefault(r => Column(r.Case) == column);
                    if (result.Case is null)
                    {
                        row.Add("");
                        continue;
                    }

                    var label = result.Outcome.Label;
                    // One footnote per distinct reason, so an unavailable library is explained once, not per column.
                    label = result.Outcome.Reason is { } reason ? reasons.Mark(label, $"{contender.Key}: {label} — {reason}") : label;
                    row.Add(Color(result.Outcome.Status, Markup.Escape(label)));
                }

                table.AddRow(row.ToArray());
            }

            console.Write(table);
            for (var i = 0; i < reasons.All.Count; i++)
            {
                console.WriteLine($"  [{i + 1}] {reasons.All[i]}");
            }

            console.WriteLine();
        }
    }

    private static string Color(VerificationStatus status, string text) => status switch
    {
        VerificationStatus.Ok => $"[green]{text}[/]",
        VerificationStatus.Differs => $"[yellow]{text}[/]",
        VerificationStatus.Unsupported or VerificationStatus.Unavailable => $"[grey]{text}[/]",
        _ => $"[red]{text}[/]",
    };

    private static JsonArray ToJson(IReadOnlyList<(PlannedCase Case, GateOutcome Outcome, long? PayloadBytes)> results) =>
        new([.. results.Select(r => (JsonNode)new JsonObject
        {
            ["study"] = r.Case.Study.Name,
            ["contender"] = r.Case.Contender.Name,
            ["payload"] = r.Case.Workload.Payload.Name,
            ["shape"] = CellText.Name(r.Case.Workload.Shape),
            ["count"] = r.Case.Workload.Count,
            ["status"] = r.Outcome.Label,
            ["reason"] = r.Outcome.Reason,
            ["payloadBytes"] = r.PayloadBytes,
        })]);
}
