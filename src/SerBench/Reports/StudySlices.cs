using SerBench.Core.Results;

namespace SerBench.Reports;

/// <summary>
/// One slice of a report: a study's cells measured on one platform (machine and runtime). Rankings, tables, findings
/// and charts never mix platforms; <see cref="RuntimeComparison"/> puts them side by side instead.
/// </summary>
/// <param name="Study">The study as recorded in the file.</param>
/// <param name="Platform">The runtime, and the machine in a merged file; null when the whole file has one platform.</param>
/// <param name="Cells">The study's cells on that platform, in file order.</param>
internal sealed record StudySlice(StudyDefinition Study, string? Platform, IReadOnlyList<ResultCell> Cells)
{
    /// <summary>What the slice is called in headings, anchors and chart ids: the study, then the platform.</summary>
    public string Key => Platform is null ? Study.Name : $"{Study.Name} · {Platform}";
}

internal static class StudySlices
{
    /// <summary>
    /// Every study of the file, split by platform when the file holds more than one; studies and platforms in file order.
    /// Cells carry the Native AOT label the run measured (<see cref="NativeAotLabel"/>).
    /// </summary>
    public static IReadOnlyList<StudySlice> Of(ResultsDocument document)
    {
        var cells = NativeAotLabel.Measured(document.Cells);
        var several = cells.Select(PlatformOf).Distinct().Skip(1).Any();
        return [.. from study in cells.GroupBy(c => c.Study)
                   from platform in study.GroupBy(c => several ? PlatformOf(c) : "")
                   select new StudySlice(StudyDefinition.Resolve(document, study.Key), several ? platform.Key : null, [.. platform])];
    }

    /// <summary>"net8.0", or "net8.0 · Linux x64 · …" for a cell of a merged file.</summary>
    public static string PlatformOf(ResultCell cell) => cell.Machine is null ? cell.Runtime ?? "" : $"{cell.Runtime} · {cell.Machine}";
}
