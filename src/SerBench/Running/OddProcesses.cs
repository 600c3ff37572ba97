using System.Globalization;
using SerBench.Core.Measurement;
using SerBench.Core.Results;
using SerBench.Core.Statistics;

namespace SerBench.Running;

/// <summary>One measuring process: its contender's group, its number among that group's processes, its cells, what it said.</summary>
internal sealed record MeasuringProcess(int Id, string Group, string Contender, int Number, IReadOnlyList<CellKey> Cells, double ProbeCoreNs, string? WarmUp,
    double? FastestCanaryNs);

/// <summary>
/// A process whose cells together ran apart from the same cells' other processes: a starved host, code that never tiered
/// up, or anything else that moves every cell of one process at once. Its rounds do not count, so no verdict rests on it.
/// </summary>
internal static class OddProcesses
{
    /// <summary>The median ratio of a process's cells to their cells' median round, beyond which (either way) the process is odd.</summary>
    public const double OddRatio = RoundStatistics.UnsettledRatio;

    // Two cells at least, each with three processes: with fewer, the cell's own rules (RoundStatistics) decide.
    private const int CellsToJudge = 2, ProcessesToJudge = 3;

    /// <summary>Refills <paramref name="odd"/> from every process so far: a later process may show an earlier verdict wrong.</summary>
    public static void Find(IReadOnlyList<MeasuringProcess> processes, IReadOnlyDictionary<CellKey, IReadOnlyList<(int Process, double MeanNs)>> rounds, HashSet<int> odd)
    {
        odd.Clear();
        foreach (var process in processes)
        {
            if ((RatioOf(process, rounds) is { } ratio && (ratio > OddRatio || ratio < 1 / OddRatio)) || InOneSpell(process, processes) is not null)
            {
                odd.Add(process.Id);
            }
        }
    }

    /// <summary>
    /// The fastest host-speed reading of a process that never saw the host fast (HostSpeed judges cells within a process, so
    /// it cannot see this), and the run's fastest under the same runtime; null when the process is not one, or too few processes to tell.
    /// </summary>
    public static (double Own, double Run)? InOneSpell(MeasuringProcess process, IReadOnlyList<MeasuringProcess> processes)
    {
        if (process.FastestCanaryNs is not { } own)
        {
            return null;
        }

        var peers = processes.Where(p => p.FastestCanaryNs is not null && RuntimeOf(p) == RuntimeOf(process)).Select(p => p.FastestCanaryNs!.Value).ToList();
        return peers.Count >= ProcessesToJudge && own > peers.Min() * HostSpeed.SlowRatio ? (own, peers.Min()) : null;
    }

    private static string? RuntimeOf(MeasuringProcess process) => process.Cells.Count > 0 && process.Cells[0].Runtime.Length > 0 ? process.Cells[0].Runtime : null;

    /// <summary>The median over the process's cells of its round against the median of all that cell's rounds; null when too few to judge.</summary>
    public static double? RatioOf(MeasuringProcess process, IReadOnlyDictionary<CellKey, IReadOnlyList<(int Process, double MeanNs)>> rounds)
    {
        var ratios = process.Cells
            .Select(key => rounds.TryGetValue(key, out var r) ? r : [])
            .Where(r => r.Count >= ProcessesToJudge && r.Any(x => x.Process == process.Id))
            .Select(r => r.First(x => x.Process == process.Id).MeanNs / RoundStatistics.Median([.. r.Select(x => x.MeanNs)]))
            .ToList();
        return ratios.Count >= CellsToJudge ? RoundStatistics.Median(ratios) : null;
    }

    public static List<OddProcess>? Describe(IReadOnlyList<MeasuringProcess> processes, IReadOnlySet<int> odd,
        IReadOnlyDictionary<CellKey, IReadOnlyList<(int Process, double MeanNs)>> rounds, IReadOnlyList<MachineProbeSample> probes)
    {
        if (odd.Count == 0)
        {
            return null;
        }

        var medianCore = RoundStatistics.Median([.. probes.Select(p => p.CoreNs ?? p.Ns)]);
        return [.. processes.Where(p => odd.Contains(p.Id)).Select(p =>
        {
            var ratio = RatioOf(p, rounds) ?? 1;
            return new OddProcess(p.Contender, RuntimeOf(p), p.Number, Math.Round(ratio, 3), p.Cells.Count, Cause(p, ratio, medianCore, InOneSpell(p, processes)));
        })];
    }

    // What the evidence shows: the machine probe taken just before the process, or the warm-up's own account of why it ended.
    private static string Cause(MeasuringProcess process, double ratio, double medianCoreNs, (double Own, double Run)? spell)
    {
        var invariant = CultureInfo.InvariantCulture;
        if (spell is var (own, run))
        {
            return string.Create(invariant, $"the host: its core ran slow all through the process (host-speed reading {own / 1e3:0.0} μs at its fastest, the run's {run / 1e3:0.0} μs)");
        }

        if (ratio > 1 && medianCoreNs > 0 && process.ProbeCoreNs > medianCoreNs * ProbeSlower)
        {
            return string.Create(invariant, $"the host: the machine probe before it read {process.ProbeCoreNs / 1e6:0.00} ms against the run's median {medianCoreNs / 1e6:0.00} ms");
        }

        if (ratio > 1 && process.WarmUp is { } warm && warm.Contains("tiering not done", StringComparison.Ordinal))
        {
            return "code that had not tiered up: its warm-up ended " + warm;
        }

        return "not shown by the evidence: the machine probe before it was normal" + (process.WarmUp is { } w ? "; its warm-up ended " + w : "");
    }

    // The probe's core half varies a few percent on a steady host (docs/performance.md#the-method).
    private const double ProbeSlower = 1.1;
}
