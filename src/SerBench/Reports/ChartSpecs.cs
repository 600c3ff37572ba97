using System.Text.Json.Nodes;
using SerBench.Core.Files;
using SerBench.Core.Results;
using SerBench.Core.Sizes;
using SerBench.Reports.Verdict;

namespace SerBench.Reports;

/// <summary>
/// A Vega-Lite chart of a slice (<see cref="StudySlice.Key"/>); <see cref="Id"/>, built from slugs, names charts/&lt;id&gt;.svg. <see cref="Anchor"/>
/// is the <see cref="StudyVerdict.Title"/> or <see cref="CaseRanking.Title"/> it illustrates; null for study-wide charts.
/// </summary>
internal sealed record ChartSpec(string Study, string Id, string Title, JsonObject Spec, string? Anchor = null)
{
    public bool IsOverview => Id.EndsWith("-overview", StringComparison.Ordinal);
}

/// <summary>Only measured cells are drawn; scales turn logarithmic beyond <see cref="LogScaleSpan"/>×.</summary>
internal static partial class ChartSpecs
{
    public const double LogScaleSpan = 20;

    private const string Schema = "https://vega.github.io/schema/vega-lite/v6.json";

    public const int Width = 900;

    // A chart's labels are a report's text too: control and bidi characters show as code points.
    private static JsonNode Visible(JsonNode node) => node switch
    {
        JsonObject o => new JsonObject(o.Select(p => KeyValuePair.Create(p.Key, p.Value is null ? null : (JsonNode?)Visible(p.Value)))),
        JsonArray a => new JsonArray([.. a.Select(n => n is null ? null : Visible(n))]),
        JsonValue v when v.TryGetValue<string>(out var text) => JsonValue.Create(InvisibleText.Show(text)),
        _ => node.DeepClone(),
    };

    /// <summary>Ends the id of a case's chart, one per case: the charts that grow with the file.</summary>
    public const string CaseChartSuffix = "-time";

    public static IReadOnlyList<ChartSpec> Build(RunSummary summary, CancellationToken stop = default)
    {
        var charts = new List<ChartSpec>();
        var verdicts = summary.Verdict.Studies;
        foreach (var slice in summary.Slices)
        {
            var cells = slice.Cells.ToList();
            // The id names files: a study name from a results file only reaches it as a slug.
            var slug = OutputFolder.Slug(slice.Key);
            var index = 0;
            foreach (var verdict in verdicts.Where(v => v.Slice.Key == slice.Key && v.Standings.Count > 1))
            {
                stop.ThrowIfCancellationRequested();
                // On N threads the fastest has the most throughput: the title says so, as the tables' Objects/s column does.
                var threads = verdict.Cases.Any(c => c.Shape == Core.Payloads.Shape.Threads) ? " (threads: the fastest does the most objects a second; higher throughput is better)" : "";
                charts.Add(new ChartSpec(slice.Key, $"{slug}-{++index:00}-overview", $"{verdict.Title}: time against the fastest, per case{threads}",
                    OverviewChart(verdict), verdict.Title));
            }

            foreach (var ranking in verdicts.Where(v => v.Slice.Key == slice.Key).SelectMany(v => v.Cases).Where(c => c.Rows.Count > 1))
            {
                stop.ThrowIfCancellationRequested();
                var what = ranking.Shape == Core.Payloads.Shape.Threads
                    ? $"time until all {ranking.Count} threads are done, one object each (the fastest does the most objects a second: higher throughput is better)"
                    : "mean time per operation";
                charts.Add(new ChartSpec(slice.Key, $"{slug}-{++index:00}{CaseChartSuffix}", $"{ranking.Title}: {what}",
                    TimeChart($"{Capitalize(ranking.Title)}: {what}, fastest first (99.9% CI)", ranking), ranking.Title));
            }

            foreach (var group in cells.Where(c => c.MeanNs is not null && c.AllocatedBytes is not null && c.Operation != Core.Studies.Operation.FirstCall).GroupBy(c => (c.Payload, c.Operation)))
            {
                stop.ThrowIfCancellationRequested();
                var label = $"{CellText.Title(group.Key.Operation)} · {group.Key.Payload}";
                charts.Add(new ChartSpec(slice.Key, $"{slug}-{++index:00}-alloc", $"{label}: allocated per operation", AllocationChart($"{label}: allocated per operation, least first", [.. group])));
            }

            if (cells.Any(c => c.PayloadBytes is not null))
            {
                charts.Add(new ChartSpec(slice.Key, $"{slug}-size", "Payload size per object", SizeChart(cells)));
            }

            var scatter = ScatterPoints(cells);
            if (scatter.Count > 1)
            {
                charts.Add(new ChartSpec(slice.Key, $"{slug}-pareto", "Size against speed", ScatterChart(scatter)));
            }
        }

        return [.. charts.Select(c =>
        {
            stop.ThrowIfCancellationRequested();
            return c with { Title = InvisibleText.Show(c.Title), Spec = Visible(c.Spec).AsObject() };
        })];
    }

