using System.Text.Json.Serialization;

namespace SerBench.Core.Statistics;

/// <summary>
/// A scaled inverse-χ² prior s₀² on d₀ degrees of freedom (limma's empirical Bayes, Smyth 2004): a cell's variance on d
/// moderates to (d₀s₀² + d·s²) / (d₀ + d). A cell above <paramref name="TypicalLimit"/> keeps its own; that limit is
/// a log, possibly negative, so it stays out of results.json, where every number is a time, count or size.
/// </summary>
internal sealed record VariancePrior(double LogVariance, double DegreesOfFreedom, [property: JsonIgnore] double TypicalLimit = double.PositiveInfinity)
{
    /// <summary>The most the prior may weigh: cells that share one spread exactly still differ in what they measure.</summary>
    public const double MaximumDegreesOfFreedom = 200;

    /// <summary><paramref name="degrees"/> 0: the prior alone.</summary>
    public (double Variance, double DegreesOfFreedom) Moderate(double ownVariance, double degrees) =>
        degrees > 0 && Scaled(ownVariance, degrees) > TypicalLimit
            ? (ownVariance, degrees)
            : (((DegreesOfFreedom * LogVariance) + (degrees * ownVariance)) / (DegreesOfFreedom + degrees), DegreesOfFreedom + degrees);

    /// <summary>
    /// Method of moments on log s² (mean log σ² + ψ(d/2) − log(d/2), variance ψ′(d/2)); the spread beyond that sets d₀.
    /// Robust as limma's option: only cells within <see cref="TypicalSpread"/> robust spreads (<see cref="RoundStatistics.MedianAndSpread"/>) count, as a few cells hit by a
    /// burst of load would otherwise drop every cell's prior weight to ~1.5 degrees of freedom.
    /// </summary>
    public static VariancePrior Fit(IReadOnlyList<(double Variance, double Degrees)> cells)
    {
        var scaled = cells.Select(c => (Cell: c, E: Scaled(c.Variance, c.Degrees))).ToList();
        var (median, deviation) = RoundStatistics.MedianAndSpread([.. scaled.Select(x => x.E)]);
        var limit = deviation > 0 ? median + (TypicalSpread * deviation) : double.PositiveInfinity;
        var typical = scaled.Where(x => Math.Abs(x.E - median) <= TypicalSpread * deviation || deviation == 0).ToList();
        var mean = typical.Average(x => x.E);
        var excess = typical.Count < 2 ? 0
            : (typical.Sum(x => (x.E - mean) * (x.E - mean)) / (typical.Count - 1)) - typical.Average(x => Trigamma(x.Cell.Degrees / 2));
        var degrees = excess > 0 ? Math.Min(2 * TrigammaInverse(excess), MaximumDegreesOfFreedom) : MaximumDegreesOfFreedom;
        return new VariancePrior(Math.Exp(mean + Digamma(degrees / 2) - Math.Log(degrees / 2)), degrees, limit);
    }

    public const double TypicalSpread = 3;

    // Scaled so that every cell sharing one true variance has the same mean.
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
