using SerBench.Core.Statistics;

namespace SerBench.Reports.Verdict;

/// <summary>
/// A contender's place in a study section over all its cases: its time against the fastest in each case, how many cases
/// it won (rank 1, ties included), and an overall rank.
/// </summary>
/// <param name="Contender">The contender's name.</param>
/// <param name="Library">Its library and version.</param>
/// <param name="Reference">A hand-written reference: shown, never ranked among libraries.</param>
/// <param name="NativeAot">Native AOT safety as the library declares it.</param>
/// <param name="Wins">The cases in which it has rank 1.</param>
/// <param name="GeometricMeanRelative">The geometric mean of its time over the fastest's, over its cases.</param>
/// <param name="Rank">1 + the number of contenders that were faster beyond doubt in more shared cases than they were
/// slower beyond doubt (so contenders that trade wins share a rank); null for a reference or when nothing is ranked.</param>
/// <param name="ByCase">Its row in each case it was measured in, keyed by <see cref="CaseRanking.Title"/>.</param>
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
    /// <summary>The number of cases it was measured in.</summary>
    public int Cases => ByCase.Count;

    /// <summary>Its row in the case with the most objects, for allocation and size per object.</summary>
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
            int? overall = rank && !reference
                ? 1 + byContender.Count(other => other.Key != g.Key && !other.Value.Values.First().Cell.Reference && Beats(other.Value, mine))
                : null;
            return new StudyStanding(g.Key, $"{first.Library} {first.LibraryVersion}", reference, first.NativeAot, overall,
                mine.Values.Count(r => r.Rank == 1), mine, Math.Exp(mine.Values.Average(r => Math.Log(r.Relative))));
        });
        return [.. standings.OrderBy(s => s.Rank ?? int.MaxValue).ThenBy(s => s.GeometricMeanRelative)];
    }

    /// <summary>True when <paramref name="other"/> is faster beyond doubt in more shared cases than it is slower.</summary>
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
