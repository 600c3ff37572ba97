using System.CommandLine;
using System.Text.Json;
using System.Text.Json.Nodes;
using SerBench.Contenders;
using SerBench.Payloads;
using SerBench.Running;
using SerBench.Studies;
using Spectre.Console;

namespace SerBench.Cli.Commands;

/// <summary><c>serbench list [--json]</c>: contenders, payload models and studies.</summary>
internal static class ListCommand
{
    public static Command Create(CliContext context)
    {
        var json = new Option<bool>("--json") { Description = "Print machine-readable JSON instead of tables." };
        var command = new Command("list", "List contenders (with availability), payload models and studies.") { json };
        command.SetAction(parse =>
        {
            if (parse.GetValue(json))
            {
                context.Output.WriteLine(ToJson().ToJsonString(new JsonSerializerOptions { WriteIndented = true, Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping }));
            }
            else
            {
                WriteTables(context.Console);
            }

            return CliApp.ExitOk;
        });
        return command;
    }

    private static void WriteTables(IAnsiConsole console)
    {
        var contenders = new Table().Title("Contenders").AddColumns("Name", "Library", "Version", "Format", "Text", "Generation", "Trim/AOT", "Licence", "Availability");
        var notes = new List<string>();
        foreach (var c in ContenderRegistry.All)
        {
            // Reasons and notes are long; they go under the table as numbered notes so the table stays readable.
            var availability = c.UnavailableReason is null ? "available" : "UNAVAILABLE";
            if (c.UnavailableReason is not null || c.Note is not null)
            {
                notes.Add($"{c.Name}: {(c.UnavailableReason is null ? c.Note : "UNAVAILABLE: " + c.UnavailableReason)}");
                availability += $" [{notes.Count}]";
            }

            contenders.AddRow(Markup.Escape(c.Name), Markup.Escape(c.Library), Markup.Escape(c.LibraryVersion), c.Format.ToString().ToUpperInvariant(),
                c.TextMode == TextMode.Utf8 ? "UTF-8" : "UTF-16", Runner.GenerationName(c.Generation),
                Runner.AotName(c.NativeAot), Markup.Escape(c.Licence), Markup.Escape(availability));
        }

        var payloads = new Table().Title("Payload models").AddColumns("Name", "Type", "Description");
        foreach (var p in PayloadRegistry.All)
        {
            payloads.AddRow(p.Name, p.ModelType.Name, Markup.Escape(p.Description));
        }

        var studies = new Table().Title("Studies").AddColumns("Name", "Title", "Workloads", "Contenders (baseline first)");
        foreach (var s in StudyRegistry.All)
        {
            studies.AddRow(s.Name, Markup.Escape(s.Title), Markup.Escape(string.Join("; ", s.Workloads.Select(Describe))), Markup.Escape(string.Join(", ", s.Contenders)));
        }

        console.Write(contenders);
        for (var i = 0; i < notes.Count; i++)
        {
            console.WriteLine($"  [{i + 1}] {notes[i]}");
        }

        console.Write(payloads);
        console.Write(studies);
    }

    private static string Describe(Workload w) =>
        $"{w.Payload.Name} {(w.Shape == Shape.Object ? "object" : $"{w.Shape.ToString().ToLowerInvariant()} of {w.Count:N0}")}: {string.Join(",", w.Operations.Select(RunRequest.OperationName))}";

    private static JsonObject ToJson() => new()
    {
        ["contenders"] = new JsonArray([.. ContenderRegistry.All.Select(c => (JsonNode)new JsonObject
        {
            ["name"] = c.Name,
            ["library"] = c.Library,
            ["version"] = c.LibraryVersion,
            ["format"] = c.Format.ToString().ToLowerInvariant(),
            ["textMode"] = c.TextMode.ToString().ToLowerInvariant(),
            ["generation"] = Runner.GenerationName(c.Generation),
            ["nativeAot"] = Runner.AotName(c.NativeAot),
            ["licence"] = c.Licence,
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
        ["studies"] = new JsonArray([.. StudyRegistry.All.Select(s => (JsonNode)new JsonObject
        {
            ["name"] = s.Name,
            ["title"] = s.Title,
            ["conventions"] = s.Conventions.Name,
            ["baseline"] = s.Baseline,
            ["contenders"] = new JsonArray([.. s.Contenders.Select(n => (JsonNode)JsonValue.Create(n))]),
            ["workloads"] = new JsonArray([.. s.Workloads.Select(w => (JsonNode)JsonValue.Create(Describe(w)))]),
        })]),
    };
}
