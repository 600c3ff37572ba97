using SerBench.Core.Results;
using SerBench.Core.Statistics;
using SerBench.Reports;

namespace SerBench.Tests.Core.Statistics;

public class RatioIntervalTests
{
    [Fact]
    public void Ratio_IsOnTheLogScale_PositiveAndFinite_EvenWhenAnErrorExceedsItsMean()
    {
        // The old linear bound gave "-2.77–∞×" here: the faster cell's interval reached below zero.
        var slower = SampleResults.Cell("a", 300, errorFraction: 3);
        var faster = SampleResults.Cell("b", 100, errorFraction: 1.5);

        var interval = RatioInterval.Of(slower, faster);

        Assert.Equal(3, interval.Ratio, 6);
        Assert.True(interval.Low > 0 && double.IsFinite(interval.High), interval.ToString());
        Assert.True(interval.IsTie);
        Assert.DoesNotContain("∞", interval.ToString(), StringComparison.Ordinal);
        Assert.StartsWith("tied (", interval.ToString(), StringComparison.Ordinal);
    }

    [Fact]
    public void Ties_AreIntervalsThatHoldOne_CombinedInQuadrature()
    {
        var a = SampleResults.Cell("a", 100, errorFraction: 0.02);
        var b = SampleResults.Cell("b", 102, errorFraction: 0.02);
        var c = SampleResults.Cell("c", 104, errorFraction: 0.02);

        Assert.True(Ties.Overlap(a, b));
        // ln(1.04) = 0.039 > √2·ln(1.02)·(2.576 / 3.291) = 0.022 (a 99.9% Error at the verdict's 99%): not tied, though the
        // linear intervals [98,102] and [101.9,106.1] overlap.
        Assert.False(Ties.Overlap(a, c));
        Assert.True(RatioInterval.Of(c, a).IsSlower);
        Assert.Equal("1.04× (1.02–1.06×)", RatioInterval.Of(c, a).ToString());
    }

    [Fact]
    public void CellWithTwoSpeeds_IsOnlyFasterWhereBothSpeedsAgree()
    {
        var twoSpeeds = SampleResults.Cell("stj", 15_000_000, errorFraction: 1) with
        {
            Modes = [new SpeedMode(5_400_000, 100_000, 7), new SpeedMode(19_700_000, 300_000, 16)],
        };
        var between = SampleResults.Cell("newtonsoft", 8_700_000, errorFraction: 0.05);
        var slowest = SampleResults.Cell("slow", 40_000_000, errorFraction: 0.05);

        Assert.True(RatioInterval.Of(between, twoSpeeds).IsTie);
        Assert.True(RatioInterval.Of(slowest, twoSpeeds).IsSlower);
    }
}