    private static JsonObject AllocationChart(string title, List<ResultCell> rows)
    {
        var measured = rows.Where(r => r.AllocatedBytes is not null).ToList();
        var values = new JsonArray([.. measured.Select(r => (JsonNode)new JsonObject
        {
            ["contender"] = r.Contender,
            ["library"] = LibraryColours.LibraryOf(r.Library),
            ["case"] = r.Case,
            ["bytes"] = r.AllocatedBytes,
        })]);
        var log = measured.All(r => r.AllocatedBytes > 0) && WidestCase(measured, r => r.AllocatedBytes!.Value) > LogScaleSpan;
        var layer = new JsonArray(Layer(Mark(log), new JsonObject
        {
            // Least first within each case: the independent y scales sort each facet by its own bars.
            ["y"] = new JsonObject { ["field"] = "contender", ["type"] = "nominal", ["sort"] = "x", ["title"] = null },
            ["x"] = Axis("bytes", "bytes allocated" + (log ? " (log scale)" : ""), log),
            ["color"] = LibraryColour(measured),
            ["tooltip"] = Tooltip(("contender", "nominal"), ("library", "nominal"), ("case", "nominal"), ("bytes", "quantitative")),
        }));
        return Faceted(title, values, measured, layer);
    }

    private static JsonArray EncodingOrder() => ["raw", .. Compressor.All.Select(c => (JsonNode?)c.Column)];

    private static JsonObject SizeChart(List<ResultCell> cells)
    {
        // One row per contender and payload at the largest case measured; sizes do not depend on the operation.
        var largest = cells.Where(c => c.PayloadBytes is not null)
            .GroupBy(c => (c.Contender, c.Payload))
            .Select(g => g.OrderByDescending(c => c.Count).First())
            .ToList();
        var values = new JsonArray();
        foreach (var cell in largest)
        {
            foreach (var (encoding, bytes) in Compressor.All.Select(c => (c.Column, c.Of(cell).Bytes)).Prepend(("raw", cell.PayloadBytes)))
            {
                if (bytes is { } size)
                {
                    values.Add(new JsonObject
                    {
                        ["contender"] = cell.Contender,
                        ["payload"] = $"{cell.Payload} ({cell.Case})",
                        ["encoding"] = encoding,
                        ["bytesPerObject"] = Round((double)size / cell.Count),
                    });
                }
            }
        }

        return new JsonObject
        {
            ["$schema"] = Schema,
            ["title"] = "Payload bytes per object: raw and compressed",
            ["data"] = new JsonObject { ["values"] = values },
            ["facet"] = new JsonObject { ["row"] = new JsonObject { ["field"] = "payload", ["type"] = "nominal", ["title"] = null, ["header"] = Header() } },
            ["spec"] = new JsonObject
            {
                ["width"] = Width,
                ["mark"] = Bar(),
                ["encoding"] = new JsonObject
                {
                    ["y"] = ContenderAxis(),
                    ["yOffset"] = new JsonObject { ["field"] = "encoding", ["sort"] = EncodingOrder() },
                    ["x"] = Axis("bytesPerObject", "bytes per object", log: false),
                    ["color"] = new JsonObject { ["field"] = "encoding", ["type"] = "nominal", ["sort"] = EncodingOrder(), ["title"] = "encoding" },
                    ["tooltip"] = Tooltip(("contender", "nominal"), ("encoding", "nominal"), ("bytesPerObject", "quantitative")),
                },
            },
            ["resolve"] = new JsonObject { ["scale"] = new JsonObject { ["x"] = "independent", ["y"] = "independent" } },
        };
    }

