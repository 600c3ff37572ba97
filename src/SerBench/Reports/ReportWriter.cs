using System.Text.Json;
using SerBench.Core.Results;
using SerBench.Results;

namespace SerBench.Reports;

internal sealed record ReportOutput(IReadOnlyList<string> Files, string? Note);

/// <summary>Every report of a run's summary and its charts, written as one set (<see cref="OutputFolderClaim.WriteSet"/>): a failure leaves the previous reports.</summary>
internal static class ReportWriter
{
    private static readonly JsonSerializerOptions Indented = new() { WriteIndented = true };

    public static IReadOnlyList<string> Entries { get; } = [.. DefaultExporters.FileNames, "charts"];

    // stop: abandons the set before anything is moved into the folder; every loop that renders checks it.
    public static ReportOutput Write(RunSummary summary, OutputFolderClaim folder, IChartImageRenderer? images = null, CancellationToken stop = default)
    {
        var charts = ChartSpecs.Build(summary, stop);
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
                    stop.ThrowIfCancellationRequested();
                    File.WriteAllText(ChartFile(chartsDirectory, chart, ".vl.json"), chart.Spec.ToJsonString(Indented));
                }
            }

            stop.ThrowIfCancellationRequested();
            (rendered, note) = (images ?? SvgChartRenderer.Instance).Render(charts, chartsDirectory, stop);
            var withImages = charts.Where(c => rendered.Contains(c.Id)).ToList();
            foreach (var exporter in DefaultExporters.Create(charts, withImages))
            {
                stop.ThrowIfCancellationRequested();
                using var writer = new StoppableWriter(new StreamWriter(OutputFolder.PathOf(staging, exporter.FileName)), stop);
                exporter.Export(summary, writer);
            }
        }, stop);

        var chartsFolder = Path.Combine(folder.Root, "charts");
        return new ReportOutput(
        [
            .. DefaultExporters.FileNames.Select(name => OutputFolder.PathOf(folder.Directory, name)),
            .. charts.Where(c => rendered.Contains(c.Id)).Select(c => ChartFile(chartsFolder, c, ".svg")),
        ], note);
    }

    // A chart id is built from slugs, and the path is checked to stay inside the folder.
    internal static string ChartFile(string chartsDirectory, ChartSpec chart, string extension) => OutputFolder.PathOf(chartsDirectory, chart.Id + extension);
}
