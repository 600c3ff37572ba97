using Perfolizer.Mathematics.Distributions.ContinuousDistributions;

namespace SerBench.Core.Statistics;

/// <summary>
/// Intervals from the spread of round means (fresh processes at different moments: the spread a second run would see).
/// 2–5 rounds estimate it poorly, so it is moderated towards the run's <see cref="VariancePrior"/>; on the log scale, as
/// timing noise is multiplicative (a busy neighbour makes a cell 20% slower, not 20 ns slower).
/// </summary>
internal static class RoundStatistics
{
    /// <summary>Of every Error SerBench prints, as BenchmarkDotNet's.</summary>
    public const double ConfidenceLevel = 0.999;

    /// <summary>
    /// At 99.9% a busy host's 16% round-to-round spread needs 5 rounds to tell 1.5× apart; at 99% two runs contradict each
    /// other on a pair of equal contenders once in ~20,000 pairs.
    /// </summary>
    public const double VerdictConfidenceLevel = 0.99;

    /// <summary>Scaled as the normal quantiles are (2.576 / 3.291).</summary>
    public static double ToVerdictLevel(double logHalfWidth) => logHalfWidth * StudentQuantile(double.PositiveInfinity, VerdictConfidenceLevel) / StudentQuantile(double.PositiveInfinity);

    /// <summary>The fewest multi-round cells whose spreads are pooled; with fewer, each cell stands on its own rounds.</summary>
    public const int CellsToPool = 3;

    public const double MaximumRelativeError = 1000;

    // Over the median of a cell's rounds: a process at tier 0 ran 2.5–4.5× (issue 40: 3–4×); settled processes on a busy
    // host also fall 1.3–1.8× apart, and leaving those out made two runs call 13% of cells apart (docs/performance.md).
    public const double UnsettledRatio = 2;

    /// <summary>
    /// Leaves out rounds over <see cref="UnsettledRatio"/> × the median when there are three or more, as BenchmarkDotNet
    /// removes upper outliers among iterations; with fewer there is no majority to judge by.
    /// </summary>
    public static (IReadOnlyList<double> Kept, IReadOnlyList<double> Dropped) SettledRounds(IReadOnlyList<double> roundMeansNs)
    {
        var counts = Counts(roundMeansNs);
        return ([.. roundMeansNs.Where((_, i) => counts[i])], [.. roundMeansNs.Where((_, i) => !counts[i])]);
    }

    /// <summary>A cell with two speeds keeps every round.</summary>
    public static bool[] Counts(IReadOnlyList<double> roundMeansNs)
    {
        if (roundMeansNs.Count < 3 || roundMeansNs.Any(m => m <= 0 || !double.IsFinite(m)) || Modes(roundMeansNs) is not null)
        {
            return [.. roundMeansNs.Select(_ => true)];
        }

        var limit = Median(roundMeansNs) * UnsettledRatio;
        return [.. roundMeansNs.Select(m => m <= limit)];
    }

    // Settled processes differ by up to ~1.3× on a quiet host, unsettled ones 2–4× (eng/fidelity); 1.25 re-measured a quarter of a run.
    public const double RemeasureRatio = 1.5;

    /// <summary>Another round may show which round is odd, or that the cell has two speeds.</summary>
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

    /// <summary>The overall interval spans both modes', so no single speed is printed as the truth.</summary>
    public static (Interval Overall, IReadOnlyList<Results.SpeedMode> Modes) CombineModes(IReadOnlyList<IReadOnlyList<double>> modes,
        VariancePrior? prior, WithinRounds within)
    {
        var intervals = modes.Select(m => Combine(m, prior, within)).ToList();
        var mean = modes.SelectMany(m => m).Average();
        // Error spans every mode's 99.9% interval, the bounds every mode's verdict interval.
        var error = Math.Max(mean - intervals.Min(i => i.MeanNs * i.MeanNs / (i.MeanNs + i.ErrorNs)), intervals.Max(i => i.MeanNs + i.ErrorNs) - mean);
        var overall = new Interval(mean, error, intervals.Max(i => i.LogStandardError), intervals.Min(i => i.DegreesOfFreedom),
            intervals.Min(i => i.LowNs), intervals.Max(i => i.HighNs));
        return (overall, [.. intervals.Select((interval, k) => new Results.SpeedMode(interval.MeanNs, interval.ErrorNs, modes[k].Count))]);
    }

    /// <summary>The fewest processes a speed group needs before it is a mode of the cell, not one odd process.</summary>
    public const int ProcessesPerMode = 2;

    /// <summary>The rounds split at their widest gap, when it exceeds <see cref="RemeasureRatio"/>; null for a cell with one speed.</summary>
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

    internal static double Median(IReadOnlyList<double> values)
    {
        var sorted = values.Order().ToList();
        return sorted.Count % 2 == 1 ? sorted[sorted.Count / 2] : (sorted[(sorted.Count / 2) - 1] + sorted[sorted.Count / 2]) / 2;
    }

