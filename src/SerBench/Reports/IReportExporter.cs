using SerBench.Core.Results;

namespace SerBench.Reports;

/// <summary>Turns a results document into one file. Exporters write to a <see cref="TextWriter"/>; the caller owns the file system.</summary>
internal interface IReportExporter
{
    /// <summary>File name in the output folder, e.g. <c>report.md</c>.</summary>
    string FileName { get; }

    void Export(ResultsDocument document, TextWriter writer);
}
