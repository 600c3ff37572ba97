using System.Globalization;
using SerBench.Core.Statistics;

namespace SerBench.Comparison;

// Ratio: geometric mean of its cells' NEW/BASE time ratios.
// RelativeToOthers: its ratio divided by the median contender's.
internal sealed record ContenderSlowdown(string Contender, double Ratio, int Cells, double RelativeToOthers);

// MachineRatio: NEW/BASE of the machine probe's median; null when a file has no probes.
internal sealed record ContentionFinding(double? MachineRatio, double MedianRatio, IReadOnlyList<ContenderSlowdown> HitHarder, IReadOnlyList<ContenderSlowdown> HitLess)
{
    public string Describe()
    {
        string List(IEnumerable<ContenderSlowdown> slowdowns) => string.Join(", ", slowdowns.Select(s =>
            $"{s.Contender} {Times(s.Ratio)} ({s.Cells} cells, {Times(s.RelativeToOthers)} the median contender's)"));
        var machine = MachineRatio is { } ratio ? $"The machine ran at another speed in NEW: its fixed workload took {Times(ratio)} as long as in BASE. " : "";
        var text = machine + $"The median contender's cells took {Times(MedianRatio)} as long.";
        if (HitHarder.Count > 0)
        {
            text += $" Hit harder than the others: {List(HitHarder)}; rankings that include them moved with the machine, not with the code.";
        }

        if (HitLess.Count > 0)
        {
            text += $" Hit less: {List(HitLess)}.";
        }

        return text;
    }

    private static string Times(double ratio) => ratio.ToString("0.00", CultureInfo.InvariantCulture) + "×";
}

/// <summary>Contention differs by contender: which ones a machine speed change moved more than others, so a shifted Ratio is not read as a library change.</summary>
internal static class ContentionAnalysis
{
    /// <summary>The probe's median moved by this factor or more: the machine ran at another speed.</summary>
    public const double MachineChange = 1.15;

    /// <summary>A contender stands out when its ratio differs from the median contender's by this factor or more …</summary>
    public const double Margin = 1.15;

    /// <summary>… and by more than this many standard errors of its own mean log ratio.</summary>
    public const double StandardErrors = 3.0;

    private const int MinimumCells = 3;

    public static ContentionFinding? Analyze(IReadOnlyList<CellComparison> cells, double? baseProbeMedianNs, double? newProbeMedianNs)
    {
        double? machine = baseProbeMedianNs is > 0 && newProbeMedianNs is > 0 ? newProbeMedianNs / baseProbeMedianNs : null;
        var named = cells
            .Where(c => c.TimeRatio is > 0 && double.IsFinite(c.TimeRatio.Value) && c.New.TypedKey is not null)
            .GroupBy(c => c.New.TypedKey!.Value.Contender)
            .Select(g => (Contender: g.Key, Logs: g.Select(c => Math.Log(c.TimeRatio!.Value)).ToList()))
            .Where(g => g.Logs.Count >= MinimumCells)
            .ToList();
        if (named.Count < 3)
        {
            return null;
        }

        var medianLog = RoundStatistics.Median([.. named.Select(g => g.Logs.Average())]);
        if (machine is not { } m || Math.Abs(Math.Log(m)) < Math.Log(MachineChange))
        {
            // Same machine speed: a contender that moved is a change to report per cell, not contention.
            return null;
        }

        var harder = new List<ContenderSlowdown>();
        var less = new List<ContenderSlowdown>();
        foreach (var (contender, logs) in named)
        {
            var mean = logs.Average();
            var standardError = Math.Sqrt(RoundStatistics.SampleVariance(logs) / logs.Count);
            var difference = mean - medianLog;
            if (Math.Abs(difference) < Math.Log(Margin) || Math.Abs(difference) < StandardErrors * standardError)
            {
                continue;
            }

            var slowdown = new ContenderSlowdown(contender, Math.Exp(mean), logs.Count, Math.Exp(difference));
            (difference > 0 ? harder : less).Add(slowdown);
        }

        return new ContentionFinding(machine, Math.Exp(medianLog), [.. harder.OrderByDescending(s => s.RelativeToOthers)], [.. less.OrderBy(s => s.RelativeToOthers)]);
    }
}
