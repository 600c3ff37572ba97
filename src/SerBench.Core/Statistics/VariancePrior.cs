using System.Text.Json.Serialization;

namespace SerBench.Core.Statistics;

/// <summary>
/// What a run says about a cell's variance of log round means before that cell's own rounds are seen: a scaled
/// inverse-χ² prior with <see cref="LogVariance"/> on <see cref="DegreesOfFreedom"/> (limma's empirical Bayes, Smyth 2004).
/// A cell's own variance on d degrees of freedom is moderated to (d₀s₀² + d·s²) / (d₀ + d), on d₀ + d degrees of freedom.
/// </summary>
/// <param name="LogVariance">The prior's variance s₀² of log round means.</param>
/// <param name="DegreesOfFreedom">Its weight d₀, in degrees of freedom.</param>
/// <param name="TypicalLimit">The largest log variance, as the fit scales it (log s² − ψ(d/2) + log(d/2)), of a cell that
/// shares the run's typical spread; a cell above it keeps its own spread, unmoderated. Not written to results.json: a
/// log can be negative, and every number there is a time, count or size that cannot be.</param>
internal sealed record VariancePrior(double LogVariance, double DegreesOfFreedom, [property: JsonIgnore] double TypicalLimit = double.PositiveInfinity)
{
    /// <summary>The most the prior may weigh: cells that share one spread exactly still differ in what they measure.</summary>
    public const double MaximumDegreesOfFreedom = 200;

    /// <summary>
    /// The cell's variance and degrees of freedom after moderation (<paramref name="degrees"/> 0: the prior alone); a cell
    /// far noisier than the run's typical cell (<see cref="TypicalLimit"/>) keeps its own.
    /// </summary>
    public (double Variance, double DegreesOfFreedom) Moderate(double ownVariance, double degrees) =>
        degrees > 0 && Scaled(ownVariance, degrees) > TypicalLimit
            ? (ownVariance, degrees)
            : (((DegreesOfFreedom * LogVariance) + (degrees * ownVariance)) / (DegreesOfFreedom + degrees), DegreesOfFreedom + degrees);

    /// <summary>
    /// Fits the prior to cells' sample variances by the method of moments on their logs: log s² of a cell whose true
    /// variance is σ² has mean log σ² + ψ(d/2) − log(d/2) and variance ψ′(d/2); whatever the cells' log variances spread
    /// beyond that is how much their true variances differ, which sets the prior's degrees of freedom.
    /// </summary>
    /// <remarks>
    /// Robustly, as limma's robust option intends: on a busy host a few cells have a round hit by a burst of other load,
    /// and their variances, orders of magnitude above the rest, would set the prior's weight to ~1.5 degrees of freedom for
    /// every cell. The prior is fitted to the cells within <see cref="TypicalSpread"/> robust deviations (1.4826 × MAD) of
    /// the median log variance; those above keep their own spread (<see cref="Moderate"/>).
    /// </remarks>
    public static VariancePrior Fit(IReadOnlyList<(double Variance, double Degrees)> cells)
    {
        var scaled = cells.Select(c => (Cell: c, E: Scaled(c.Variance, c.Degrees))).ToList();
        var median = RoundStatistics.Median([.. scaled.Select(x => x.E)]);
        var deviation = 1.4826 * RoundStatistics.Median([.. scaled.Select(x => Math.Abs(x.E - median))]);
        var limit = deviation > 0 ? median + (TypicalSpread * deviation) : double.PositiveInfinity;
        var typical = scaled.Where(x => Math.Abs(x.E - median) <= TypicalSpread * deviation || deviation == 0).ToList();
        var mean = typical.Average(x => x.E);
        var excess = typical.Count < 2 ? 0
            : (typical.Sum(x => (x.E - mean) * (x.E - mean)) / (typical.Count - 1)) - typical.Average(x => Trigamma(x.Cell.Degrees / 2));
        var degrees = excess > 0 ? Math.Min(2 * TrigammaInverse(excess), MaximumDegreesOfFreedom) : MaximumDegreesOfFreedom;
        return new VariancePrior(Math.Exp(mean + Digamma(degrees / 2) - Math.Log(degrees / 2)), degrees, limit);
    }

    /// <summary>How many robust deviations from the median log variance a cell may be and still share the run's spread.</summary>
    public const double TypicalSpread = 3;

    /// <summary>A sample variance on its degrees of freedom, scaled so that every cell sharing one true variance has the same mean.</summary>
    private static double Scaled(double variance, double degrees) => Math.Log(variance) - Digamma(degrees / 2) + Math.Log(degrees / 2);

    /// <summary>ψ(x), by recurrence up to 6 and the asymptotic series (error below 1e-10).</summary>
    internal static double Digamma(double x)
    {
        var result = 0.0;
        for (; x < 6; x++)
        {
            result -= 1 / x;
        }

        var f = 1 / (x * x);
        return result + Math.Log(x) - (0.5 / x) - (f * ((1.0 / 12) - (f * ((1.0 / 120) - (f * ((1.0 / 252) - (f * ((1.0 / 240) - (f / 132)))))))));
    }

    /// <summary>ψ′(x), by recurrence up to 6 and the asymptotic series (error below 1e-10).</summary>
    internal static double Trigamma(double x)
    {
        var result = 0.0;
        for (; x < 6; x++)
        {
            result += 1 / (x * x);
        }

        var f = 1 / (x * x);
        return result + (1 / x) + (f / 2) + ((f / x) * ((1.0 / 6) - (f * ((1.0 / 30) - (f * ((1.0 / 42) - (f / 30)))))));
    }

    /// <summary>The x with ψ′(x) = <paramref name="y"/> (ψ′ falls from +∞ to 0): bisection on the log scale.</summary>
    internal static double TrigammaInverse(double y)
    {
        var (low, high) = (Math.Log(1e-8), Math.Log(1e8));
        for (var i = 0; i < 200; i++)
        {
            var middle = (low + high) / 2;
            (low, high) = Trigamma(Math.Exp(middle)) > y ? (middle, high) : (low, middle);
        }

        return Math.Exp((low + high) / 2);
    }
}
