namespace SerBench.Statistics;

/// <summary>
/// What a run says about a cell's variance of log round means before that cell's own rounds are seen: a scaled
/// inverse-χ² prior with <see cref="LogVariance"/> on <see cref="DegreesOfFreedom"/> (limma's empirical Bayes, Smyth 2004).
/// A cell's own variance on d degrees of freedom is moderated to (d₀s₀² + d·s²) / (d₀ + d), on d₀ + d degrees of freedom.
/// </summary>
public sealed record VariancePrior(double LogVariance, double DegreesOfFreedom)
{
    /// <summary>The most the prior may weigh: cells that share one spread exactly still differ in what they measure.</summary>
    public const double MaximumDegreesOfFreedom = 200;

    /// <summary>The cell's variance and degrees of freedom after moderation (<paramref name="degrees"/> 0: the prior alone).</summary>
    public (double Variance, double DegreesOfFreedom) Moderate(double ownVariance, double degrees) =>
        (((DegreesOfFreedom * LogVariance) + (degrees * ownVariance)) / (DegreesOfFreedom + degrees), DegreesOfFreedom + degrees);

    /// <summary>
    /// Fits the prior to cells' sample variances by the method of moments on their logs: log s² of a cell whose true
    /// variance is σ² has mean log σ² + ψ(d/2) − log(d/2) and variance ψ′(d/2); whatever the cells' log variances spread
    /// beyond that is how much their true variances differ, which sets the prior's degrees of freedom.
    /// </summary>
    public static VariancePrior Fit(IReadOnlyList<(double Variance, double Degrees)> cells)
    {
        var e = cells.Select(c => Math.Log(c.Variance) - Digamma(c.Degrees / 2) + Math.Log(c.Degrees / 2)).ToList();
        var mean = e.Average();
        var excess = cells.Count < 2 ? 0 : (e.Sum(x => (x - mean) * (x - mean)) / (cells.Count - 1)) - cells.Average(c => Trigamma(c.Degrees / 2));
        var degrees = excess > 0 ? Math.Min(2 * TrigammaInverse(excess), MaximumDegreesOfFreedom) : MaximumDegreesOfFreedom;
        return new VariancePrior(Math.Exp(mean + Digamma(degrees / 2) - Math.Log(degrees / 2)), degrees);
    }

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