    /// <summary>Welch's t for log(b / a) with Welch–Satterthwaite degrees of freedom; <paramref name="shared"/> adds a variance both sides share (the spread between runs).</summary>
    public static (double T, double DegreesOfFreedom, double StandardError) Welch(Interval a, Interval b, (double Variance, double DegreesOfFreedom)? shared = null)
    {
        var (va, vb, vs) = (a.LogStandardError * a.LogStandardError, b.LogStandardError * b.LogStandardError, shared?.Variance ?? 0);
        var standardError = Math.Sqrt(va + vb + vs);
        var degrees = (va + vb + vs) * (va + vb + vs) / ((va * va / a.DegreesOfFreedom) + (vb * vb / b.DegreesOfFreedom) + (vs > 0 ? vs * vs / shared!.Value.DegreesOfFreedom : 0));
        return ((Math.Log(b.MeanNs) - Math.Log(a.MeanNs)) / standardError, degrees, standardError);
    }

    /// <summary>The median, and 1.4826 × the median absolute deviation from it: a normal sample's standard deviation that a few outliers do not move.</summary>
    internal static (double Median, double Spread) MedianAndSpread(IReadOnlyList<double> values)
    {
        var median = Median(values);
        return (median, 1.4826 * Median([.. values.Select(v => Math.Abs(v - median))]));
    }

    /// <summary><see cref="ErrorNs"/> is the 99.9% half-width above the mean, as BenchmarkDotNet's Error.</summary>
    public sealed record Interval(double MeanNs, double ErrorNs, double LogStandardError, double DegreesOfFreedom, double LowNs, double HighNs);

    /// <summary>For files before schema 3 and single rounds: mean·e^(±h), h = ln(1 + Error/Mean) at the verdict's level.</summary>
    public static (double LowNs, double HighNs) BoundsFromError(double meanNs, double errorNs)
    {
        if (meanNs > 0 && errorNs >= 0)
        {
            var half = ToVerdictLevel(Math.Log(1 + (errorNs / meanNs)));
            return (meanNs * Math.Exp(-half), meanNs * Math.Exp(half));
        }

        return (meanNs - (errorNs * ToVerdictLevel(1)), meanNs + (errorNs * ToVerdictLevel(1)));
    }

    /// <summary>Fitted to every one-speed cell with two rounds or more (<see cref="VariancePrior.Fit"/>).</summary>
    public static VariancePrior? PooledLogVariance(IEnumerable<IReadOnlyList<double>> roundMeansOfEachCell)
    {
        var cells = roundMeansOfEachCell
            .Where(rounds => rounds.Count >= 2 && rounds.All(m => m > 0 && double.IsFinite(m)) && Modes(rounds) is null)
            .Select(rounds => (Variance: Math.Max(LogVariance(rounds), MinimumLogVariance), Degrees: rounds.Count - 1.0))
            .ToList();
        return cells.Count < CellsToPool ? null : VariancePrior.Fit(cells);
    }

    // Rounds that agree to the nanosecond say their spread is small, not zero; a log of zero would throw the prior's fit off.
    public const double MinimumLogVariance = 1e-5;

    /// <summary>
    /// A cell's interval as its file records it, read back for a test between files: the verdict bounds give the standard
    /// error, and the run's prior the degrees of freedom (the prior's typical limit is not recorded, so every cell is moderated).
    /// </summary>
    public static Interval Recorded(double meanNs, double errorNs, double lowNs, double highNs, IReadOnlyList<double> roundMeansNs, VariancePrior? prior)
    {
        var degrees = roundMeansNs.Count < 2 ? double.PositiveInfinity
            : prior?.Moderate(LogVariance(roundMeansNs), roundMeansNs.Count - 1).DegreesOfFreedom ?? roundMeansNs.Count - 1;
        return new Interval(meanNs, errorNs, Math.Log(highNs / lowNs) / 2 / StudentQuantile(degrees, VerdictConfidenceLevel), degrees, lowNs, highNs);
    }

