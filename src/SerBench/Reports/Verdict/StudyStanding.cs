using SerBench.Core.Statistics;

namespace SerBench.Reports.Verdict;

// Reference: hand-written, shown, never ranked among libraries.
// Rank: 1 + the contenders faster beyond doubt in more shared cases than slower (so those that trade wins share a rank); null for a reference or when nothing is ranked.
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

    public static IReadOnlyList<StudyStanding> Of(IReadOnlyList<CaseRanking> cases, bool rank)
    {
        var rows = cases.SelectMany(c => c.Rows.Select(r => (Case: c, Row: r))).GroupBy(x => x.Row.Cell.Contender).ToList();
        var byContender = rows.ToDictionary(g => g.Key, g => g.ToDictionary(x => x.Case.Title, x => x.Row));
        var standings = rows.Select(g =>
        {
            var first = g.First().Row.Cell;
            var mine = byContender[g.Key];
            var reference = first.Reference;
            // A contender measured in one process only everywhere is shown, never ranked (its rows carry no verdict).
            int? overall = rank && !reference && mine.Values.Any(r => !r.Cell.OneProcess)
                ? 1 + byContender.Count(other => other.Key != g.Key && !other.Value.Values.First().Cell.Reference && Beats(other.Value, mine))
                : null;
            return new StudyStanding(g.Key, $"{first.Library} {first.LibraryVersion}", reference, first.NativeAot, overall,
                mine.Values.Count(r => r.Rank == 1), mine, Math.Exp(mine.Values.Average(r => Math.Log(r.Relative))));
        });
        return [.. standings.OrderBy(s => s.Rank ?? int.MaxValue).ThenBy(s => s.GeometricMeanRelative)];
    }

    private static bool Beats(Dictionary<string, RankedRow> other, Dictionary<string, RankedRow> mine)
    {
        var (wins, losses) = (0, 0);
        foreach (var (title, row) in mine)
        {
            if (other.TryGetValue(title, out var theirs))
            {
                wins += RatioInterval.Of(row.Cell, theirs.Cell).IsSlower ? 1 : 0;
                losses += RatioInterval.Of(theirs.Cell, row.Cell).IsSlower ? 1 : 0;
            }
        }

        return wins > losses;
    }
}
