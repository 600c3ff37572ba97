using SerBench.Core.Statistics;
using SerBench.Core.Verification;

namespace SerBench.Comparison;

internal enum Change
{
    /// <summary>Not significant, or within the threshold: shown as <c>~</c>.</summary>
    Same,
    Faster,
    Slower,
    Less,
    More,

    /// <summary>One side has no measurement (e.g. a status other than OK or DIFFERS).</summary>
    NotComparable,

    /// <summary>Observed slower by more than the threshold, but not significantly: the data support neither a regression nor "no regression".</summary>
    Inconclusive,
}

internal sealed record CellComparison(
    string Study,
    string Key,
    ComparableCell Base,
    ComparableCell New,
    double? TimeRatio,
    Change Time,
    string TimeMethod,
    double? PValue,
    double? AllocationRatio,
    Change Allocation,
    string? StatusChange)
{
    /// <summary>Slower or allocating more beyond the threshold, or a cell that stopped passing the gate.</summary>
    public bool IsRegression => Time == Change.Slower || Allocation == Change.More || StatusChange is not null;

    /// <summary>Timed on both sides, yet no verdict on time was possible: never read as "no regression".</summary>
    public bool IsNotComparable => Time == Change.NotComparable && Comparer.IsTimed(Base) && Comparer.IsTimed(New);

    public bool IsInconclusive => Time == Change.Inconclusive;

    /// <summary>What an inconclusive cell is listed with.</summary>
    public (double Low, double High)? TimeInterval { get; init; }
}

/// <summary>Geometric means of the NEW/BASE ratios of one study's comparable cells.</summary>
internal sealed record StudySummary(string Study, int Cells, double? TimeGeometricMean, double? AllocationGeometricMean);

internal sealed record ComparisonReport(
    double Threshold,
    IReadOnlyList<CellComparison> Cells,
    IReadOnlyList<StudySummary> Studies,
    IReadOnlyList<ComparableCell> OnlyInBase,
    IReadOnlyList<ComparableCell> OnlyInNew)
{
    public IReadOnlyList<string> Warnings { get; init; } = [];

    public ContentionFinding? Contention { get; init; }

    public bool HasRegression => Cells.Any(c => c.IsRegression);

    /// <summary>What <c>--fail-on-regression</c> fails on: a regression, or a timed cell that could not be compared.</summary>
    public bool Fails => Cells.Any(c => c.IsRegression || c.IsNotComparable);

    /// <summary>What <c>--fail-on-inconclusive</c> fails on: a cell observed slower beyond the threshold without significance.</summary>
    public bool HasInconclusive => Cells.Any(c => c.IsInconclusive);

    /// <summary>No shared cell has a time in either file: a gate has nothing to pass on.</summary>
    public bool ComparedNothing => !Cells.Any(c => Comparer.IsTimed(c.Base) || Comparer.IsTimed(c.New));
}

/// <summary>
/// Cells match by typed identity. Time: a one-sided Welch t-test on log round means (the only test that sees between-process
/// variation), else Mann–Whitney U on iterations, else non-overlapping 99.9% intervals. Allocation and size are exact.
/// </summary>
internal static class Comparer
{
    // The same 99.9% confidence SerBench uses for its error bars.
    public const double Alpha = 0.001;

    private const int MinimumSamples = 3;

    public static ComparisonReport Compare(ComparableResults baseline, ComparableResults candidate, double threshold)
    {
        var before = Index(baseline.Cells);
        var after = Index(candidate.Cells);
        // The prior each file's own intervals were built with, so a cell here has the interval its report shows.
        var pooled = (baseline.Prior, candidate.Prior);
        var pairs = before.Where(p => after.ContainsKey(p.Key)).Select(p => (Old: p.Value, New: after[p.Key])).ToList();
        var betweenRuns = BetweenRunsLogVarianceByShape(pairs, pooled);
        var cells = new List<CellComparison>();
        foreach (var (old, current) in pairs)
        {
            cells.Add(CompareCell(old.Study, old.Key, old, current, threshold, pooled, betweenRuns(old)));
        }

        var studies = cells.GroupBy(c => c.Study).Select(g => new StudySummary(g.Key, g.Count(c => c.TimeRatio is not null),
            Tallies.GeometricMean(g.Select(c => c.TimeRatio ?? 0)), Tallies.GeometricMean(g.Select(c => c.AllocationRatio ?? 0)))).ToList();
        return new ComparisonReport(threshold, cells, studies,
            [.. before.Where(p => !after.ContainsKey(p.Key)).Select(p => p.Value)],
            [.. after.Where(p => !before.ContainsKey(p.Key)).Select(p => p.Value)])
        {
            Warnings = KnobWarnings(baseline.Knobs, candidate.Knobs),
            Contention = ContentionAnalysis.Analyze(cells, baseline.MachineProbeMedianNs, candidate.MachineProbeMedianNs),
        };
    }

