namespace SerBench.Reports;

/// <summary>Exporters render a <see cref="RunSummary"/> to a <see cref="TextWriter"/>; the caller owns the file system.</summary>
internal interface IReportExporter
{
    string FileName { get; }

    void Export(RunSummary summary, TextWriter writer);
}
