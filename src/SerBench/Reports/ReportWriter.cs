using SerBench.Results;

namespace SerBench.Reports;

/// <summary>What <see cref="ReportWriter"/> wrote, and anything the user should know about what it could not write.</summary>
public sealed record ReportOutput(IReadOnlyList<string> Files, string? Note);

/// <summary>
/// Writes every report of a results document into a folder: report.md, report.html, results.csv, and the chart
/// specs and SVG images in charts/. Used by <c>serbench run</c> after measuring and by <c>serbench report</c>.
/// </summary>
public static class ReportWriter
{
    public static ReportOutput Write(ResultsDocument document, string directory)
    {
        Directory.CreateDirectory(directory);
        var charts = ChartSpecs.Build(document);
        var (rendered, note) = SvgChartRenderer.Render(charts, Path.Combine(directory, "charts"));
        var images = charts.Where(c => rendered.Contains(c.Id)).ToList();
        IReportExporter[] exporters = [new MarkdownReportExporter(images), new CsvExporter(), new HtmlReportExporter(charts)];
        var files = new List<string>();
        foreach (var exporter in exporters)
        {
            var path = Path.Combine(directory, exporter.FileName);
            using (var writer = new StreamWriter(path))
            {
                exporter.Export(document, writer);
            }

            files.Add(path);
        }

        files.AddRange(images.Select(c => Path.Combine(directory, "charts", c.Id + ".svg")));
        return new ReportOutput(files, note);
    }
}