    internal sealed record ScatterPoint(string Contender, string Payload, double BytesPerObject, double NanosecondsPerObject, string Operations)
    {
        public bool OnParetoFront { get; init; }
    }

    internal static List<ScatterPoint> ScatterPoints(IReadOnlyList<ResultCell> cells)
    {
        var points = new List<ScatterPoint>();
        foreach (var payload in cells.Where(c => c.MeanNs is not null && c.PayloadBytes is not null).GroupBy(c => c.Payload))
        {
            var largest = payload.Max(c => c.Count);
            var shape = payload.Where(c => c.Count == largest).Select(c => c.Shape).First();
            var operations = payload.Where(c => c.Count == largest && c.Shape == shape).Select(c => c.Operation).Distinct().ToList();
            var candidates = new List<ScatterPoint>();
            foreach (var contender in payload.Where(c => c.Count == largest && c.Shape == shape).GroupBy(c => c.Contender))
            {
                // Time = the sum over the operations measured for everyone (e.g. serialize + deserialize).
                if (contender.Select(c => c.Operation).Distinct().Count() != operations.Count)
                {
                    continue;
                }

                var first = contender.First();
                candidates.Add(new ScatterPoint(contender.Key, $"{payload.Key} ({first.Case})", (double)first.PayloadBytes!.Value / largest,
                    contender.Sum(c => c.MeanNs!.Value) / largest, string.Join(" + ", operations.Select(CellText.Name))));
            }

            points.AddRange(candidates.Select(p => p with
            {
                OnParetoFront = !candidates.Any(q => q != p && q.BytesPerObject <= p.BytesPerObject && q.NanosecondsPerObject <= p.NanosecondsPerObject
                                                     && (q.BytesPerObject < p.BytesPerObject || q.NanosecondsPerObject < p.NanosecondsPerObject)),
            }));
        }

        return points;
    }

    private static JsonObject ScatterChart(List<ScatterPoint> points)
    {
        var values = new JsonArray([.. points.Select(p => (JsonNode)new JsonObject
        {
            ["contender"] = p.Contender,
            ["payload"] = p.Payload,
            ["bytesPerObject"] = Round(p.BytesPerObject),
            ["nsPerObject"] = Round(p.NanosecondsPerObject),
            ["front"] = p.OnParetoFront ? "Pareto front" : "dominated",
            ["operations"] = p.Operations,
        })]);
        var logY = Span(points.Select(p => p.NanosecondsPerObject)) > LogScaleSpan;
        var encoding = new JsonObject
        {
            ["x"] = new JsonObject { ["field"] = "bytesPerObject", ["type"] = "quantitative", ["title"] = "payload bytes per object", ["scale"] = new JsonObject { ["zero"] = true } },
            ["y"] = new JsonObject { ["field"] = "nsPerObject", ["type"] = "quantitative", ["title"] = "ns per object" + (logY ? " (log scale)" : ""), ["scale"] = Scale(logY) },
            ["color"] = new JsonObject { ["field"] = "front", ["type"] = "nominal", ["title"] = null, ["scale"] = new JsonObject { ["domain"] = new JsonArray("Pareto front", "dominated"), ["range"] = new JsonArray("#d62728", "#9e9e9e") } },
            ["tooltip"] = Tooltip(("contender", "nominal"), ("bytesPerObject", "quantitative"), ("nsPerObject", "quantitative"), ("operations", "nominal"), ("front", "nominal")),
        };
        return new JsonObject
        {
            ["$schema"] = Schema,
            ["title"] = "Size against speed (largest case; time = sum of the operations measured). Lower left is better.",
            // Labels sit right of their points; leave room for the rightmost ones.
            ["padding"] = new JsonObject { ["left"] = 5, ["top"] = 5, ["bottom"] = 5, ["right"] = 130 },
            ["data"] = new JsonObject { ["values"] = values },
            ["facet"] = new JsonObject { ["row"] = new JsonObject { ["field"] = "payload", ["type"] = "nominal", ["title"] = null, ["header"] = Header() } },
            ["spec"] = new JsonObject
            {
                ["width"] = Width - 140,
                ["height"] = 240,
                ["encoding"] = encoding,
                ["layer"] = new JsonArray(
                    new JsonObject { ["mark"] = new JsonObject { ["type"] = "point", ["filled"] = true, ["size"] = 70 } },
                    new JsonObject { ["mark"] = new JsonObject { ["type"] = "text", ["align"] = "left", ["dx"] = 6, ["fontSize"] = 10 }, ["encoding"] = new JsonObject { ["text"] = new JsonObject { ["field"] = "contender" } } }),
            },
            ["resolve"] = new JsonObject { ["scale"] = new JsonObject { ["x"] = "independent", ["y"] = "independent" } },
        };
    }

