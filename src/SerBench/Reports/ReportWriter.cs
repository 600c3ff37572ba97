using System.Text.Json;
using SerBench.Core.Results;
using SerBench.Results;

namespace SerBench.Reports;

/// <summary>What <see cref="ReportWriter"/> wrote, and anything the user should know about what it could not write.</summary>
internal sealed record ReportOutput(IReadOnlyList<string> Files, string? Note);

/// <summary>
/// Writes every report of a results document into a folder: report.md, report.html, results.csv, and the chart
/// specs and SVG images in charts/. Used by <c>serbench run</c> after measuring and by <c>serbench report</c>.
/// The set is written as a whole (<see cref="OutputFolderClaim.WriteSet"/>): a failure or a stop part-way leaves the previous reports.
/// </summary>
internal static class ReportWriter
{
    private static readonly JsonSerializerOptions Indented = new() { WriteIndented = true };

    /// <summary>The top-level names of the set.</summary>
    public static IReadOnlyList<string> Entries { get; } = [.. DefaultExporters.FileNames, "charts"];

    /// <param name="document">The results to render.</param>
    /// <param name="folder">The output folder, taken for the command.</param>
    /// <param name="images">Draws the chart images; <see cref="SvgChartRenderer.Instance"/> unless a test says otherwise.</param>
    /// <param name="stop">Abandons the set (<see cref="OperationCanceledException"/>) before anything is moved into the folder.</param>
    public static ReportOutput Write(ResultsDocument document, OutputFolderClaim folder, IChartImageRenderer? images = null, CancellationToken stop = default)
    {
        var charts = ChartSpecs.Build(document);
        IReadOnlySet<string> rendered = new HashSet<string>();
        string? note = null;
        folder.WriteSet(Entries, staging =>
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

            stop.ThrowIfCancellationRequested();
            (rendered, note) = (images ?? SvgChartRenderer.Instance).Render(charts, chartsDirectory);
            var withImages = charts.Where(c => rendered.Contains(c.Id)).ToList();
            foreach (var exporter in DefaultExporters.Create(charts, withImages))
            {
                stop.ThrowIfCancellationRequested();
                using var writer = new StreamWriter(OutputFolder.PathOf(staging, exporter.FileName));
                exporter.Export(document, writer);
            }
        }, stop);

        var chartsFolder = Path.Combine(folder.Root, "charts");
        return new ReportOutput(
        [
            .. DefaultExporters.FileNames.Select(name => OutputFolder.PathOf(folder.Directory, name)),
            .. charts.Where(c => rendered.Contains(c.Id)).Select(c => ChartFile(chartsFolder, c, ".svg")),
        ], note);
    }

    /// <summary>A chart's file in charts/; its id is built from slugs, and the path is checked to stay inside the folder.</summary>
    internal static string ChartFile(string chartsDirectory, ChartSpec chart, string extension) => OutputFolder.PathOf(chartsDirectory, chart.Id + extension);
}
