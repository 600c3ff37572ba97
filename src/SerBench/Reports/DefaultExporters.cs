namespace SerBench.Reports;

/// <summary>
/// The files of every report set, in the order they are written and listed: report.md, results.csv, report.html. A new
/// report file is an <see cref="IReportExporter"/> and one line here; <see cref="ReportWriter"/> names the files from it.
/// </summary>
internal static class DefaultExporters
{
    /// <param name="charts">Every chart, for the HTML report (which draws them itself).</param>
    /// <param name="chartImages">The charts drawn as SVG files, which report.md links.</param>
    public static IReadOnlyList<IReportExporter> Create(IReadOnlyList<ChartSpec> charts, IReadOnlyList<ChartSpec> chartImages) =>
        [new MarkdownReportExporter(chartImages), new CsvExporter(), new HtmlReportExporter(charts)];

    /// <summary>The exporters' file names.</summary>
    public static IReadOnlyList<string> FileNames { get; } = [.. Create([], []).Select(e => e.FileName)];
}