    private static JsonObject Faceted(string title, JsonArray values, List<ResultCell> rows, JsonArray layer) => new()
    {
        ["$schema"] = Schema,
        ["title"] = title,
        ["data"] = new JsonObject { ["values"] = values },
        ["facet"] = new JsonObject
        {
            ["row"] = new JsonObject
            {
                ["field"] = "case",
                ["type"] = "nominal",
                ["title"] = null,
                ["sort"] = new JsonArray([.. rows.OrderBy(r => r.Shape == Core.Payloads.Shape.Object ? 0 : 1).ThenBy(r => r.Count).Select(r => r.Case).Distinct().Select(c => (JsonNode)c!)]),
                ["header"] = Header(),
            },
        },
        ["spec"] = new JsonObject { ["width"] = Width, ["layer"] = layer },
        ["resolve"] = new JsonObject { ["scale"] = new JsonObject { ["x"] = "independent", ["y"] = "independent" } },
    };

    private static JsonObject Layer(JsonObject mark, JsonObject encoding) => new() { ["mark"] = mark, ["encoding"] = encoding };

    private static JsonObject Bar() => new() { ["type"] = "bar", ["tooltip"] = true };

    // A log scale has no baseline for a bar (log 0), so a dot marks the value.
    private static JsonObject Mark(bool log) => log
        ? new JsonObject { ["type"] = "point", ["filled"] = true, ["size"] = 60, ["tooltip"] = true }
        : Bar();

    // Each case is its own facet with its own scale.
    private static double WidestCase(IEnumerable<ResultCell> rows, Func<ResultCell, double> value) =>
        rows.GroupBy(r => (r.Shape, r.Count)).Select(g => Span(g.Select(value))).DefaultIfEmpty(1).Max();

    private static JsonObject ContenderAxis() => new() { ["field"] = "contender", ["type"] = "nominal", ["sort"] = null, ["title"] = null };

    private static JsonObject Axis(string field, string title, bool log) => new()
    {
        ["field"] = field,
        ["type"] = "quantitative",
        ["title"] = title,
        ["scale"] = Scale(log),
    };

    private static JsonObject Scale(bool log) => log ? new JsonObject { ["type"] = "log" } : new JsonObject { ["zero"] = true };

    private static JsonObject Header() => new() { ["labelAngle"] = 0, ["labelAlign"] = "left", ["labelFontWeight"] = "bold" };

    private static JsonArray Tooltip(params (string Field, string Type)[] fields) =>
        new([.. fields.Select(f => (JsonNode)new JsonObject { ["field"] = f.Field, ["type"] = f.Type })]);

    private static double Span(IEnumerable<double> values)
    {
        var list = values.Where(v => v > 0).ToList();
        return list.Count == 0 ? 1 : list.Max() / list.Min();
    }

    private static double Round(double value) => Math.Round(value, value >= 100 ? 1 : 4);

    private static string Capitalize(string text) => text.Length == 0 ? text : char.ToUpperInvariant(text[0]) + text[1..];
}