    /// <summary>Never tighter than <paramref name="within"/>, what the rounds' own iterations say.</summary>
    public static Interval Combine(IReadOnlyList<double> roundMeansNs, VariancePrior? prior, WithinRounds within = default)
    {
        ArgumentOutOfRangeException.ThrowIfZero(roundMeansNs.Count);
        var mean = roundMeansNs.Average();
        var rounds = roundMeansNs.Count;
        if (roundMeansNs.Any(m => m <= 0))
        {
            // A mean at or below zero (the calibration cell, after BenchmarkDotNet subtracts its own overhead) has no
            // logarithm: the plain Student-t interval of the round means is the honest answer there.
            return LinearInterval(roundMeansNs, within);
        }

        double variance;
        double degrees;
        if (prior is { } known)
        {
            var own = rounds >= 2 ? LogVariance(roundMeansNs) : 0;
            (variance, degrees) = known.Moderate(own, rounds - 1);
        }
        else if (rounds >= 2)
        {
            variance = LogVariance(roundMeansNs);
            degrees = rounds - 1;
        }
        else
        {
            var single = Math.Log(1 + (within.HalfWidthNs(VerdictConfidenceLevel) / mean));
            return new Interval(mean, within.HalfWidthNs(), within.StandardErrorNs / mean, within.Degrees, mean * Math.Exp(-single), mean * Math.Exp(single));
        }

        var standardError = Math.Sqrt(variance / rounds);
        // With two rounds and nothing to pool, t is 636: the exponential can overflow. An interval a thousand times the
        // mean says all there is to say, and keeps results.json finite.
        var cap = Math.Log(1 + MaximumRelativeError);
        // Never tighter than what the rounds' own iterations say, on the same log scale.
        var logHalf = Math.Max(Math.Min(StudentQuantile(degrees) * standardError, cap), Math.Log(1 + (within.HalfWidthNs() / mean)));
        var verdictHalf = Math.Max(Math.Min(StudentQuantile(degrees, VerdictConfidenceLevel) * standardError, cap),
            Math.Log(1 + (within.HalfWidthNs(VerdictConfidenceLevel) / mean)));
        return new Interval(mean, mean * (Math.Exp(logHalf) - 1), standardError, degrees, mean * Math.Exp(-verdictHalf), mean * Math.Exp(verdictHalf));
    }

    private static Interval LinearInterval(IReadOnlyList<double> values, WithinRounds within)
    {
        var mean = values.Average();
        if (values.Count < 2)
        {
            var single = within.HalfWidthNs(VerdictConfidenceLevel);
            return new Interval(mean, within.HalfWidthNs(), 0, within.Degrees, mean - single, mean + single);
        }

        var standardError = Math.Sqrt(SampleVariance(values) / values.Count);
        var error = Math.Max(StudentQuantile(values.Count - 1) * standardError, within.HalfWidthNs());
        var verdict = Math.Max(StudentQuantile(values.Count - 1, VerdictConfidenceLevel) * standardError, within.HalfWidthNs(VerdictConfidenceLevel));
        return new Interval(mean, error, 0, values.Count - 1, mean - verdict, mean + verdict);
    }

    public static double StudentQuantile(double degreesOfFreedom, double level = ConfidenceLevel) => double.IsPositiveInfinity(degreesOfFreedom) || degreesOfFreedom > 1e6
        ? NormalQuantile(1 - ((1 - level) / 2))
        : new StudentDistribution(degreesOfFreedom).Quantile(1 - ((1 - level) / 2));

    private static double NormalQuantile(double p) => Perfolizer.Mathematics.Distributions.ContinuousDistributions.NormalDistribution.Standard.Quantile(p);

    /// <summary>P(T ≥ t).</summary>
    public static double StudentUpperTail(double t, double degreesOfFreedom) =>
        1 - new StudentDistribution(Math.Min(degreesOfFreedom, 1e6)).Cdf(t);

    internal static double LogVariance(IReadOnlyList<double> values) => SampleVariance([.. values.Select(v => Math.Log(v))]);

    /// <summary>The unbiased sample variance (n − 1); NaN under two values.</summary>
    internal static double SampleVariance(IReadOnlyList<double> values)
    {
        if (values.Count < 2)
        {
            return double.NaN;
        }

        var mean = values.Average();
        return values.Sum(v => (v - mean) * (v - mean)) / (values.Count - 1);
    }
}

/// <summary>
/// What the rounds' own iterations say about the mean of their round means: a standard error on the iterations' pooled
/// degrees of freedom. Not the rounds' Errors: with 3 iterations BenchmarkDotNet's 99.9% Error is t(2) = 31.6 standard
/// errors, and as a floor it set 9 in 10 cells' intervals at ~10× the spread between processes (issue 40).
/// </summary>
internal readonly record struct WithinRounds(double StandardErrorNs, double DegreesOfFreedom)
{
    public double HalfWidthNs(double level = RoundStatistics.ConfidenceLevel) =>
        StandardErrorNs > 0 && DegreesOfFreedom > 0 ? RoundStatistics.StudentQuantile(DegreesOfFreedom, level) * StandardErrorNs : 0;

    /// <summary>For an <see cref="RoundStatistics.Interval"/>: none known is as good as infinitely many (the half-width is then 0).</summary>
    public double Degrees => DegreesOfFreedom > 0 ? DegreesOfFreedom : double.PositiveInfinity;

    /// <summary>Rounds with fewer than two iterations add nothing but still count in the mean's n.</summary>
    public static WithinRounds Of(IReadOnlyList<IReadOnlyList<double>> roundIterationsNs)
    {
        var spread = roundIterationsNs.Where(r => r.Count >= 2).ToList();
        return spread.Count == 0 ? default
            : new(Math.Sqrt(spread.Sum(r => RoundStatistics.SampleVariance(r) / r.Count)) / roundIterationsNs.Count, spread.Sum(r => r.Count - 1.0));
    }
}
