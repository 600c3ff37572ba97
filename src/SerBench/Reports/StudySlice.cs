using SerBench.Core.Results;

namespace SerBench.Reports;

/// <summary>Rankings, tables and charts never mix platforms (runtime, and machine in a merged file); <see cref="RuntimeComparison"/> compares them. Cut by <see cref="RunSummary.Of"/>.</summary>
internal sealed record StudySlice(StudyDefinition Study, string? Platform, IReadOnlyList<ResultCell> Cells)
{
    public string Key => Platform is null ? Study.Name : $"{Study.Name} · {Platform}";
}
