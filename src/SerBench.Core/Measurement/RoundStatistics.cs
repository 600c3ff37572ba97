using Perfolizer.Mathematics.Distributions.ContinuousDistributions;

namespace SerBench.Measurement;

/// <summary>
/// Turns the per-round means of every cell in a run into a mean and a 99.9% confidence interval that include the
/// variation between processes and over time, not only between iterations of one process.
/// </summary>
/// <remarks>
/// Each round measures a cell in a fresh process at a different moment of the run, so the spread of a cell's round
/// means is the spread a second run would see. With 3–5 rounds a cell's own spread is a poor estimate on its own
/// (2–4 degrees of freedom: a lucky run of three close means gives an interval far too tight), so it is moderated
/// towards the spread typical of the whole run, as in empirical-Bayes ("moderated t") analysis: the cell's variance
/// and the run's pooled variance are averaged with weights equal to their degrees of freedom, and the interval uses
/// Student's t with the combined degrees of freedom. Spreads are taken on the log scale, because timing noise is
/// multiplicative (a busy neighbour makes a cell 20% slower, not 20 ns slower).
/// </remarks>
public static class RoundStatistics
{
    /// <summary>Two-sided confidence level of every interval SerBench prints, as BenchmarkDotNet's Error.</summary>
    public const double ConfidenceLevel = 0.999;

    /// <summary>
    /// Weight of the run's pooled spread, in degrees of freedom. Four is worth two extra rounds of a 3-round cell:
    /// enough that one lucky cell does not claim ±0.5%, small enough that a cell noisier than the rest keeps its own spread.
    /// </summary>
    public const double PooledDegreesOfFreedom = 4;

    /// <summary>The fewest multi-round cells whose spreads are pooled; with fewer, each cell stands on its own rounds.</summary>
    public const int CellsToPool = 3;

    /// <summary>The widest interval reported, relative to the mean.</summary>
    public const double MaximumRelativeError = 1000;

    /// <summary>
    /// How much slower than the median of its cell's rounds a round may be and still count. A fresh process sometimes
    /// measures before the runtime has finished tiering the code up (on a busy machine its background compiler waits for a
    /// core while the body runs steadily at tier 0), or settles in a slower state: such rounds came out 1.3–3.3× the
    /// others' means (eng/fidelity, docs/performance.md), far beyond what the same process's iterations spread.
    /// </summary>
    public const double UnsettledRatio = 1.25;

    /// <summary>
    /// The rounds that count and those that do not: with three rounds or more, a round more than <see cref="UnsettledRatio"/>
    /// times the median of the cell's rounds is left out (BenchmarkDotNet removes upper outliers among iterations for the
    /// same reason, one level down). With fewer there is no majority to judge by, so every round counts.
    /// </summary>
    public static (IReadOnlyList<double> Kept, IReadOnlyList<double> Dropped) SettledRounds(IReadOnlyList<double> roundMeansNs)
    {
        var counts = Counts(roundMeansNs);
        return ([.. roundMeansNs.Where((_, i) => counts[i])], [.. roundMeansNs.Where((_, i) => !counts[i])]);
    }

    /// <summary>For each round, whether it counts (see <see cref="SettledRounds"/>). A cell with two speeds keeps every round.</summary>
    public static bool[] Counts(IReadOnlyList<double> roundMeansNs)
    {
        if (roundMeansNs.Count < 3 || roundMeansNs.Any(m => m <= 0 || !double.IsFinite(m)) || Modes(roundMeansNs) is not null)
        {
            return [.. roundMeansNs.Select(_ => true)];
        }

        var limit = Median(roundMeansNs) * UnsettledRatio;
        return [.. roundMeansNs.Select(m => m <= limit)];
    }

    /// <summary>
    /// How far apart the counted rounds of a cell must be before another round is measured: a process that had not
    /// settled measured 2–4× the others, while settled processes of the same cell differed by up to ~1.3× on a quiet
    /// host (eng/fidelity). Re-measuring at <see cref="UnsettledRatio"/> already took a quarter more cells of a default
    /// run, past its 10-minute budget, without changing those cells' means much.
    /// </summary>
    public const double RemeasureRatio = 1.5;

