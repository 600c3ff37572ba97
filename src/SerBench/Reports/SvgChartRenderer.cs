using System.Diagnostics;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace SerBench.Reports;

/// <summary>
/// Writes each chart beside the report as <c>charts/&lt;id&gt;.vl.json</c> (the Vega-Lite spec) and, when Node.js is on the
/// PATH, as <c>charts/&lt;id&gt;.svg</c>, rendered headless by Vega itself. PNG is not produced: Vega renders PNG only
/// through the native node-canvas package, which SerBench does not install.
/// </summary>
public static class SvgChartRenderer
{
    public static readonly TimeSpan Timeout = TimeSpan.FromMinutes(2);

    /// <returns>The ids of the charts whose SVG was written, and a note when some or all could not be.</returns>
    public static (IReadOnlySet<string> Rendered, string? Note) Render(IReadOnlyList<ChartSpec> charts, string chartsDirectory)
    {
        if (charts.Count == 0)
        {
            return (new HashSet<string>(), null);
        }

        Directory.CreateDirectory(chartsDirectory);
        var manifest = new JsonArray();
        foreach (var chart in charts)
        {
            var specPath = Path.Combine(chartsDirectory, chart.Id + ".vl.json");
            File.WriteAllText(specPath, chart.Spec.ToJsonString(new JsonSerializerOptions { WriteIndented = true }));
            manifest.Add(new JsonObject { ["spec"] = specPath, ["svg"] = Path.Combine(chartsDirectory, chart.Id + ".svg") });
        }

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
            if (!process.WaitForExit(Timeout))
            {
                process.Kill(entireProcessTree: true);
            }

            process.WaitForExit();
            var rendered = charts.Where(c => File.Exists(Path.Combine(chartsDirectory, c.Id + ".svg"))).Select(c => c.Id).ToHashSet();
            var problem = errors.IsCompletedSuccessfully ? errors.Result.Trim() : "";
            return (rendered, rendered.Count == charts.Count ? null
                : $"{charts.Count - rendered.Count} of {charts.Count} SVG images could not be rendered" + (problem.Length > 0 ? ": " + problem.Split('\n')[0] : "."));
        }
        finally
        {
            scratch.Delete(recursive: true);
        }
    }

    private static string? FindOnPath(string program) =>
        (Environment.GetEnvironmentVariable("PATH") ?? "")
        .Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries)
        .Select(directory => Path.Combine(directory, program))
        .FirstOrDefault(File.Exists);
}
