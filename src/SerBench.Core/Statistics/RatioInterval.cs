using System.Globalization;
using SerBench.Core.Results;

namespace SerBench.Core.Statistics;

/// <summary>
/// A ratio of two cells with the verdict's 99% interval, on the log scale where timing noise is multiplicative; the cells
/// are independent, so their log half-widths add in quadrature. Every report and verdict-check call this "beyond doubt".
/// </summary>
internal readonly record struct RatioInterval(double Ratio, double Low, double High)
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    public bool IsTie => Low <= 1 && High >= 1;

    public bool IsSlower => Low > 1;

    /// <summary>Both must be measured.</summary>
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

    /// <summary>Two decimals under 10, none above.</summary>
    public static string Times(double ratio) => Bound(ratio) + "×";

    private static string Bound(double value) => value switch
    {
        >= 1e4 => ">10,000",
        >= 10 => value.ToString("N0", Invariant),
        >= 0.01 => value.ToString("0.00", Invariant),
        _ => value.ToString("0.####", Invariant),
    };

    public static double LogHalfWidth(ResultCell cell) => LogSpan(cell).Half;

    // A cell without an Error (BenchmarkDotNet's exports) counts as exact; one measured in one process of a run of rounds, as unknown.
    private static (double Low, double High, double Half) LogSpan(ResultCell cell)
    {
        var mean = cell.MeanNs!.Value;
        if (cell.OneProcess)
        {
            return (Math.Log(mean), Math.Log(mean), double.PositiveInfinity);
        }

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
