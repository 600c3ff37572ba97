using System.Globalization;
using SerBench.Core.Results;
using SerBench.Core.Statistics;

namespace SerBench.Reports.Verdict;

internal static class VerdictTables
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    /// <summary>What <see cref="Answer.Winners"/> holds, under the What to use table.</summary>
    public const string UseLegend = "Use: every contender that none is faster than beyond doubt in the case the answer comes from (rank 1: the fastest and those tied with it). " +
                                    "× is the time against the fastest, with its 99% interval; tied when the interval holds 1. A contender that lost data or crashed in any case is named in none.";

    /// <summary>The rank's two rules (<see cref="Rank"/>), under the Rank and Standing columns.</summary>
    public const string RankLegend = "Rank (a case): 1 + the contenders faster beyond doubt. Standing (a study): 1 + the contenders faster beyond doubt in more shared cases than slower. " +
                                     "Under both, contenders the data cannot tell apart share a place.";

    public static TableModel WhatToUse(RunVerdict verdict) =>
        new("What to use", ["Question", "Use", "Evidence"],
            [.. verdict.Answers.Select(a => (IReadOnlyList<string>)[a.Question, StudyVerdict.Names(a.Winners), a.Evidence])],
            verdict.HandWritten is { } note ? [note] : [])
        {
            Bold = verdict.Answers.Select((_, i) => (i, 1)).ToHashSet(),
            TextColumns = 3,
        };

    public static TableModel Upgrade(UpgradeAnswer upgrade) =>
        new($"Upgrade {upgrade.Contender} {upgrade.From.LibraryVersion} → {upgrade.To.LibraryVersion}",
            ["Case", upgrade.From.LibraryVersion, upgrade.To.LibraryVersion, $"{upgrade.To.LibraryVersion} ÷ {upgrade.From.LibraryVersion} (99%)", "Verdict"],
            [.. upgrade.Cases.Select(c => (IReadOnlyList<string>)[c.Case, StudyVerdict.Time(c.From.MeanNs!.Value), StudyVerdict.Time(c.To.MeanNs!.Value), c.Interval.ToString(),
                c.Interval.High < 1 ? "faster" : c.Interval.IsSlower ? "slower" : "tied"])],
            [])
        {
            TextColumns = 1,
        };

    /// <summary>By overall rank; <paramref name="withCases"/> adds the time against the fastest per case (rank 1 in bold).</summary>
    public static TableModel Standings(StudyVerdict verdict, bool withCases)
    {
        var headers = new List<string> { "Standing", "Contender", "Library" };
        if (withCases)
        {
            var payloads = verdict.Cases.Select(c => c.Payload).Distinct().Skip(1).Any();
            headers.AddRange(verdict.Cases.Select(c => ShortCase(c, payloads)));
        }

        // Each contender's statuses from one pass over the slice, not one pass per contender.
        var statusesOf = verdict.Slice.Cells.ToLookup(c => c.Contender, c => c.StatusLabel);

        headers.AddRange(["× fastest (geo-mean)", "Cases won", "Alloc/object", "Size/object", "Status", "Native AOT"]);
        var bold = new HashSet<(int, int)>();
        var rows = new List<IReadOnlyList<string>>();
        foreach (var (standing, index) in verdict.Standings.Select((s, i) => (s, i)))
        {
            var row = new List<string> { RankText(standing.Rank, standing.Reference), standing.Contender, standing.Library };
            if (withCases)
            {
                foreach (var ranking in verdict.Cases)
                {
                    if (standing.ByCase.TryGetValue(ranking.Title, out var cell))
                    {
                        if (cell.Rank == 1)
                        {
                            bold.Add((index, row.Count));
                        }

                        row.Add(RatioInterval.Times(cell.Relative) + (cell.Cell.Modes is { Count: > 1 } ? " (2 speeds)" : ""));
                    }
                    else
                    {
                        row.Add("—");
                    }
                }
            }

            var largest = standing.Largest.Cell;
            var statuses = statusesOf[standing.Contender].Distinct();
            row.AddRange(
            [
                RatioInterval.Times(standing.GeometricMeanRelative),
                standing.Rank is null && !standing.Reference ? "—" : $"{standing.Wins} of {standing.Cases}",
                largest.AllocatedBytes is { } allocated ? Formatting.Bytes((long)Math.Round((double)allocated / largest.Count)) : "—",
                largest.PayloadBytes is { } size ? Formatting.Bytes((long)Math.Round((double)size / largest.Count)) : "—",
                string.Join("/", statuses),
                standing.NativeAot ?? "—",
            ]);
            rows.Add(row);
        }

        var barColumn = headers.IndexOf("× fastest (geo-mean)");
        return new TableModel(verdict.Title, headers, rows, [])
        {
            Bold = bold,
            TextColumns = 3,
            Bars = (barColumn, [.. verdict.Standings.Select(s => s.GeometricMeanRelative)]),
        };
    }

    public const string Throughput = "Objects/s (higher is better)";

    public static TableModel Case(CaseRanking ranking)
    {
        var timed = ranking.Rows.Select(r => r.Cell.MeanNs!.Value).ToList();
        var unit = Core.Results.TimeUnits.For(timed.Min());
        // A reference is not ranked: when it is faster, the rank-1 row is the fastest ranked, not the fastest shown.
        var fastest = ranking.Rows.Any(r => r.Cell.Reference && r.Relative < 1) ? "1.00× (fastest ranked)" : "1.00× (fastest)";
        var rows = ranking.Rows.Select(r => (IReadOnlyList<string>)
        [
            RankText(r.Rank, r.Cell.Reference), r.Cell.Contender, $"{r.Cell.Library} {r.Cell.LibraryVersion}",
            Formatting.Time(r.Cell.MeanNs, unit) + (r.Cell.ErrorNs is { } e ? $" ±{Formatting.Number(100 * e / r.Cell.MeanNs!.Value, "0.#")}%" : ""),
            r.AgainstFastest is { } interval ? interval.ToString() : fastest,
            Formatting.Bytes(r.Cell.AllocatedBytes), Formatting.ExactBytes(r.Cell.PayloadBytes),
            r.Cell.StatusLabel + (r.Cell.Modes is { Count: > 1 } modes ? " · two speeds: " + string.Join(" / ", modes.Select(m => $"{StudyVerdict.Time(m.MeanNs)} in {m.Processes} processes" +
                (m.Gen2 is { } gen2 ? $" (gen2 {Formatting.Collections(gen2)}/1k ops)" : ""))) : ""),
            r.Cell.NativeAot ?? "—",
        ]).ToList();
        List<string> headers = ["Rank", "Contender", "Library", "Mean", "× fastest (99% CI)", "Allocated", "Payload", "Status", "Native AOT"];
        if (ranking.Shape == Core.Payloads.Shape.Threads)
        {
            // N threads' time is N objects': the throughput beside it, which the issue's readers compare.
            headers.Insert(4, Throughput);
            rows = [.. rows.Select((row, i) => (IReadOnlyList<string>)[.. row.Take(4), Formatting.Number(ranking.Count * 1e9 / ranking.Rows[i].Cell.MeanNs!.Value, "N0"), .. row.Skip(4)])];
        }

        return new TableModel(ranking.Title, headers, rows, [])
        {
            Bold = ranking.Rows.Select((r, i) => (r, i)).Where(x => x.r.Rank == 1).Select(x => (x.i, 1)).ToHashSet(),
            TextColumns = 3,
            Bars = (headers.IndexOf("× fastest (99% CI)"), [.. ranking.Rows.Select(r => r.Relative)]),
        };
    }

    private static string RankText(int? rank, bool reference) => reference ? "ref" : rank?.ToString(Invariant) ?? "—";

    /// <summary>"ser person 1,000": the parts that tell this slice's cases apart; the payload only when they have several.</summary>
    private static string ShortCase(CaseRanking ranking, bool payloads)
    {
        var operation = CellText.ShortName(ranking.Operation);
        var payload = payloads ? " " + ranking.Payload : "";
        return $"{operation}{payload} {CellText.ShortCase(ranking.Shape, ranking.Count)}";
    }
}
