using System.Diagnostics;
using System.Text.Json.Nodes;

namespace SerBench.Reports;

internal interface IChartImageRenderer
{
    /// <returns>The ids of the charts drawn, and a note when some or all could not be.</returns>
    /// <exception cref="OperationCanceledException"><paramref name="stop"/> was cancelled; nothing is left drawing.</exception>
    (IReadOnlySet<string> Rendered, string? Note) Render(IReadOnlyList<ChartSpec> charts, string chartsDirectory, CancellationToken stop);
}

/// <summary>Vega itself, headless under Node.js when on the PATH. No PNG: Vega needs the native node-canvas package for it.</summary>
internal sealed class SvgChartRenderer : IChartImageRenderer
{
    public static readonly TimeSpan Timeout = TimeSpan.FromMinutes(2);

    private static readonly TimeSpan StopCheck = TimeSpan.FromMilliseconds(100);

    public static readonly SvgChartRenderer Instance = new();

    private SvgChartRenderer()
    {
    }

    public (IReadOnlySet<string> Rendered, string? Note) Render(IReadOnlyList<ChartSpec> charts, string chartsDirectory, CancellationToken stop)
    {
        if (charts.Count == 0)
        {
            return (new HashSet<string>(), null);
        }

        var all = charts.Count;
        charts = Drawn(charts);
        var manifest = new JsonArray([.. charts.Select(chart => (JsonNode)new JsonObject
        {
            ["spec"] = ReportWriter.ChartFile(chartsDirectory, chart, ".vl.json"),
            ["svg"] = ReportWriter.ChartFile(chartsDirectory, chart, ".svg"),
        })]);

        if (!ChartBundles.Available)
        {
            return (new HashSet<string>(), ChartBundles.NotBundledMessage);
        }

        if (FindOnPath("node") is not { } node)
        {
            return (new HashSet<string>(), "SVG images were not written: Node.js (node) is not on the PATH. report.html draws the charts itself; the Vega-Lite specs are in charts/.");
        }

        var scratch = Directory.CreateTempSubdirectory("serbench-charts-");
        try
        {
            File.WriteAllText(Path.Combine(scratch.FullName, "vega.min.js"), ChartBundles.Vega);
            File.WriteAllText(Path.Combine(scratch.FullName, "vega-lite.min.js"), ChartBundles.VegaLite);
            File.WriteAllText(Path.Combine(scratch.FullName, "render-svg.cjs"), ChartBundles.SvgRenderScript);
            var manifestPath = Path.Combine(scratch.FullName, "manifest.json");
            File.WriteAllText(manifestPath, manifest.ToJsonString());
            var start = new ProcessStartInfo(node) { RedirectStandardError = true, RedirectStandardOutput = true, UseShellExecute = false };
            start.ArgumentList.Add(Path.Combine(scratch.FullName, "render-svg.cjs"));
            start.ArgumentList.Add(manifestPath);
            using var process = Process.Start(start)!;
            var errors = process.StandardError.ReadToEndAsync();
            _ = process.StandardOutput.ReadToEndAsync();
            // Node draws thousands of charts for a large file: a stop must not wait for it.
            var drawing = Stopwatch.StartNew();
            while (!process.WaitForExit(StopCheck))
            {
                if (stop.IsCancellationRequested || drawing.Elapsed > Timeout)
                {
                    process.Kill(entireProcessTree: true);
                    break;
                }
            }

            process.WaitForExit();
            stop.ThrowIfCancellationRequested();
            var rendered = charts.Where(c => File.Exists(ReportWriter.ChartFile(chartsDirectory, c, ".svg"))).Select(c => c.Id).ToHashSet();
            var problem = errors.IsCompletedSuccessfully ? errors.Result.Trim() : "";
            return (rendered, rendered.Count < charts.Count
                ? $"{charts.Count - rendered.Count} of {charts.Count} SVG images could not be rendered" + (problem.Length > 0 ? ": " + problem.Split('\n')[0] : ".")
                : all > charts.Count ? CappedNote(charts.Count, all) : null);
        }
        finally
        {
            scratch.Delete(recursive: true);
        }
    }

    /// <summary>A default run draws ~60; 300 take under a minute on a slow host.</summary>
    internal const int MostImages = 300;

    /// <summary>Node draws ~0.15 s a chart: a file of thousands of cases gets its study charts and its first cases' charts; report.html draws all.</summary>
    internal static IReadOnlyList<ChartSpec> Drawn(IReadOnlyList<ChartSpec> charts) => charts.Count <= MostImages ? charts
        : [.. charts.Select((chart, i) => (chart, i)).OrderBy(c => c.chart.Id.EndsWith(ChartSpecs.CaseChartSuffix, StringComparison.Ordinal) ? 1 : 0).ThenBy(c => c.i)
            .Take(MostImages).OrderBy(c => c.i).Select(c => c.chart)];

    internal static string CappedNote(int drawn, int all) =>
        $"SVG images were drawn for the first {drawn} of {all} charts, as each takes Node ~0.15 s; report.html draws every chart itself, and every Vega-Lite spec is in charts/.";

    private static string? FindOnPath(string program) =>
        (Environment.GetEnvironmentVariable("PATH") ?? "")
        .Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries)
        .Select(directory => Path.Combine(directory, program))
        .FirstOrDefault(File.Exists);
}
