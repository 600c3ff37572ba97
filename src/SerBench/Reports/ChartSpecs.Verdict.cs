using System.Text.Json.Nodes;
using SerBench.Core.Results;
using SerBench.Core.Statistics;
using SerBench.Reports.Verdict;

namespace SerBench.Reports;

internal static partial class ChartSpecs
{
    /// <summary>Contender (by overall rank) × case, coloured by time against the case's fastest on a log scale; a failed gate shows its status.</summary>
    private static JsonObject OverviewChart(StudyVerdict verdict)
    {
        var values = new JsonArray();
        var caseOrder = verdict.Cases.Select(c => c.Title).ToList();
        // Looked up, not searched: a contender missing from many cases would scan the slice once for each (issue 44 item 12).
        var cells = new Dictionary<(string, string, Core.Payloads.Shape, int, Core.Studies.Operation), ResultCell>();
        foreach (var cell in verdict.Slice.Cells)
        {
            cells.TryAdd((cell.Contender, cell.Payload, cell.Shape, cell.Count, cell.Operation), cell);
        }

        foreach (var standing in verdict.Standings)
        {
            foreach (var ranking in verdict.Cases)
            {
                var row = standing.ByCase.GetValueOrDefault(ranking.Title);
                var failed = row is null ? cells.GetValueOrDefault((standing.Contender, ranking.Payload, ranking.Shape, ranking.Count, ranking.Operation)) : null;
                values.Add(new JsonObject
                {
                    ["contender"] = standing.Contender,
                    ["case"] = ranking.Title,
                    ["relative"] = row is null ? null : Round(row.Relative),
                    ["label"] = row is not null ? RatioInterval.Times(row.Relative) + (row.Rank == 1 ? " ★" : "") : failed?.StatusLabel ?? "—",
                    ["rank"] = row?.Rank,
                    ["status"] = row?.Cell.StatusLabel ?? failed?.StatusLabel ?? "not measured",
                });
            }
        }

        var contenders = new JsonArray([.. verdict.Standings.Select(s => (JsonNode)s.Contender)]);
        return new JsonObject
        {
            ["$schema"] = Schema,
            ["title"] = $"{verdict.Title}: time against the fastest in each case (★ rank 1; log colour scale)",
            ["width"] = Width,
            ["data"] = new JsonObject { ["values"] = values },
            ["encoding"] = new JsonObject
            {
                ["x"] = new JsonObject { ["field"] = "case", ["type"] = "nominal", ["sort"] = new JsonArray([.. caseOrder.Select(c => (JsonNode)c)]), ["title"] = null, ["axis"] = new JsonObject { ["labelAngle"] = -30, ["labelLimit"] = 220 } },
                ["y"] = new JsonObject { ["field"] = "contender", ["type"] = "nominal", ["sort"] = contenders, ["title"] = null },
            },
            ["layer"] = new JsonArray(
                new JsonObject
                {
                    ["mark"] = new JsonObject { ["type"] = "rect", ["tooltip"] = true },
                    ["encoding"] = new JsonObject
                    {
                        ["color"] = new JsonObject
                        {
                            ["field"] = "relative", ["type"] = "quantitative", ["title"] = "× fastest",
                            ["scale"] = new JsonObject { ["type"] = "log", ["scheme"] = "yelloworangered", ["domainMin"] = 1 },
                            ["condition"] = new JsonObject { ["test"] = "datum.relative === null", ["value"] = "#d9d9d9" },
                        },
                        ["tooltip"] = Tooltip(("contender", "nominal"), ("case", "nominal"), ("relative", "quantitative"), ("rank", "quantitative"), ("status", "nominal")),
                    },
                },
                new JsonObject
                {
                    ["mark"] = new JsonObject { ["type"] = "text", ["fontSize"] = 10 },
                    ["encoding"] = new JsonObject { ["text"] = new JsonObject { ["field"] = "label" } },
                }),
        };
    }

    private static JsonObject TimeChart(string title, CaseRanking ranking)
    {
        var rows = ranking.Rows.Select(r => r.Cell).ToList();
        var unit = Core.Results.TimeUnits.For(rows.Min(r => r.MeanNs!.Value));
        var values = new JsonArray([.. ranking.Rows.Select(row => (JsonNode)new JsonObject
        {
            ["contender"] = row.Cell.Contender,
            ["library"] = LibraryColours.LibraryOf(row.Cell.Library),
            ["mean"] = Round(row.Cell.MeanNs!.Value / unit.Divisor),
            ["low"] = Round(Math.Max(row.Cell.MeanNs.Value - (row.Cell.ErrorNs ?? 0), row.Cell.MeanNs.Value * 0.01) / unit.Divisor),
            ["high"] = Round((row.Cell.MeanNs.Value + (row.Cell.ErrorNs ?? 0)) / unit.Divisor),
            ["relative"] = RatioInterval.Times(row.Relative),
            ["rank"] = row.Rank,
            ["status"] = row.Cell.StatusLabel,
        })]);
        var log = Span(rows.Select(r => r.MeanNs!.Value)) > LogScaleSpan;
        var axisTitle = $"{unit.Unit}{(log ? " (log scale)" : "")}";
        var y = SortedContenderAxis([.. ranking.Rows.Select(r => r.Cell.Contender)]);
        return new JsonObject
        {
            ["$schema"] = Schema,
            ["title"] = title,
            ["width"] = Width,
            ["data"] = new JsonObject { ["values"] = values },
            ["layer"] = new JsonArray(
                Layer(Mark(log), new JsonObject
                {
                    ["y"] = y,
                    ["x"] = Axis("mean", axisTitle, log),
                    ["color"] = LibraryColour(rows),
                    ["tooltip"] = Tooltip(("contender", "nominal"), ("library", "nominal"), ("mean", "quantitative"), ("low", "quantitative"), ("high", "quantitative"), ("relative", "nominal"), ("rank", "quantitative"), ("status", "nominal")),
                }),
                Layer(new JsonObject { ["type"] = "errorbar", ["ticks"] = true, ["color"] = "#222" }, new JsonObject
                {
                    ["y"] = y.DeepClone(),
                    // Same title as the bars' axis, or Vega-Lite would merge the two into "ns, low".
                    ["x"] = new JsonObject { ["field"] = "low", ["type"] = "quantitative", ["scale"] = Scale(log), ["title"] = axisTitle },
                    ["x2"] = new JsonObject { ["field"] = "high" },
                })),
        };
    }

    private static JsonObject LibraryColour(IEnumerable<ResultCell> cells)
    {
        var libraries = cells.Select(c => LibraryColours.LibraryOf(c.Library)).Distinct().ToList();
        return new JsonObject
        {
            ["field"] = "library",
            ["type"] = "nominal",
            ["title"] = "library",
            ["scale"] = new JsonObject
            {
                ["domain"] = new JsonArray([.. libraries.Select(l => (JsonNode)l)]),
                ["range"] = new JsonArray([.. libraries.Select(l => (JsonNode)LibraryColours.Of(l))]),
            },
            ["legend"] = new JsonObject { ["orient"] = "bottom", ["columns"] = 4 },
        };
    }

    // Fastest first, so every chart reads top-down from the winner.
    private static JsonObject SortedContenderAxis(IReadOnlyList<string> order) => new()
    {
        ["field"] = "contender",
        ["type"] = "nominal",
        ["sort"] = new JsonArray([.. order.Select(c => (JsonNode)c)]),
        ["title"] = null,
    };
}
