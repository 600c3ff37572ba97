using System.Globalization;
using SerBench.Core.Measurement;
using SerBench.Core.Results;
using SerBench.Core.Statistics;

namespace SerBench.Reports;

/// <summary>How a run was measured: method, harness cost, and the machine's speed, with a warning when it moved beyond the profile's precision target.</summary>
internal static class RunConditions
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    /// <summary>Label → sentence, in display order; empty for files that recorded none of it.</summary>
    public static IReadOnlyList<(string Label, string Text)> Describe(ResultsDocument document)
    {
        var lines = new List<(string, string)>();
        if (document.Method is { } method)
        {
            lines.Add(("Method", method.Interval));
            lines.Add(("Clock", MeasurementClocks.Describe(method.Clock)));
            var timed = document.Cells.Where(c => c.RoundsNs is not null && c.Operation != Core.Studies.Operation.FirstCall).ToList();
            if (timed.Sum(c => c.DroppedRoundsNs?.Count ?? 0) is var dropped and > 0)
            {
                var rounds = timed.Sum(c => c.RoundsNs!.Count) + dropped;
                lines.Add(("Rounds not counted", string.Create(Invariant, $"{dropped} of {rounds} rounds, in {timed.Count(c => c.DroppedRoundsNs is { Count: > 0 })} cell(s): each over " +
                                                 $"{RoundStatistics.UnsettledRatio:0.##}× the median of its cell's rounds, a process that had not settled (listed in results.json as droppedRoundsNs)")));
            }
        }

        if (document.Calibration is { } calibration)
        {
            // An Error over the mean (a run too small for a prior, t on 2 degrees of freedom) says less than the rounds themselves.
            var spread = calibration.ErrorNs > calibration.MeanNs && calibration.RoundsNs is { Count: > 1 } rounds
                ? $" per operation (its {rounds.Count} rounds: {Number(rounds.Min())}–{Number(rounds.Max())} ns)"
                : $" ± {Number(calibration.ErrorNs)} per operation";
            lines.Add(("Harness overhead", $"{Number(calibration.MeanNs)} ns{spread}, measured in this run: " +
                                           "an operation that only returns its input through the same call path as every contender; every mean includes it"));
        }

        if (document.RuntimeAgents is { Count: > 0 } agents)
        {
            lines.Add(("Runtime agents", string.Join("; ", agents.Values.Select(a =>
                $"{a.Runtime}: " + (a.Failure is { } failure ? "not built: " + failure
                    : $"{(a.Compilation == "aot" ? "Native AOT" : "JIT, self-contained")}{(a.RuntimeVersion is { } v ? " " + v : "")}, " +
                      (a.Reused ? "reused" : $"built in {Number(a.BuildSeconds)} s") +
                      (a.Warnings.Count > 0 ? $", {a.Warnings.Count} trimming/AOT warning(s) listed in results.json" : ""))))));
        }

        foreach (var (source, index) in (document.Sources ?? []).Select((s, i) => (s, i + 1)))
        {
            lines.Add(($"Source {index}", $"{source.Machine}: {source.File}, {source.Environment.Runtime} on {source.Environment.Os}, " +
                                          $"profile {source.Profile}, started {source.StartedAt.ToString("yyyy-MM-dd HH:mm", Invariant)}"));
        }

        if (document.MachineProbes is { } probes && DescribeProbes(probes) is { } speed)
        {
            lines.Add(("Machine speed", speed));
        }

        return lines;
    }

    /// <summary>The probe's core half decides: its memory walk moved 2–4× on a cloud guest whose cells moved a few percent (docs/performance.md).</summary>
    public static string? Warning(ResultsDocument document)
    {
        var target = MeasurementProfile.All.FirstOrDefault(p => p.Name == document.Profile)?.TargetRelativeError;
        var probes = document.MachineProbes ?? [];
        var (variation, what) = HasHalves(probes)
            ? (MachineProbe.Variation([.. probes.Select(p => p.CoreNs!.Value)]), "by timings of a fixed CPU workload")
            : (MachineProbe.Variation([.. probes.Select(p => p.Ns)]), "by timings of a fixed workload");
        return variation is { } moved && target is { } limit && moved > limit
            ? $"The machine's own speed varied by {Percent(moved, "0.0")} during this run ({what}), more than the " +
              $"{document.Profile} profile's {Percent(limit, "0")} precision target: other load or CPU throttling may have moved some cells. The intervals " +
              "include what the rounds saw; re-run on a quieter machine for tighter ones."
            : null;
    }

    // Null when there is no variation to state (fewer than two probes, or a zero timing in a file SerBench did not write).
    private static string? DescribeProbes(IReadOnlyList<MachineProbeSample> probes)
    {
        string Range(IEnumerable<double> ns) => $"{Number(ns.Min() / 1e6)}–{Number(ns.Max() / 1e6)} ms";
        if (!HasHalves(probes))
        {
            return MachineProbe.Variation([.. probes.Select(p => p.Ns)]) is { } total
                ? $"varied by {Percent(total, "0.0")} during the run ({probes.Count} timings of a fixed workload, {Range(probes.Select(p => p.Ns))})"
                : null;
        }

        var (core, memory) = (probes.Select(p => p.CoreNs!.Value).ToList(), probes.Select(p => p.MemoryNs!.Value).ToList());
        return MachineProbe.Variation(core) is { } coreMoved && MachineProbe.Variation(memory) is { } memoryMoved
            ? $"the core varied by {Percent(coreMoved, "0.0")} during the run ({probes.Count} timings of a hash over 64 KB, {Range(core)}); " +
              $"memory latency by {Percent(memoryMoved, "0.0")} (a random walk through 32 MB, {Range(memory)}), which only cells whose data outgrows the caches can feel"
            : null;
    }

    // Files written before the halves were recorded have the total only.
    private static bool HasHalves(IReadOnlyList<MachineProbeSample> probes) => probes.All(p => p is { CoreNs: not null, MemoryNs: not null });

    private static string Percent(double fraction, string format) => (fraction * 100).ToString(format, Invariant) + "%";

    private static string Number(double value) => value.ToString(value >= 100 ? "N0" : "0.##", Invariant);
}