    /// <summary>
    /// True when the rounds that count still disagree by more than <see cref="RemeasureRatio"/>: another round may show
    /// which of them is the odd one out, or that the cell has two speeds. A cell already seen at two speeds needs no more.
    /// </summary>
    public static bool NeedsAnotherRound(IReadOnlyList<double> roundMeansNs)
    {
        if (Modes(roundMeansNs) is not null)
        {
            return false;
        }

        // Every round, not only those that count: one slow round among three may be a process that had not settled, or
        // the first sight of a second speed; only more rounds tell, and dropping it would print one speed as the truth.
        return roundMeansNs.Count >= 2 && roundMeansNs.All(m => m > 0) && roundMeansNs.Max() > roundMeansNs.Min() * RemeasureRatio;
    }

    /// <summary>
    /// The most rounds added to a cell whose rounds disagree (none for a single-round profile): enough to see a second
    /// speed that one process in three lands in, or to outvote one odd round.
    /// </summary>
    public static int ExtraRounds(int rounds) => rounds > 1 ? 3 : 0;

    /// <summary>
    /// The interval of a cell with two speeds (<see cref="Modes"/>): each mode's own interval, and an overall one around
    /// the mean of every round that spans both modes' intervals, so no single speed is printed as the truth.
    /// </summary>
    public static (Interval Overall, IReadOnlyList<Results.SpeedMode> Modes) CombineModes(IReadOnlyList<IReadOnlyList<double>> modes,
        double? pooledLogVariance, double withinRoundErrorNs)
    {
        var intervals = modes.Select(m => Combine(m, pooledLogVariance, withinRoundErrorNs)).ToList();
        var mean = modes.SelectMany(m => m).Average();
        var low = intervals.Min(i => i.MeanNs - i.ErrorNs);
        var high = intervals.Max(i => i.MeanNs + i.ErrorNs);
        var overall = new Interval(mean, Math.Max(mean - low, high - mean), intervals.Max(i => i.LogStandardError), intervals.Min(i => i.DegreesOfFreedom));
        return (overall, [.. intervals.Select((interval, k) => new Results.SpeedMode(interval.MeanNs, interval.ErrorNs, modes[k].Count))]);
    }

    /// <summary>The fewest processes a speed group needs before it is a mode of the cell, not one odd process.</summary>
    public const int ProcessesPerMode = 2;

    /// <summary>
    /// The two speed groups of a cell whose fresh processes settle at distinct speeds (a list of 10,000 Users serialized
    /// by System.Text.Json ran at about 5.4 or 19.7 ms, process by process): the rounds split at their widest gap, when
    /// that gap is over <see cref="RemeasureRatio"/>, each side has <see cref="ProcessesPerMode"/> rounds or more, and
    /// the gap is more than twice either side's own spread (log scale). Null for a cell with one speed.
    /// </summary>
    public static IReadOnlyList<IReadOnlyList<double>>? Modes(IReadOnlyList<double> roundMeansNs)
    {
        if (roundMeansNs.Count < 2 * ProcessesPerMode || roundMeansNs.Any(m => m <= 0 || !double.IsFinite(m)))
        {
            return null;
        }

        var sorted = roundMeansNs.Order().ToList();
        var split = Enumerable.Range(1, sorted.Count - 1).MaxBy(i => sorted[i] / sorted[i - 1]);
        var (fast, slow) = (sorted[..split], sorted[split..]);
        var gap = sorted[split] / sorted[split - 1];
        var widestSide = Math.Max(fast[^1] / fast[0], slow[^1] / slow[0]);
        // On the log scale the gap must be more than twice either side's own spread: an even spread is one wide speed.
        return gap > RemeasureRatio && fast.Count >= ProcessesPerMode && slow.Count >= ProcessesPerMode && gap > widestSide * widestSide
            ? [fast, slow]
            : null;
    }

    /// <summary>The median of a non-empty list.</summary>
    internal static double Median(IReadOnlyList<double> values)
    {
        var sorted = values.Order().ToList();
        return sorted.Count % 2 == 1 ? sorted[sorted.Count / 2] : (sorted[(sorted.Count / 2) - 1] + sorted[sorted.Count / 2]) / 2;
    }

    /// <summary>The interval of one cell: its mean, the half-width of the 99.9% CI, and the log-scale standard error.</summary>
    public sealed record Interval(double MeanNs, double ErrorNs, double LogStandardError, double DegreesOfFreedom);

