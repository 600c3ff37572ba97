using SerBench.Core.Results;
using SerBench.Core.Statistics;
using SerBench.Reports.Verdict;

namespace SerBench.Reports;

internal static class Findings
{
    // DIFFERS wrote another document, so it is not ranked; on the user's documents a difference of form only is, since every library's writer differs there.
    public static bool IsRankable(ResultCell cell) => IsShown(cell) && !cell.OneProcess;

    /// <summary>In the ranked tables: rankable, or measured in one process only (shown with no rank).</summary>
    public static bool IsShown(ResultCell cell) => cell.MeanNs is not null
        && (cell.Outcome.Status == Core.Verification.VerificationStatus.Ok || cell.Outcome.FormOnly);
}

/// <summary>Two measured cells whose ratio's 99% interval holds 1 (<see cref="RatioInterval"/>).</summary>
internal static class Ties
{
    public static bool Overlap(ResultCell a, ResultCell b) =>
        a.MeanNs > 0 && b.MeanNs > 0 && RatioInterval.Of(a, b).IsTie;

    public static IReadOnlyList<string> With(ResultCell cell, IEnumerable<ResultCell> cells) =>
        !Findings.IsRankable(cell)
            ? []
            : [.. cells.Where(c => c != cell && Findings.IsRankable(c) && c.Payload == cell.Payload && c.Shape == cell.Shape
                                && c.Count == cell.Count && c.Operation == cell.Operation && Overlap(cell, c))
                       .Select(c => c.Contender)];
}
