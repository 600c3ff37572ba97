using System.Text.Json;
using SerBench.Results;

namespace SerBench.Reports;

/// <summary>What <see cref="ReportWriter"/> wrote, and anything the user should know about what it could not write.</summary>
public sealed record ReportOutput(IReadOnlyList<string> Files, string? Note);

/// <summary>
/// Writes every report of a results document into a folder: report.md, report.html, results.csv, and the chart
/// specs and SVG images in charts/. Used by <c>serbench run</c> after measuring and by <c>serbench report</c>.
/// The set is written as a whole (<see cref="OutputFolder.WriteSet"/>): a failure part-way leaves the previous reports.
/// </summary>
public static class ReportWriter
{
    private static readonly JsonSerializerOptions Indented = new() { WriteIndented = true };

    /// <param name="document">The results to render.</param>
    /// <param name="directory">The output folder.</param>
    /// <param name="images">Draws the chart images; <see cref="SvgChartRenderer.Instance"/> unless a test says otherwise.</param>
    public static ReportOutput Write(ResultsDocument document, string directory, IChartImageRenderer? images = null)
    {
        var charts = ChartSpecs.Build(document);
        IReadOnlySet<string> rendered = new HashSet<string>();
        string? note = null;
        OutputFolder.WriteSet(directory, [.. DefaultExporters.FileNames, "charts"], staging =>
        {
            var chartsDirectory = Path.Combine(staging, "charts");
            if (charts.Count > 0)
            {
                Directory.CreateDirectory(chartsDirectory);
                foreach (var chart in charts)
                {
                    File.WriteAllText(ChartFile(chartsDirectory, chart, ".vl.json"), chart.Spec.ToJsonString(Indented));
                }
            }

            (rendered, note) = (images ?? SvgChartRenderer.Instance).Render(charts, chartsDirectory);
            var withImages = charts.Where(c => rendered.Contains(c.Id)).ToList();
            foreach (var exporter in DefaultExporters.Create(charts, withImages))
            {
                using var writer = new StreamWriter(OutputFolder.PathOf(staging, exporter.FileName));
                exporter.Export(document, writer);
            }
        });

        var chartsFolder = Path.Combine(Path.GetFullPath(directory), "charts");
        return new ReportOutput(
        [
            .. DefaultExporters.FileNames.Select(name => OutputFolder.PathOf(directory, name)),
            .. charts.Where(c => rendered.Contains(c.Id)).Select(c => ChartFile(chartsFolder, c, ".svg")),
        ], note);
    }

    /// <summary>A chart's file in charts/; its id is built from slugs, and the path is checked to stay inside the folder.</summary>
    internal static string ChartFile(string chartsDirectory, ChartSpec chart, string extension) => OutputFolder.PathOf(chartsDirectory, chart.Id + extension);
}
