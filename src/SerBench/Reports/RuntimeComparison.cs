using System.Globalization;
using SerBench.Core.Results;
using SerBench.Core.Running;
using SerBench.Core.Statistics;
using SerBench.Core.Verification;
using SerBench.Results;

namespace SerBench.Reports;

/// <summary>Runtimes side by side against the oldest, per machine: runtimes are compared on the machine that measured them.</summary>
internal static class RuntimeComparison
{
    public enum RuntimeChange
    {
        Faster,
        Slower,
        Tied,
        StartedPassing,
        StoppedPassing,
        NotMeasuredOnBoth,
    }

    /// <summary>Oldest first, by version, just-in-time before Native AOT.</summary>
    public static IReadOnlyList<string> Runtimes(IEnumerable<ResultCell> cells) =>
        [.. cells.Select(c => c.Runtime ?? "").Distinct().OrderBy(r => RuntimeTarget.TryParse(r)?.Major ?? int.MaxValue)
            .ThenBy(r => RuntimeTarget.TryParse(r)?.Aot ?? true).ThenBy(r => r, StringComparer.Ordinal)];

    public static IReadOnlyList<TableModel> Tables(IReadOnlyList<ResultCell> studyCells)
    {
        var tables = new List<TableModel>();
        foreach (var (machine, runtimes, rows) in PerMachine(studyCells))
        {
            var oldest = runtimes[0];
            var headers = new List<string> { "Contender", "Case" };
            headers.AddRange(runtimes.Select(r => $"{r} mean"));
            headers.AddRange(runtimes.Select(r => $"{r} allocated"));
            headers.AddRange(runtimes.Skip(1).Select(r => $"{r} / {oldest}"));
            var body = new List<IReadOnlyList<string>>();
            foreach (var cell in rows)
            {
                var row = new List<string> { cell.Key.Contender, $"{cell.Key.Payload} · {cell.Key.Case} · {cell.Key.Operation}" };
                row.AddRange(runtimes.Select(r => cell.On.TryGetValue(r, out var c) ? Mean(c) : "—"));
                row.AddRange(runtimes.Select(r => cell.On.TryGetValue(r, out var c) && Reports.Findings.IsRankable(c) ? Formatting.Bytes(c.AllocatedBytes) : "—"));
                row.AddRange(runtimes.Skip(1).Select(r => Describe(cell.On.GetValueOrDefault(oldest), cell.On.GetValueOrDefault(r))));
                body.Add(row);
            }

            var where = machine is null ? "" : $" · {machine}";
            tables.Add(new TableModel($"Runtimes{where}: each runtime against {oldest}", headers, body,
                [$"Ratios are mean on the runtime / mean on {oldest}; \"tied\" when the verdict's 99% confidence intervals overlap. " +
                 "A status other than OK is shown instead of a time; \"started passing\" or \"stopped passing\" says the correctness gate's outcome changed."]));
        }

        return tables;
    }

    public static IReadOnlyList<string> Findings(IReadOnlyList<ResultCell> studyCells)
    {
        var findings = new List<string>();
        foreach (var (machine, runtimes, rows) in PerMachine(studyCells))
        {
            var oldest = runtimes[0];
            var on = machine is null ? "" : $" (on {machine})";
            foreach (var runtime in runtimes.Skip(1))
            {
                var changes = rows.Select(r => (Row: r, Change: Classify(r.On.GetValueOrDefault(oldest), r.On.GetValueOrDefault(runtime)))).ToList();
                var timed = changes.Where(c => c.Change is RuntimeChange.Faster or RuntimeChange.Slower or RuntimeChange.Tied)
                    .Select(c => (c.Row, c.Change, Ratio: c.Row.On[runtime].MeanNs!.Value / c.Row.On[oldest].MeanNs!.Value)).ToList();
                if (timed.Count > 0)
                {
                    var median = RoundStatistics.Median([.. timed.Select(t => t.Ratio)]);
                    var largest = timed.Where(t => t.Change != RuntimeChange.Tied).OrderByDescending(t => Math.Abs(Math.Log(t.Ratio))).FirstOrDefault();
                    var lower = timed.Count(t => t.Ratio < 1);
                    findings.Add($"{runtime} against {oldest}{on}: {Count(timed, RuntimeChange.Faster)} faster, {Count(timed, RuntimeChange.Slower)} slower, " +
                                 $"{Count(timed, RuntimeChange.Tied)} tied of {timed.Count} cells measured on both; median ratio {Formatting.Ratio(median)}×" +
                                 Direction(lower, timed.Count, runtime) +
                                 (largest.Row is null ? "." : $"; the largest change is {largest.Row.Key.Contender} {largest.Row.Key.Operation} {largest.Row.Key.Payload} {largest.Row.Key.Case}: {Formatting.Ratio(largest.Ratio)}×."));
                }

                foreach (var gate in changes.Where(c => c.Change is RuntimeChange.StartedPassing or RuntimeChange.StoppedPassing).GroupBy(c => (c.Row.Key.Contender, c.Change)))
                {
                    var example = gate.First().Row;
                    var verb = gate.Key.Change == RuntimeChange.StartedPassing
                        ? $"passes the gate on {runtime} but not on {oldest} ({example.On[oldest].StatusLabel}: {example.On[oldest].Reason ?? "no reason recorded"})"
                        : $"stopped passing the gate on {runtime} ({example.On[runtime].StatusLabel}: {example.On[runtime].Reason ?? "no reason recorded"})";
                    findings.Add($"{gate.Key.Contender} {verb}{on}, in {gate.Count()} cell(s).");
                }
            }
        }

        return findings;
    }

