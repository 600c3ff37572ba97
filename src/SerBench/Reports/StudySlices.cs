using SerBench.Core.Results;

namespace SerBench.Reports;

/// <summary>Rankings, tables and charts never mix platforms (runtime, and machine in a merged file); <see cref="RuntimeComparison"/> compares them.</summary>
internal sealed record StudySlice(StudyDefinition Study, string? Platform, IReadOnlyList<ResultCell> Cells)
{
    public string Key => Platform is null ? Study.Name : $"{Study.Name} · {Platform}";
}

internal static class StudySlices
{
    /// <summary>Split by platform only when the file holds more than one; cells carry the measured <see cref="NativeAotLabel"/>.</summary>
    public static IReadOnlyList<StudySlice> Of(ResultsDocument document)
    {
        var cells = NativeAotLabel.Measured(document.Cells);
        var several = cells.Select(PlatformOf).Distinct().Skip(1).Any();
        return [.. from study in cells.GroupBy(c => c.Study)
                   from platform in study.GroupBy(c => several ? PlatformOf(c) : "")
                   select new StudySlice(StudyDefinition.Resolve(document, study.Key), several ? platform.Key : null, [.. platform])];
    }

    public static string PlatformOf(ResultCell cell) => cell.Machine is null ? cell.Runtime ?? "" : $"{cell.Runtime} · {cell.Machine}";
}
