using System.Globalization;
using SerBench.Core.Results;

namespace SerBench.Core.Statistics;

/// <summary>
/// How many times slower one cell is than another, with the verdict's 99% confidence interval. Built on the log scale, where
/// timing noise is multiplicative: the interval is always positive and finite, and it reads "tied" when it holds 1.
/// </summary>
/// <remarks>
/// A cell's interval is [LowNs, HighNs] (a cell with two speeds spans both), read on the log scale as a centre and a
/// half-width; without bounds, the log half-width is ln(1 + Error/Mean) scaled to the verdict's level. The two cells are independent, so their log
/// half-widths add in quadrature. This is the rule every report and the shared verdict-check call "beyond doubt".
/// </remarks>
internal readonly record struct RatioInterval(double Ratio, double Low, double High)
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    /// <summary>The interval holds 1: the data cannot tell which of the two is faster.</summary>
    public bool IsTie => Low <= 1 && High >= 1;

    /// <summary>True when <c>slower</c> is slower than <c>faster</c> beyond doubt (the whole interval is above 1).</summary>
    public bool IsSlower => Low > 1;

    /// <summary>The interval of <paramref name="slower"/>'s mean over <paramref name="faster"/>'s. Both must be measured.</summary>
    public static RatioInterval Of(ResultCell slower, ResultCell faster)
    {
        var (sLow, sHigh, sHalf) = LogSpan(slower);
        var (fLow, fHigh, fHalf) = LogSpan(faster);
        var half = Math.Sqrt((sHalf * sHalf) + (fHalf * fHalf));
        return new RatioInterval(slower.MeanNs!.Value / faster.MeanNs!.Value, Math.Exp(sLow - fHigh - half), Math.Exp(sHigh - fLow + half));
    }

    /// <summary>"1.42× (1.31–1.55×)", or "tied (0.93–1.12×)" when the interval holds 1.</summary>
    public override string ToString() =>
        (IsTie ? "tied" : Times(Ratio)) + $" ({Bound(Low)}–{Bound(High)}×)";

    /// <summary>A ratio as the reports print it: two decimals under 10, none above.</summary>
    public static string Times(double ratio) => Bound(ratio) + "×";

    private static string Bound(double value) => value switch
    {
        >= 1e4 => ">10,000",
        >= 10 => value.ToString("N0", Invariant),
        >= 0.01 => value.ToString("0.00", Invariant),
        _ => value.ToString("0.####", Invariant),
    };

    /// <summary>
    /// The cell's log mean (lowest and highest mode for a cell with two speeds) and the log half-width of its interval.
    /// A cell without an Error (one round, old files) counts as exact, as it did before.
    /// </summary>
    /// <summary>The log half-width of a measured cell's verdict interval, as this rule reads it.</summary>
    public static double LogHalfWidth(ResultCell cell) => LogSpan(cell).Half;

    private static (double Low, double High, double Half) LogSpan(ResultCell cell)
    {
        var mean = cell.MeanNs!.Value;
        if (cell is { LowNs: { } low, HighNs: { } high } && low > 0 && low <= mean && mean <= high)
        {
            // The bounds, which span every mode: centre and half-width on the log scale.
            var centre = (Math.Log(low) + Math.Log(high)) / 2;
            return (centre, centre, (Math.Log(high) - Math.Log(low)) / 2);
        }

        if (cell.Modes is { Count: > 1 } modes)
        {
            var half = modes.Max(m => HalfWidth(m.MeanNs, m.ErrorNs));
            return (Math.Log(modes.Min(m => m.MeanNs)), Math.Log(modes.Max(m => m.MeanNs)), half);
        }

        return (Math.Log(mean), Math.Log(mean), HalfWidth(mean, cell.ErrorNs ?? 0));
    }

    /// <summary>A 99.9% Error's log half-width at the verdict's level.</summary>
    private static double HalfWidth(double mean, double error) => mean > 0 && error > 0 ? RoundStatistics.ToVerdictLevel(Math.Log(1 + (error / mean))) : 0;
}
