using SerBench.Core.Results;
using SerBench.Core.Statistics;

namespace SerBench.Reports.Verdict;

// Reference: hand-written, shown, never ranked among libraries.
// Rank: Rank.Standing, shown as the standing; null for a reference or when nothing is ranked.
// ByCase: keyed by CaseRanking.Title.
internal sealed record StudyStanding(
    string Contender,
    string Library,
    bool Reference,
    string? NativeAot,
    int? Rank,
    int Wins,
    IReadOnlyDictionary<string, RankedRow> ByCase,
    double GeometricMeanRelative)
{
    public int Cases => ByCase.Count;

    /// <summary>The case with the most objects, for allocation and size per object.</summary>
    public RankedRow Largest => ByCase.Values.MaxBy(r => (r.Cell.Count, r.Cell.Operation == Core.Studies.Operation.Serialize ? 1 : 0))!;

    // stop: checked per contender, since each one's standing compares it with every other over the shared cases.
    public static IReadOnlyList<StudyStanding> Of(IReadOnlyList<CaseRanking> cases, bool rank, CancellationToken stop = default)
    {
        var rows = cases.SelectMany(c => c.Rows.Select(r => (Case: c, Row: r))).GroupBy(x => x.Row.Cell.Contender).ToList();
        var byContender = rows.ToDictionary(g => g.Key, g => g.ToDictionary(x => x.Case.Title, x => x.Row));
        var ranked = rows.Where(g => !g.First().Row.Cell.Reference).ToDictionary(g => g.Key, g => (IReadOnlyDictionary<string, ResultCell>)g.ToDictionary(x => x.Case.Title, x => x.Row.Cell));
        var standings = rows.Select(g =>
        {
            stop.ThrowIfCancellationRequested();
            var first = g.First().Row.Cell;
            var mine = byContender[g.Key];
            var reference = first.Reference;
            // A contender measured in one process only everywhere is shown, never ranked (its rows carry no verdict).
            int? overall = rank && !reference && mine.Values.Any(r => !r.Cell.OneProcess)
                ? Core.Statistics.Rank.Standing(ranked[g.Key], ranked.Values)
                : null;
            return new StudyStanding(g.Key, $"{first.Library} {first.LibraryVersion}", reference, first.NativeAot, overall,
                mine.Values.Count(r => r.Rank == 1), mine, Tallies.GeometricMean(mine.Values.Select(r => r.Relative)) ?? 1);
        });
        return [.. standings.OrderBy(s => s.Rank ?? int.MaxValue).ThenBy(s => s.GeometricMeanRelative)];
    }
}
