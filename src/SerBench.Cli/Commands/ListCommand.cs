using System.CommandLine;
using System.Globalization;
using System.Text.Json;
using System.Text.Json.Nodes;
using SerBench.AgentBuilds;
using SerBench.Core.Contenders;
using SerBench.Core.Packs;
using SerBench.Core.Payloads;
using SerBench.Core.Results;
using SerBench.Core.Running;
using SerBench.Core.Studies;
using SerBench.Core.Verification;
using Spectre.Console;

namespace SerBench.Cli.Commands;

internal static class ListCommand
{
    public static Command Create(CliContext context)
    {
        var json = new Option<bool>("--json") { Description = "Print machine-readable JSON instead of tables." };
        var packs = new PackOptions();
        var command = new Command("list", "List contenders (with availability and pack), payload models and studies.") { json };
        packs.AddTo(command);
        command.SetAction(parse =>
        {
            var user = packs.UserContenders(parse);
            IReadOnlyList<Contender> listed = [.. ContenderRegistry.All, .. user];
            // What the last agent build for these packs found, if there is one; listing never builds.
            var allPacks = listed.OfType<PackContender>().Select(c => c.Pack).Distinct().ToList();
            var built = PackCatalog.Current.IsAgent || allPacks.Count == 0 ? null
                : new AgentBuilder(packageSources: packs.PackageSources(parse)).Peek(allPacks);
            var outcomes = built is null ? null : AgentBuilder.Outcomes(allPacks, built);
            IReadOnlyList<Contender> contenders = [.. listed.Select(c => AgentBuilder.Bind(c, outcomes))];
            IReadOnlyList<Study> studies = [.. StudyRegistry.All.Select(s => s.Admitting(user, name => contenders.FirstOrDefault(c => c.Name == name)))];
            if (parse.GetValue(json))
            {
                context.Output.WriteLine(ToJson(contenders, studies, built is not null).ToJsonString(new JsonSerializerOptions { WriteIndented = true, Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping }));
            }
            else
            {
                WriteTables(context.Console, contenders, studies, built is not null);
            }

            return CliApp.ExitOk;
        });
        return command;
    }

    private static string Origin(Contender c) => c is PackContender pack
        ? (pack.Pack.Origin == PackOrigin.User ? "--pack " : "pack ") + Path.GetFileName(pack.Pack.Directory)
        : "built in";

    // For a pack before any agent was built for it: what will happen.
    private static string Availability(Contender c, bool agentBuilt) =>
        c.UnavailableReason is not null ? CellText.Label(VerificationStatus.Unavailable)
        : c is PackContender && !agentBuilt ? "built on first use"
        : "available";

    // Names never wrap (they are copied into --contenders); the rest wraps in one column, so the list reads at 80 columns.
    private static void WriteTables(IAnsiConsole console, IReadOnlyList<Contender> all, IReadOnlyList<Study> studyList, bool agentBuilt)
    {
        var contenders = Listing();
        var notes = new List<string>();
        foreach (var c in all)
        {
            // Reasons and notes are long; they go under the list as numbered notes so each row stays short.
            var availability = Availability(c, agentBuilt);
            if (c.UnavailableReason is not null || c.Note is not null)
            {
                notes.Add($"{c.Name}: {(c.UnavailableReason is null ? c.Note : "UNAVAILABLE: " + c.UnavailableReason)}");
                availability += $" [{notes.Count}]";
            }

            contenders.AddRow(new Text(c.Name), new Text(string.Join(" · ",
                $"{c.Library} {c.LibraryVersion}", $"{c.Format.ToString().ToUpperInvariant()} {(c.TextMode == TextMode.Utf8 ? "UTF-8" : "UTF-16")}",
                PlannedCells.GenerationName(c.Generation), "Trim/AOT " + PlannedCells.AotName(c.NativeAot), c.Licence, Origin(c), availability)));
        }

        var payloads = Listing();
        foreach (var p in PayloadRegistry.All)
        {
            payloads.AddRow(new Text(p.Name), new Text($"{p.ModelType.Name} · {p.Description}"));
        }

        var studies = Listing();
        foreach (var s in studyList)
        {
            studies.AddRow(new Text(s.Name), new Text($"{s.Title}{(InDefaultRun(s) ? "" : " (not in the default run: --study " + s.Name + ")")}\n{string.Join("; ", s.Workloads.Select(Describe))}\ncontenders: {string.Join(", ", s.Contenders)}"));
        }

        console.WriteLine("Contenders: name, then library and version · format and text · generation · Trim/AOT · licence · from · availability");
        console.Write(contenders);
        for (var i = 0; i < notes.Count; i++)
        {
            console.WriteLine($"  [{i + 1}] {notes[i]}");
        }

        console.WriteLine();
        console.WriteLine("Payload models: name, then type · description");
        console.Write(payloads);
        console.WriteLine();
        console.WriteLine("Studies: name, then title, workloads and contenders (baseline first)");
        console.Write(studies);
    }

    private static bool InDefaultRun(Study study) => StudyRegistry.Default.Any(s => s.Name == study.Name);

    private static Grid Listing() => new Grid().AddColumn(new GridColumn().NoWrap().PadLeft(2).PadRight(2)).AddColumn(new GridColumn());

    private static string Describe(Workload w) =>
        $"{w.Payload.Name} {CellText.Case(w.Shape, w.Count)}: {string.Join(",", w.Operations.Select(CellText.Name))}";

    private static JsonObject ToJson(IReadOnlyList<Contender> all, IReadOnlyList<Study> studyList, bool agentBuilt) => new()
    {
        ["contenders"] = new JsonArray([.. all.Select(c => (JsonNode)new JsonObject
        {
            ["name"] = c.Name,
            ["library"] = c.Library,
            ["version"] = c.LibraryVersion,
            ["format"] = c.Format.ToString().ToLowerInvariant(),
            ["textMode"] = c.TextMode.ToString().ToLowerInvariant(),
            ["generation"] = PlannedCells.GenerationName(c.Generation),
            ["nativeAot"] = PlannedCells.AotName(c.NativeAot),
            ["licence"] = c.Licence,
            ["from"] = Origin(c),
            ["availability"] = Availability(c, agentBuilt),
            ["available"] = c.UnavailableReason is null,
            ["unavailableReason"] = c.UnavailableReason,
            ["note"] = c.Note,
        })]),
        ["payloads"] = new JsonArray([.. PayloadRegistry.All.Select(p => (JsonNode)new JsonObject
        {
            ["name"] = p.Name,
            ["type"] = p.ModelType.Name,
            ["description"] = p.Description,
        })]),
        ["studies"] = new JsonArray([.. studyList.Select(s => (JsonNode)new JsonObject
        {
            ["name"] = s.Name,
            ["title"] = s.Title,
            ["conventions"] = s.Conventions.Name,
            ["baseline"] = s.Baseline,
            ["defaultRun"] = InDefaultRun(s),
            ["contenders"] = new JsonArray([.. s.Contenders.Select(n => (JsonNode)JsonValue.Create(n))]),
            ["workloads"] = new JsonArray([.. s.Workloads.Select(w => (JsonNode)JsonValue.Create(Describe(w)))]),
        })]),
    };
}