    /// <summary>
    /// The run's pooled variance of log round means: the median of the cells' own variances, scaled by the median of
    /// the chi-square distribution so that it estimates the mean variance (robust to the odd cell hit by a slow spell).
    /// Null when fewer than three cells have two or more rounds.
    /// </summary>
    public static double? PooledLogVariance(IEnumerable<IReadOnlyList<double>> roundMeansOfEachCell)
    {
        var variances = new List<double>();
        var degrees = new List<int>();
        foreach (var rounds in roundMeansOfEachCell)
        {
            if (rounds.Count >= 2 && rounds.All(m => m > 0))
            {
                variances.Add(LogVariance(rounds));
                degrees.Add(rounds.Count - 1);
            }
        }

        if (variances.Count < CellsToPool)
        {
            return null;
        }

        var median = Median(variances);
        var typicalDegrees = degrees.Order().ElementAt(degrees.Count / 2);
        return median / ChiSquareMedianOverDegrees(typicalDegrees);
    }

    /// <summary>
    /// The interval of a cell from its round means. <paramref name="withinRoundErrorNs"/> is the largest single-round
    /// Error (BenchmarkDotNet's, from iterations): the interval is never tighter than what one round alone could claim.
    /// </summary>
    public static Interval Combine(IReadOnlyList<double> roundMeansNs, double? pooledLogVariance, double withinRoundErrorNs = 0)
    {
        ArgumentOutOfRangeException.ThrowIfZero(roundMeansNs.Count);
        var mean = roundMeansNs.Average();
        var rounds = roundMeansNs.Count;
        if (roundMeansNs.Any(m => m <= 0))
        {
            // A mean at or below zero (the calibration cell, after BenchmarkDotNet subtracts its own overhead) has no
            // logarithm: the plain Student-t interval of the round means is the honest answer there.
            return LinearInterval(roundMeansNs, withinRoundErrorNs);
        }

        double variance;
        double degrees;
        if (rounds >= 2 && pooledLogVariance is { } pooled)
        {
            var own = LogVariance(roundMeansNs);
            degrees = rounds - 1 + PooledDegreesOfFreedom;
            variance = (((rounds - 1) * own) + (PooledDegreesOfFreedom * pooled)) / degrees;
        }
        else if (rounds >= 2)
        {
            variance = LogVariance(roundMeansNs);
            degrees = rounds - 1;
        }
        else
        {
            return new Interval(mean, withinRoundErrorNs, mean > 0 ? withinRoundErrorNs / mean / StudentQuantile(double.PositiveInfinity) : 0, double.PositiveInfinity);
        }

        var standardError = Math.Sqrt(variance / rounds);
        // With two rounds and nothing to pool, t is 636: the exponential can overflow. An interval a thousand times the
        // mean says all there is to say, and keeps results.json finite.
        var halfWidth = Math.Min(mean * (Math.Exp(StudentQuantile(degrees) * standardError) - 1), mean * MaximumRelativeError);
        return new Interval(mean, Math.Max(halfWidth, withinRoundErrorNs), standardError, degrees);
    }

    private static Interval LinearInterval(IReadOnlyList<double> values, double withinRoundErrorNs)
    {
        var mean = values.Average();
        if (values.Count < 2)
        {
            return new Interval(mean, withinRoundErrorNs, 0, double.PositiveInfinity);
        }

        var standardError = Math.Sqrt(values.Sum(v => (v - mean) * (v - mean)) / (values.Count - 1) / values.Count);
        return new Interval(mean, Math.Max(StudentQuantile(values.Count - 1) * standardError, withinRoundErrorNs), 0, values.Count - 1);
    }

    /// <summary>The two-sided <see cref="ConfidenceLevel"/> quantile of Student's t (the normal one for infinite degrees).</summary>
    public static double StudentQuantile(double degreesOfFreedom) => double.IsPositiveInfinity(degreesOfFreedom) || degreesOfFreedom > 1e6
        ? 3.2905267314919255
        : new StudentDistribution(degreesOfFreedom).Quantile(1 - ((1 - ConfidenceLevel) / 2));

    /// <summary>Upper-tail probability of Student's t: P(T ≥ t).</summary>
    public static double StudentUpperTail(double t, double degreesOfFreedom) =>
        1 - new StudentDistribution(Math.Min(degreesOfFreedom, 1e6)).Cdf(t);

    private static double LogVariance(IReadOnlyList<double> values)
    {
        var logs = values.Select(v => Math.Log(v)).ToList();
        var mean = logs.Average();
        return logs.Sum(l => (l - mean) * (l - mean)) / (logs.Count - 1);
    }

    /// <summary>Median of χ²(d) / d, by the Wilson–Hilferty approximation (within 1% for d ≥ 1).</summary>
    private static double ChiSquareMedianOverDegrees(int degrees)
    {
        var k = 2.0 / (9 * degrees);
        return Math.Pow(1 - k, 3);
    }
}
