using System.Globalization;
using SerBench.Core.Results;
using SerBench.Core.Running;
using SerBench.Core.Statistics;
using SerBench.Core.Studies;

namespace SerBench.Reports.Verdict;

/// <summary>One study section's answer: cases ranked, an overall rank, at most <see cref="MostFindings"/> findings, the unranked, the cells with two speeds.</summary>
internal sealed record StudyVerdict(
    StudySlice Slice,
    string SectionTitle,
    IReadOnlyList<CaseRanking> Cases,
    IReadOnlyList<StudyStanding> Standings,
    IReadOnlyList<string> Findings,
    IReadOnlyList<string> NotRanked)
{
    public const int MostFindings = 5;

    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    public string Title => Slice.Key + (SectionTitle.Length == 0 ? "" : " · " + SectionTitle);

    /// <summary>One verdict per section; steady-state cases only. <paramref name="notMeasured"/>: the labels of the cells the budget left unmeasured.</summary>
    public static IReadOnlyList<StudyVerdict> Of(StudySlice slice, bool rank, IReadOnlyList<string> notMeasured, CancellationToken stop = default)
    {
        var verdicts = new List<StudyVerdict>();
        var unreached = notMeasured.Select(label => PlannedCells.ContenderIn(label, slice.Study.Name)).OfType<string>().Distinct().ToList();
        foreach (var (title, contenders, cells) in StudySections.Of(slice.Study, slice.Cells))
        {
            stop.ThrowIfCancellationRequested();
            if (cells.Count == 0)
            {
                continue;
            }

            var cases = CaseRanking.Of(title, cells, rank, stop);
            var standings = StudyStanding.Of(cases, rank, stop);
            // A study without sections has one, of the contenders with cells; one the budget never reached has none.
            var notReached = unreached.Where(c => (slice.Study.Sections.Count == 0 || contenders.Contains(c)) && !cells.Any(cell => cell.Contender == c)).ToList();
            verdicts.Add(new StudyVerdict(slice, title, cases, standings, Describe(slice.Study.Baseline, cases, standings, cells, rank, notReached), NotRankedLines(cells)));
        }

        return verdicts;
    }

    private static IReadOnlyList<string> Describe(string baseline, IReadOnlyList<CaseRanking> cases, IReadOnlyList<StudyStanding> standings,
        IReadOnlyList<ResultCell> cells, bool rank, IReadOnlyList<string> notReached)
    {
        var findings = new List<string>();
        var measuredContenders = standings.Count(s => !s.Reference);
        if (measuredContenders == 0)
        {
            findings.Add(cells.Any(c => c.MeanNs is not null)
                ? "No contender passed the gate here, so nothing is ranked."
                : notReached.Count == 0
                    ? "Nothing was measured here: every contender failed the gate or could not run (reasons below)."
                    : $"Nothing was measured here: the contenders tried failed the gate or could not run (reasons below), and {NotReachedText(notReached)}.");
        }
        else if (measuredContenders == 1)
        {
            var only = standings.First(s => !s.Reference).Contender;
            findings.Add(notReached.Count == 0
                ? $"Only {only} passed the gate here: there is nothing to rank it against."
                : $"Only {only} was measured here: {NotReachedText(notReached)}, so nothing is ranked.");
        }
        else if (!rank)
        {
            findings.Add("Not ranked: a smoke run's times are for checking that everything runs, not for conclusions.");
        }
        else if (standings.All(s => s.Rank is null))
        {
            findings.Add("Not ranked: every contender here was measured in one process only, and one process can be wrong across the board; give a longer --budget.");
        }
        else
        {
            findings.AddRange(WinnerLines(baseline, cases, standings));
        }

        if (TwoSpeedsLine(cases) is { } twoSpeeds)
        {
            findings.Add(twoSpeeds);
        }

        if (rank)
        {
            findings.AddRange(StreamLines(cells));
            findings.AddRange(ThreadLines(cells));
        }

        var failed = cells.Where(c => c.MeanNs is null && c.Outcome.Status is Core.Verification.VerificationStatus.Mismatch or Core.Verification.VerificationStatus.Crash).Select(c => $"{c.Contender} ({c.StatusLabel})").Distinct().ToList();
        if (failed.Count > 0)
        {
            findings.Add($"Lost or changed data, or crashed: {string.Join(", ", failed.Take(4))}{(failed.Count > 4 ? $" and {failed.Count - 4} more" : "")} (reasons below).");
        }

        // A shootout whose packages were not served ranked 2 of its 11 JSON libraries, and said so only in its last lines.
        var unavailable = cells.Where(c => c.Status == Core.Verification.VerificationStatus.Unavailable).Select(c => c.Contender).Distinct().ToList();
        if (unavailable.Count > 0 && measuredContenders > 1)
        {
            findings.Add($"Could not run here: {string.Join(", ", unavailable.Take(4))}{(unavailable.Count > 4 ? $" and {unavailable.Count - 4} more" : "")} (reasons below); the ranking covers the {measuredContenders} that ran.");
        }

        return [.. findings.Take(MostFindings)];
    }

    // Not gated either: the gate runs in a contender's first measuring process, which the budget did not start.
    private static string NotReachedText(IReadOnlyList<string> notReached) =>
        (notReached.Count == 1 ? "the budget ran out before 1 other contender was measured" : $"the budget ran out before {notReached.Count} other contenders were measured") +
        $" ({Names(notReached.Take(4))}{(notReached.Count > 4 ? $" and {notReached.Count - 4} more" : "")})";

    private static IEnumerable<string> WinnerLines(string baseline, IReadOnlyList<CaseRanking> cases, IReadOnlyList<StudyStanding> standings)
    {
        var top = standings.Where(s => s.Rank == 1).ToList();
        // With hundreds of contenders "wins more shared cases" can go round in a circle, and then no one stands first.
        if (top.Count == 0)
        {
            yield return "No contender ranks first: each has another that is faster beyond doubt in more of the cases both measured than it is slower.";
            yield break;
        }

        var best = top.OrderByDescending(s => s.Wins).First();
        yield return top.Count == 1
            ? $"{best.Contender} ranks first: fastest or tied for fastest in {best.Wins} of {best.Cases} cases" + OthersAtTheTop(standings, best) + "."
            : $"{Names(top.Select(s => s.Contender))} share the first rank: none is faster beyond doubt in more cases than it is slower.";

        var against = cases.Select(c => (Case: c, Best: c.Rows.FirstOrDefault(r => r.Cell.Contender == best.Contender), Base: c.Rows.FirstOrDefault(r => r.Cell.Contender == baseline)))
            .Where(x => x.Best is not null && x.Base is not null && x.Best != x.Base)
            .Select(x => (x.Case, Interval: RatioInterval.Of(x.Base!.Cell, x.Best!.Cell)))
            .ToList();
        if (against.Count > 0)
        {
            var lowest = against.MinBy(x => x.Interval.Ratio);
            var highest = against.MaxBy(x => x.Interval.Ratio);
            var beyondDoubt = against.Count(x => x.Interval.IsSlower);
            yield return against.Count == 1
                ? $"Against the baseline {baseline}: {lowest.Interval} ({lowest.Case.Title})."
                : $"Against the baseline {baseline}, {best.Contender} is {RatioInterval.Times(lowest.Interval.Ratio)} ({lowest.Case.Title}) to {RatioInterval.Times(highest.Interval.Ratio)} " +
                  $"({highest.Case.Title}) as fast; faster beyond doubt in {beyondDoubt} of {against.Count} cases.";
        }

        var slowest = standings.Where(s => !s.Reference && s.Rank is not null).MaxBy(s => s.GeometricMeanRelative);
        if (slowest is not null && slowest.Contender != best.Contender)
        {
            yield return $"Slowest: {slowest.Contender}, {RatioInterval.Times(slowest.GeometricMeanRelative)} the fastest's time (geometric mean over its cases).";
        }
    }

    private static string OthersAtTheTop(IReadOnlyList<StudyStanding> standings, StudyStanding best)
    {
        var others = standings.Where(s => s != best && s.Wins > 0 && !s.Reference).OrderByDescending(s => s.Wins).Take(3)
            .Select(s => $"{s.Contender} in {s.Wins}").ToList();
        return others.Count == 0 ? "" : "; also at the top: " + string.Join(", ", others);
    }

    private static string? TwoSpeedsLine(IReadOnlyList<CaseRanking> cases)
    {
        var bimodal = cases.SelectMany(c => c.Rows.Where(r => r.Cell.Modes is { Count: > 1 }).Select(r => (c, r.Cell))).ToList();
        if (bimodal.Count == 0)
        {
            return null;
        }

        var (first, cell) = bimodal[0];
        var modes = string.Join(" or ", cell.Modes!.Select(m => $"{Time(m.MeanNs)} ({m.Processes} process{(m.Processes == 1 ? "" : "es")})"));
        return $"Two speeds: {cell.Contender} on {first.Title} ran at {modes}; it is ranked only where both speeds give the same answer" +
               (bimodal.Count > 1 ? $" ({bimodal.Count - 1} more such cell{(bimodal.Count == 2 ? "" : "s")} in the tables)." : ".");
    }

    // Does a stream or pipe cost or save: each such cell against the same contender's string or byte[] call, in one line.
    private static IEnumerable<string> StreamLines(IReadOnlyList<ResultCell> cells)
    {
        // A section's own format only: the JSON baseline in a binary section is answered in the JSON one.
        var format = cells.GroupBy(c => c.Format).MaxBy(g => g.Count())?.Key;
        var rankable = cells.Where(c => c.Format == format && Reports.Findings.IsRankable(c)).ToList();
        var pairs = rankable.Where(c => c.Operation.AsyncPathOf() is Core.Contenders.AsyncPath.Stream or Core.Contenders.AsyncPath.Pipe)
            .Select(async => (Async: async, Buffered: Twin(async, async.Operation.Buffered())))
            .Where(p => p.Buffered is not null)
            .Select(p => (p.Async, Ratio: RatioInterval.Of(p.Async, p.Buffered!))).ToList();
        string Most(IEnumerable<(ResultCell Async, RatioInterval Ratio)> side, string verb, bool saves)
        {
            var list = side.ToList();
            if (list.Count == 0)
            {
                return "";
            }

            var most = saves ? list.MinBy(p => p.Ratio.Ratio) : list.MaxBy(p => p.Ratio.Ratio);
            return $"; {verb} in {list.Count} (most: {most.Async.Contender} {CellText.Name(most.Async.Operation)}, {most.Async.Payload} {CellText.Case(most.Async.Shape, most.Async.Count)}, {most.Ratio})";
        }

        var saves = pairs.Where(p => p.Ratio.High < 1);
        var costs = pairs.Where(p => p.Ratio.IsSlower);
        if (pairs.Count > 0)
        {
            yield return $"Through a stream or pipe, against the same contender's string or byte[] call: {pairs.Count} cells, tied in {pairs.Count(p => p.Ratio.IsTie)}" +
                         Most(saves, "saves beyond doubt", saves: true) + Most(costs, "costs beyond doubt", saves: false) + ".";
        }

        // Time to the first item, and to all of them, against reading the whole list: one line for every contender that reads item by item.
        var items = rankable.Where(c => c.Operation == Operation.FirstItem)
            .Select(first => (First: first, All: Twin(first, Operation.DeserializeItems), Whole: Twin(first, Operation.Deserialize)))
            .Where(x => x.All is not null && x.Whole is not null)
            .Select(x => $"{x.First.Contender} all {RatioInterval.Of(x.All!, x.Whole!)}, the first after {Time(x.First.MeanNs!.Value)} (whole list {Time(x.Whole!.MeanNs!.Value)})" +
                         (x.All!.PeakLiveBytes is { } each && x.Whole!.PeakLiveBytes is { } whole ? $", at most {Formatting.Bytes(each)} alive at once against {Formatting.Bytes(whole)}" : "")).ToList();
        if (items.Count > 0)
        {
            var first = rankable.First(c => c.Operation == Operation.FirstItem);
            yield return $"Item by item, {first.Payload} {CellText.Case(first.Shape, first.Count)}, against reading the whole list: {string.Join("; ", items)}.";
        }

        ResultCell? Twin(ResultCell cell, Operation operation) => rankable.FirstOrDefault(c => c.Contender == cell.Contender && c.Payload == cell.Payload
            && c.Shape == cell.Shape && c.Count == cell.Count && c.Operation == operation);
    }

    // N threads against 1, per contender and operation, at the most threads: throughput (N × the 1-thread time over the N-thread time) and scaling (that ÷ N).
    private static IEnumerable<string> ThreadLines(IReadOnlyList<ResultCell> cells)
    {
        var rankable = cells.Where(c => c.Shape == Core.Payloads.Shape.Threads && Reports.Findings.IsRankable(c)).ToList();
        if (rankable.Count == 0 || rankable.Max(c => c.Count) is var most && most == 1)
        {
            yield break;
        }

        var scaling = rankable.Where(c => c.Count == most)
            .Select(n => (Cell: n, One: rankable.FirstOrDefault(c => c.Count == 1 && c.Contender == n.Contender && c.Payload == n.Payload && c.Operation == n.Operation)))
            .Where(x => x.One is not null)
            .Select(x => (x.Cell, Scaling: RatioInterval.Of(x.One!, x.Cell))).ToList();
        if (scaling.Count == 0)
        {
            yield break;
        }

        RatioInterval Throughput(RatioInterval scaled) => new(scaled.Ratio * most, scaled.Low * most, scaled.High * most);
        var more = scaling.Where(x => Throughput(x.Scaling).Low > 1).ToList();
        var less = scaling.Count(x => Throughput(x.Scaling).High < 1);
        // Below its peers: the whole interval under the median scaling of the others on the same operation.
        var below = scaling.Where(x => scaling.Where(o => o.Cell.Operation == x.Cell.Operation && o.Cell.Contender != x.Cell.Contender).Select(o => o.Scaling.Ratio).ToList() is { Count: > 0 } others
                && x.Scaling.High < RoundStatistics.Median(others))
            .OrderBy(x => x.Scaling.Ratio).Select(x => $"{x.Cell.Contender} {CellText.Name(x.Cell.Operation)} {x.Scaling}").ToList();
        var best = scaling.MaxBy(x => x.Scaling.Ratio);
        yield return $"{most} threads against 1, throughput (higher is better): median {RatioInterval.Times(RoundStatistics.Median([.. scaling.Select(x => x.Scaling.Ratio * most)]))} over {scaling.Count} cells, " +
                     $"more beyond doubt in {more.Count}{(less > 0 ? $", less in {less}" : "")}; best {best.Cell.Contender} {CellText.Name(best.Cell.Operation)} {Throughput(best.Scaling)}. " +
                     $"Scaling (÷ {most}; 1× is perfect): median {RatioInterval.Times(RoundStatistics.Median([.. scaling.Select(x => x.Scaling.Ratio)]))}; " +
                     (below.Count == 0 ? "none clearly below its peers." : $"clearly below its peers: {string.Join(", ", below.Take(3))}{(below.Count > 3 ? $" and {below.Count - 3} more" : "")}.");
    }

    private static IReadOnlyList<string> NotRankedLines(IReadOnlyList<ResultCell> cells) =>
        [.. cells.Where(c => !Reports.Findings.IsShown(c))
            .GroupBy(c => (c.Contender, c.Status, c.Reason))
            .Select(g => $"{g.Key.Contender}{OperationsIfNotAll(g.Key.Contender, g.ToList(), cells)}: {CellText.Label(g.Key.Status)}" + (g.Key.Reason is { } reason ? $" — {reason}" : "")),
         .. cells.Where(c => c.OneProcess).GroupBy(c => c.Contender)
            .Select(g => $"{g.Key}: {g.Count()} cell{(g.Count() == 1 ? "" : "s")} measured in one process only, so not ranked (the budget ran out before another, or its other processes were odd)")];

    // "stj-reflection-string (serialize-stream, deserialize-stream)" when only some of its cells are not shown.
    private static string OperationsIfNotAll(string contender, IReadOnlyList<ResultCell> failing, IReadOnlyList<ResultCell> cells) =>
        cells.Count(c => c.Contender == contender) == failing.Count ? ""
            : $" ({string.Join(", ", failing.Select(c => c.Operation).Distinct().Order().Select(CellText.Name))})";

    internal static string Names(IEnumerable<string> names)
    {
        var list = names.ToList();
        return list.Count <= 1 ? string.Concat(list) : string.Join(", ", list.Take(list.Count - 1)) + " and " + list[^1];
    }

    internal static string Time(double ns)
    {
        var unit = Core.Results.TimeUnits.For(ns);
        return (ns / unit.Divisor).ToString(ns / unit.Divisor >= 100 ? "N0" : "0.##", Invariant) + " " + unit.Unit;
    }
}
