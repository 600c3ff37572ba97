using SerBench.Core.Results;
using SerBench.Core.Statistics;

namespace SerBench.Reports.Verdict;

// Rank: Rank.InCase; null for a reference or an unranked run.
// AgainstFastest: null for the fastest itself.
internal sealed record RankedRow(ResultCell Cell, int? Rank, RatioInterval? AgainstFastest)
{
    public double Relative => AgainstFastest?.Ratio ?? 1;
}

/// <summary>One case of a study section, fastest first: only timed cells that passed the gate; references listed, never ranked.</summary>
internal sealed record CaseRanking(string Section, string Payload, Core.Payloads.Shape Shape, int Count, Core.Studies.Operation Operation, IReadOnlyList<RankedRow> Rows)
{
    public IEnumerable<RankedRow> Winners => Rows.Where(r => r.Rank == 1);

    /// <summary>"serialize · person · list of 200", the section first when the study has sections.</summary>
    public string Title => (Section.Length == 0 ? "" : Section + " · ") + $"{CellText.Name(Operation)} · {Payload} · {CellText.Case(Shape, Count)}";

    /// <summary>In order of first appearance; <paramref name="stop"/> is checked per case.</summary>
    public static IReadOnlyList<CaseRanking> Of(string section, IEnumerable<ResultCell> cells, bool rank, CancellationToken stop = default) =>
        [.. cells.GroupBy(c => (c.Payload, c.Shape, c.Count, c.Operation))
            .Select(g =>
            {
                stop.ThrowIfCancellationRequested();
                return Build(section, g.Key, [.. g], rank);
            })
            .Where(r => r.Rows.Count > 0)];

    private static CaseRanking Build(string section, (string Payload, Core.Payloads.Shape Shape, int Count, Core.Studies.Operation Operation) key, List<ResultCell> cells, bool rank)
    {
        var measured = cells.Where(c => Findings.IsShown(c) && c.MeanNs > 0).OrderBy(c => c.MeanNs).ToList();
        var ranked = measured.Where(c => !c.Reference && !c.OneProcess).ToList();
        var fastest = ranked.FirstOrDefault() ?? measured.FirstOrDefault(c => !c.Reference) ?? measured.FirstOrDefault();
        var rows = measured.Select(cell => new RankedRow(
            cell,
            rank && !cell.Reference && !cell.OneProcess ? Rank.InCase(cell, ranked) : null,
            cell == fastest ? null : RatioInterval.Of(cell, fastest!))).ToList();
        return new CaseRanking(section, key.Payload, key.Shape, key.Count, key.Operation, rows);
    }
}