    // Files that differ in a knob that changes the measurement measured different things; older files also recorded harmless ones (SERBENCH_CACHE).
    private static List<string> KnobWarnings(IReadOnlyDictionary<string, string>? before, IReadOnlyDictionary<string, string>? after)
    {
        if (before is null || after is null)
        {
            return [];
        }

        var warnings = new List<string>();
        foreach (var name in before.Keys.Union(after.Keys).Where(Core.Results.EnvironmentProbe.ChangesTheMeasurement).Order(StringComparer.Ordinal))
        {
            var (old, current) = (before.GetValueOrDefault(name), after.GetValueOrDefault(name));
            if (old != current)
            {
                warnings.Add($"{name} differs: BASE {old ?? "(not recorded)"}, NEW {current ?? "(not recorded)"}");
            }
        }

        return warnings;
    }

    public const int CellsForBetweenRunsSpread = 8;

    /// <summary>
    /// Between identical runs a cell can move 1.3× while its rounds agree within 3% (docs/performance.md): the variance of
    /// log(NEW/BASE) beyond the rounds', robust over all cells (<see cref="RoundStatistics.MedianAndSpread"/>); null below <see cref="CellsForBetweenRunsSpread"/> cells.
    /// </summary>
    internal static (double Variance, double DegreesOfFreedom)? BetweenRunsLogVariance(
        IReadOnlyList<(ComparableCell Old, ComparableCell New)> pairs, (VariancePrior? Base, VariancePrior? New) pooled)
    {
        var logRatios = new List<double>();
        var within = new List<double>();
        foreach (var (old, current) in pairs)
        {
            if (old.RoundsNs is { Count: >= 2 } a && current.RoundsNs is { Count: >= 2 } b && a.Concat(b).All(m => m > 0 && double.IsFinite(m)))
            {
                var (x, y) = (IntervalOf(old, pooled.Base), IntervalOf(current, pooled.New));
                logRatios.Add(Math.Log(y.MeanNs / x.MeanNs));
                within.Add((x.LogStandardError * x.LogStandardError) + (y.LogStandardError * y.LogStandardError));
            }
        }

        if (logRatios.Count < CellsForBetweenRunsSpread)
        {
            return null;
        }

        var (_, spread) = RoundStatistics.MedianAndSpread(logRatios);
        return (Math.Max(0, (spread * spread) - RoundStatistics.Median(within)), logRatios.Count - 1);
    }

    /// <summary>The larger of the common spread and the shape's: a list serialize moved 13% between identical runs and raised a false alarm (p = 7e-5).</summary>
    internal static Func<ComparableCell, (double Variance, double DegreesOfFreedom)?> BetweenRunsLogVarianceByShape(
        IReadOnlyList<(ComparableCell Old, ComparableCell New)> pairs, (VariancePrior? Base, VariancePrior? New) pooled)
    {
        var all = BetweenRunsLogVariance(pairs, pooled);
        var byShape = pairs.GroupBy(p => p.Old.Identity.Shape)
            .Select(g => (Shape: g.Key, Spread: BetweenRunsLogVariance([.. g], pooled)))
            .Where(g => g.Spread is not null)
            .ToDictionary(g => g.Shape, g => g.Spread!.Value);
        return cell => byShape.TryGetValue(cell.Identity.Shape, out var own) && (all is null || own.Variance > all.Value.Variance) ? own : all;
    }

    private static CellComparison CompareCell(string study, string key, ComparableCell old, ComparableCell current, double threshold, (VariancePrior? Base, VariancePrior? New) pooled,
        (double Variance, double DegreesOfFreedom)? betweenRuns)
    {
        string? statusChange = IsTimed(old) && !IsTimed(current)
            ? $"{old.StatusText} → {current.StatusText}"
            : null;
        // Validated files cannot hold a NaN, a negative or an infinite value, but cells may come from elsewhere.
        if (old.MeanNs is not { } oldMean || current.MeanNs is not { } newMean || !Usable(old) || !Usable(current))
        {
            return new CellComparison(study, key, old, current, null, Change.NotComparable, "—", null, null, Change.NotComparable, statusChange);
        }

        var ratio = newMean / oldMean;
        var (time, method, p, interval) = old.RoundsNs is { Count: >= 2 } && current.RoundsNs is { Count: >= 2 } && old.RoundsNs.Concat(current.RoundsNs).All(m => m > 0)
            ? RoundsChange(old, current, ratio, threshold, pooled, betweenRuns)
            : TimeChange(old, current, ratio, threshold);
        if (time == Change.Same && ratio > 1 + threshold)
        {
            // Beyond the threshold but not significant: "no regression" would be a claim the data did not support.
            time = Change.Inconclusive;
        }

        double? allocationRatio = old.AllocatedBytes is { } a && current.AllocatedBytes is { } b
            ? a == 0 ? (b == 0 ? 1 : double.PositiveInfinity) : (double)b / a
            : null;
        var allocation = allocationRatio switch
        {
            null => Change.NotComparable,
            > 1 when allocationRatio > 1 + threshold => Change.More,
            < 1 when allocationRatio < 1 / (1 + threshold) => Change.Less,
            _ => Change.Same,
        };
        return new CellComparison(study, key, old, current, ratio, time, method, p, allocationRatio, allocation, statusChange) { TimeInterval = interval };
    }

