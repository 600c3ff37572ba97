using SerBench.Core.Results;
using SerBench.Core.Studies;

namespace SerBench.Reports;

internal static class StudySections
{
    public static IReadOnlyList<(string Title, IReadOnlyList<string> Contenders, IReadOnlyList<ResultCell> Cells)> Of(StudyDefinition study, IReadOnlyList<ResultCell> cells)
    {
        var sections = study.Sections is { Count: > 0 } defined
            ? defined
            : [new StudySection("", [.. cells.Select(c => c.Contender).Distinct()])];
        return [.. sections.Select(s =>
        {
            var contenders = s.Contenders.ToHashSet(StringComparer.Ordinal);
            return (s.Title, s.Contenders, (IReadOnlyList<ResultCell>)[.. cells.Where(c => contenders.Contains(c.Contender))]);
        })];
    }
}
