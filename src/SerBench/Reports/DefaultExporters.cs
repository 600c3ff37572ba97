namespace SerBench.Reports;

/// <summary>A new report file is an <see cref="IReportExporter"/> and one line here, in the order files are written and listed.</summary>
internal static class DefaultExporters
{
    public static IReadOnlyList<IReportExporter> Create(IReadOnlyList<ChartSpec> charts, IReadOnlyList<ChartSpec> chartImages) =>
        [new MarkdownReportExporter(chartImages), new CsvExporter(), new HtmlReportExporter(charts)];

    public static IReadOnlyList<string> FileNames { get; } = [.. Create([], []).Select(e => e.FileName)];
}