    /// <summary>Unbounded above when BASE's interval reaches zero.</summary>
    private static (double Low, double High)? ErrorInterval(ComparableCell old, ComparableCell current) =>
        old is { MeanNs: { } a, ErrorNs: { } ea } && current is { MeanNs: { } b, ErrorNs: { } eb }
            ? (Math.Max(0, b - eb) / (a + ea), a - ea > 0 ? (b + eb) / (a - ea) : double.PositiveInfinity)
            : null;

    /// <summary>The interval the file records, which its report shows; combined from the rounds only for a cell that records none.</summary>
    internal static RoundStatistics.Interval IntervalOf(ComparableCell cell, VariancePrior? prior) =>
        cell is { MeanNs: { } mean, ErrorNs: { } error, LowNs: { } low and > 0, HighNs: { } high }
            ? RoundStatistics.Recorded(mean, error, low, high, cell.RoundsNs!, prior)
            : RoundStatistics.Combine(cell.RoundsNs!, prior);

    private static (Change Change, string Method, double? PValue, (double Low, double High)? Interval) RoundsChange(ComparableCell before, ComparableCell after, double ratio,
        double threshold, (VariancePrior? Base, VariancePrior? New) pooled, (double Variance, double DegreesOfFreedom)? betweenRuns)
    {
        var (t, degrees, standardError) = RoundStatistics.Welch(IntervalOf(before, pooled.Base), IntervalOf(after, pooled.New), betweenRuns);
        if (standardError <= 0)
        {
            return (ratio > 1 + threshold ? Change.Slower : ratio < 1 / (1 + threshold) ? Change.Faster : Change.Same, "rounds (no spread)", null, (ratio, ratio));
        }

        var slower = RoundStatistics.StudentUpperTail(t, degrees);
        var faster = RoundStatistics.StudentUpperTail(-t, degrees);
        var method = betweenRuns?.Variance > 0 ? "Welch t on round means, with the spread between runs" : "Welch t on round means";
        var reach = RoundStatistics.StudentQuantile(degrees) * standardError;
        var interval = (ratio * Math.Exp(-reach), ratio * Math.Exp(Math.Min(reach, 700)));
        return slower < Alpha && ratio > 1 + threshold ? (Change.Slower, method, slower, interval)
            : faster < Alpha && ratio < 1 / (1 + threshold) ? (Change.Faster, method, faster, interval)
            : (Change.Same, method, Math.Min(slower, faster), interval);
    }

    private static (Change Change, string Method, double? PValue, (double Low, double High)? Interval) TimeChange(ComparableCell old, ComparableCell current, double ratio, double threshold)
    {
        var (change, method, p) = TestedChange(old, current, ratio, threshold);
        return (change, method, p, ErrorInterval(old, current));
    }

    private static (Change Change, string Method, double? PValue) TestedChange(ComparableCell old, ComparableCell current, double ratio, double threshold)
    {
        if (old.IterationsNs is { Count: >= MinimumSamples } before && current.IterationsNs is { Count: >= MinimumSamples } after)
        {
            // H1 "slower": NEW > BASE·(1+t). H1 "faster": BASE > NEW·(1+t). Shifting by the threshold keeps tiny real shifts at "~".
            var slower = MannWhitney.PValueGreater(after, [.. before.Select(v => v * (1 + threshold))]);
            var faster = MannWhitney.PValueGreater(before, [.. after.Select(v => v * (1 + threshold))]);
            return slower < Alpha ? (Change.Slower, "Mann–Whitney U", slower)
                : faster < Alpha ? (Change.Faster, "Mann–Whitney U", faster)
                : (Change.Same, "Mann–Whitney U", Math.Min(slower, faster));
        }

        if (old.ErrorNs is { } oldError && current.ErrorNs is { } newError)
        {
            var separated = current.MeanNs - newError > old.MeanNs + oldError || current.MeanNs + newError < old.MeanNs - oldError;
            var change = !separated ? Change.Same
                : ratio > 1 + threshold ? Change.Slower
                : ratio < 1 / (1 + threshold) ? Change.Faster
                : Change.Same;
            return (change, "99.9% CI", null);
        }

        return (Change.NotComparable, "no spread", null);
    }

    internal static bool IsTimed(ComparableCell cell) => cell.Status is { } status && GateOutcome.IsTimedStatus(status);

    private static bool Usable(ComparableCell cell) =>
        cell.MeanNs is { } mean && double.IsFinite(mean) && mean > 0
        && (cell.ErrorNs is not { } error || (double.IsFinite(error) && error >= 0))
        && (cell.IterationsNs is null || cell.IterationsNs.All(v => double.IsFinite(v) && v >= 0))
        && (cell.RoundsNs is null || cell.RoundsNs.All(v => double.IsFinite(v) && v >= 0));

    private static Dictionary<Core.Results.CellKey, ComparableCell> Index(IEnumerable<ComparableCell> cells)
    {
        var index = new Dictionary<Core.Results.CellKey, ComparableCell>();
        foreach (var cell in cells)
        {
            index.TryAdd(cell.Identity, cell);
        }

        return index;
    }
}