    /// <summary>A sign test over cells, said only at 99.9% and as a direction: cells of one process are not fully independent.</summary>
    private static string Direction(int lower, int cells, string runtime)
    {
        var higher = cells - lower;
        var p = Tallies.SignTestP(lower, cells);
        return cells < 6 || p >= 1 - RoundStatistics.ConfidenceLevel ? ""
            : $"; {(lower > higher ? "lower" : "higher")} on {runtime} in {Math.Max(lower, higher)} of {cells} cells (two-sided sign test p = {p.ToString("0.0e0", CultureInfo.InvariantCulture)})";
    }

    public static RuntimeChange Classify(ResultCell? oldest, ResultCell? newer)
    {
        if (oldest is null || newer is null || oldest.Outcome.Status == VerificationStatus.Unavailable || newer.Outcome.Status == VerificationStatus.Unavailable)
        {
            return RuntimeChange.NotMeasuredOnBoth;
        }

        var (before, after) = (Passes(oldest), Passes(newer));
        if (before != after)
        {
            return after ? RuntimeChange.StartedPassing : RuntimeChange.StoppedPassing;
        }

        if (!Reports.Findings.IsRankable(oldest) || !Reports.Findings.IsRankable(newer))
        {
            return RuntimeChange.NotMeasuredOnBoth;
        }

        return Ties.Overlap(oldest, newer) ? RuntimeChange.Tied : newer.MeanNs < oldest.MeanNs ? RuntimeChange.Faster : RuntimeChange.Slower;
    }

    // UNAVAILABLE (never reached the gate) is left out before this is asked.
    private static bool Passes(ResultCell cell) => cell.Outcome.IsTimed;

    private static string Describe(ResultCell? oldest, ResultCell? newer) => Classify(oldest, newer) switch
    {
        RuntimeChange.Faster or RuntimeChange.Slower or RuntimeChange.Tied when newer!.MeanNs / oldest!.MeanNs is { } ratio =>
            Formatting.Ratio(ratio) + (Ties.Overlap(oldest, newer) ? " (tied)" : ""),
        RuntimeChange.StartedPassing => "started passing",
        RuntimeChange.StoppedPassing => $"stopped passing ({CellText.Label(newer!.Status)})",
        _ => "—",
    };

    private static string Mean(ResultCell cell)
    {
        if (cell.MeanNs is not { } mean)
        {
            return CellText.Label(cell.Status);
        }

        var error = cell.ErrorNs is { } e && mean > 0 ? $" ±{(e / mean * 100).ToString("0.#", CultureInfo.InvariantCulture)}%" : "";
        return Formatting.Time(mean, Core.Results.TimeUnits.For(mean)) + error + (cell.Status == VerificationStatus.Ok ? "" : $" {CellText.Label(cell.Status)}");
    }

    private static int Count(IEnumerable<(ComparedCell Row, RuntimeChange Change, double Ratio)> timed, RuntimeChange change) => timed.Count(t => t.Change == change);

    private static IEnumerable<(string? Machine, IReadOnlyList<string> Runtimes, List<ComparedCell> Rows)> PerMachine(IReadOnlyList<ResultCell> studyCells) =>
        from machine in studyCells.GroupBy(c => c.Machine)
        let runtimes = Runtimes(machine)
        where runtimes.Count >= 2
        select (machine.Key, runtimes, Rows(machine));

    private static List<ComparedCell> Rows(IEnumerable<ResultCell> cells) =>
        [.. cells.GroupBy(c => new CellIdentity(c.Key with { Runtime = "" }))
            .Select(g => new ComparedCell(g.Key, g.GroupBy(c => c.Runtime ?? "").ToDictionary(r => r.Key, r => r.First())))];

    // The case is only ever shown, never compared.
    private sealed record CellIdentity(CellKey Cell)
    {
        public string Contender => Cell.Contender;

        public string Payload => Cell.Payload;

        public string Case => CellText.Case(Cell.Shape, Cell.Count);

        public string Operation => CellText.Name(Cell.Operation);
    }

    private sealed record ComparedCell(CellIdentity Key, Dictionary<string, ResultCell> On);
}
