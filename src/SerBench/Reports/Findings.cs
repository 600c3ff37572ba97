using SerBench.Core.Results;
using SerBench.Core.Statistics;
using SerBench.Reports.Verdict;

namespace SerBench.Reports;

/// <summary>Which cells the verdict ranks (<see cref="StudyVerdict"/>, <see cref="CaseRanking"/>).</summary>
internal static class Findings
{
    /// <summary>
    /// Only OK cells with a measurement are ranked; DIFFERS rows are timed but wrote another document. On the user's own
    /// documents a difference of form only (escapes, number notation, property order: the same data) is ranked too:
    /// each library's default writer differs there, and a user asks which one is fastest all the same.
    /// </summary>
    public static bool IsRankable(ResultCell cell) => cell.MeanNs is not null
        && (cell.Outcome.Status == Core.Verification.VerificationStatus.Ok || cell.Outcome.FormOnly);
}

/// <summary>Statistical ties: two measured cells whose ratio's 99% interval holds 1 (<see cref="RatioInterval"/>).</summary>
internal static class Ties
{
    public static bool Overlap(ResultCell a, ResultCell b) =>
        a.MeanNs > 0 && b.MeanNs > 0 && RatioInterval.Of(a, b).IsTie;

    /// <summary>The other ranked contenders of the same case and operation that this cell is tied with.</summary>
    public static IReadOnlyList<string> With(ResultCell cell, IEnumerable<ResultCell> cells) =>
        !Findings.IsRankable(cell)
            ? []
            : [.. cells.Where(c => c != cell && Findings.IsRankable(c) && c.Payload == cell.Payload && c.Shape == cell.Shape
                                && c.Count == cell.Count && c.Operation == cell.Operation && Overlap(cell, c))
                       .Select(c => c.Contender)];
}
