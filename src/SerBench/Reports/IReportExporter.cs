using SerBench.Core.Results;

namespace SerBench.Reports;

/// <summary>Exporters write to a <see cref="TextWriter"/>; the caller owns the file system.</summary>
internal interface IReportExporter
{
    string FileName { get; }

    void Export(ResultsDocument document, TextWriter writer);
}
