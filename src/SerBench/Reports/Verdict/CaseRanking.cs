using SerBench.Core.Results;
using SerBench.Core.Statistics;

namespace SerBench.Reports.Verdict;

/// <summary>One contender's place in a case: its rank (null when not ranked) and its time against the fastest.</summary>
/// <param name="Cell">The measured cell.</param>
/// <param name="Rank">1 + the number of contenders faster beyond doubt, so tied contenders share a rank (1, 1, 3); null for
/// a reference or when the run ranks nothing.</param>
/// <param name="AgainstFastest">Its mean over the fastest's, with the interval; null for the fastest itself.</param>
internal sealed record RankedRow(ResultCell Cell, int? Rank, RatioInterval? AgainstFastest)
{
    public double Relative => AgainstFastest?.Ratio ?? 1;
}

/// <summary>
/// The measured contenders of one case (payload, shape, count, operation) of a study section, fastest first. Only
/// cells that passed the gate and have a time are here; references are listed but never ranked among libraries.
/// </summary>
internal sealed record CaseRanking(string Section, string Payload, Core.Payloads.Shape Shape, int Count, Core.Studies.Operation Operation, IReadOnlyList<RankedRow> Rows)
{
    /// <summary>The ranked rows that share rank 1.</summary>
    public IEnumerable<RankedRow> Winners => Rows.Where(r => r.Rank == 1);

    /// <summary>"serialize · person · list of 200", with the section first when the study has sections.</summary>
    public string Title => (Section.Length == 0 ? "" : Section + " · ") + $"{CellText.Name(Operation)} · {Payload} · {CellText.Case(Shape, Count)}";

    /// <summary>The cases of a study section's cells, in the order they first appear; <paramref name="rank"/> false gives every rank as null.</summary>
    public static IReadOnlyList<CaseRanking> Of(string section, IEnumerable<ResultCell> cells, bool rank) =>
        [.. cells.GroupBy(c => (c.Payload, c.Shape, c.Count, c.Operation))
            .Select(g => Build(section, g.Key, [.. g], rank))
            .Where(r => r.Rows.Count > 0)];

    private static CaseRanking Build(string section, (string Payload, Core.Payloads.Shape Shape, int Count, Core.Studies.Operation Operation) key, List<ResultCell> cells, bool rank)
    {
        var measured = cells.Where(c => Findings.IsRankable(c) && c.MeanNs > 0).OrderBy(c => c.MeanNs).ToList();
        var ranked = measured.Where(c => !c.Reference).ToList();
        var fastest = ranked.FirstOrDefault() ?? measured.FirstOrDefault();
        var rows = measured.Select(cell => new RankedRow(
            cell,
            rank && !cell.Reference ? 1 + ranked.Count(other => other != cell && RatioInterval.Of(cell, other).IsSlower) : null,
            cell == fastest ? null : RatioInterval.Of(cell, fastest!))).ToList();
        return new CaseRanking(section, key.Payload, key.Shape, key.Count, key.Operation, rows);
    }
}
