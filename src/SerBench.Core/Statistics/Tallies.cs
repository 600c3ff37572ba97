namespace SerBench.Core.Statistics;

/// <summary>The averages and counts a report draws from many cells: geometric means and binomial tails.</summary>
internal static class Tallies
{
    /// <summary>Over the positive finite values; null when there are none.</summary>
    public static double? GeometricMean(IEnumerable<double> values)
    {
        var logs = values.Where(v => v > 0 && double.IsFinite(v)).Select(v => Math.Log(v)).ToList();
        return logs.Count == 0 ? null : Math.Exp(logs.Average());
    }

    /// <summary>P(X ≥ <paramref name="atLeast"/>) for X ~ Binomial(<paramref name="trials"/>, p), 0 &lt; p &lt; 1, summed in logs so that a few hundred trials do not underflow.</summary>
    public static double BinomialTail(int atLeast, int trials, double p)
    {
        double tail = 0, logChoose = 0;
        for (var k = 0; k <= trials; k++)
        {
            logChoose += k == 0 ? 0 : Math.Log(trials - k + 1) - Math.Log(k);
            tail += k >= atLeast ? Math.Exp(logChoose + (k * Math.Log(p)) + ((trials - k) * Math.Log(1 - p))) : 0;
        }

        return Math.Min(1, tail);
    }

    /// <summary>The two-sided sign test: how likely a split at least this uneven is under a fair coin.</summary>
    public static double SignTestP(int successes, int trials) => Math.Min(1, 2 * BinomialTail(Math.Max(successes, trials - successes), trials, 0.5));
}
