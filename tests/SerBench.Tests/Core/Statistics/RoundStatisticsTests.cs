using SerBench.Core.Statistics;

namespace SerBench.Tests.Core.Statistics;

public sealed class RoundStatisticsTests
{
    [Fact]
    public void Combine_MeanIsTheMeanOfRoundMeans()
    {
        var interval = RoundStatistics.Combine([100, 110, 90], prior: null);

        Assert.Equal(100, interval.MeanNs, 9);
        Assert.Equal(2, interval.DegreesOfFreedom);
    }

    [Fact]
    public void Combine_ALuckyCellIsNotTighterThanTheRunsTypicalSpread()
    {
        // Three nearly equal rounds, in a run whose cells typically move by 5% between processes.
        var pooled = new VariancePrior(Math.Pow(0.05, 2), 4);
        var lucky = RoundStatistics.Combine([100, 100.1, 99.9], pooled);
        var alone = RoundStatistics.Combine([100, 100.1, 99.9], prior: null);

        Assert.True(lucky.ErrorNs / lucky.MeanNs > 0.05, $"moderated error {lucky.ErrorNs / lucky.MeanNs:P1}");
        Assert.True(alone.ErrorNs / alone.MeanNs < 0.05, $"own-spread error {alone.ErrorNs / alone.MeanNs:P1}");
    }

    [Fact]
    public void Combine_ACellNoisierThanTheRunKeepsItsOwnSpread()
    {
        var calm = RoundStatistics.Combine([100, 140, 70], new VariancePrior(Math.Pow(0.01, 2), 4));

        Assert.True(calm.ErrorNs / calm.MeanNs > 0.3);
    }

    [Fact]
    public void Combine_NeverClaimsLessThanTheIterationsSay()
    {
        var interval = RoundStatistics.Combine([100, 100, 100], new VariancePrior(0, 4), new WithinRounds(4, double.PositiveInfinity));

        Assert.Equal(4 * RoundStatistics.StudentQuantile(double.PositiveInfinity), interval.ErrorNs, 9);
    }

    [Fact]
    public void WithinRounds_IsTheMeansStandardError_OnThePooledIterations()
    {
        // Three rounds of three iterations, each with a sample variance of 1: the mean of the round means has a variance of 3 × (1 / 3) / 3².
        var within = WithinRounds.Of([[99, 100, 101], [101, 102, 103], [97, 98, 99]]);

        Assert.Equal(Math.Sqrt(1.0 / 9), within.StandardErrorNs, 9);
        Assert.Equal(6, within.DegreesOfFreedom);
    }

    [Fact]
    public void Combine_WithThreeIterationsARound_RestsOnTheRoundsNotOnEachRoundsErrorOfThree()
    {
        // Each round's own 99.9% Error over 3 iterations is t(2) = 31.6 standard errors (18 ns here); the rounds agree within 2%.
        IReadOnlyList<double>[] iterations = [[95, 100, 105], [97, 102, 107], [93, 98, 103]];
        var interval = RoundStatistics.Combine([100, 102, 98], new VariancePrior(0.0004, 20), WithinRounds.Of(iterations));

        Assert.InRange(interval.ErrorNs, 5, 10);
        Assert.InRange(interval.HighNs / interval.MeanNs, 1.03, 1.08);
    }

    [Fact]
    public void Combine_MeansAtOrBelowZero_UseALinearInterval()
    {
        var interval = RoundStatistics.Combine([0, 1, 2], new VariancePrior(0.01, 4));

        Assert.Equal(1, interval.MeanNs, 9);
        Assert.True(double.IsFinite(interval.ErrorNs) && interval.ErrorNs > 1);
    }

    [Fact]
    public void PooledLogVariance_EstimatesTheSpreadOfTheRun()
    {
        var random = new Random(7);
        var cells = Enumerable.Range(0, 400).Select(_ => (IReadOnlyList<double>)[.. Enumerable.Range(0, 3).Select(_ => 100 * Math.Exp(0.04 * Normal(random)))]).ToList();

        var pooled = RoundStatistics.PooledLogVariance(cells)!;

        Assert.InRange(Math.Sqrt(pooled.LogVariance), 0.036, 0.044);
        // Cells that share one spread: the prior weighs as much as many rounds.
        Assert.True(pooled.DegreesOfFreedom >= 10, $"d0 {pooled.DegreesOfFreedom:0.#}");
        Assert.Null(RoundStatistics.PooledLogVariance(cells.Take(2)));
    }

    [Fact]
    public void PooledLogVariance_OfCellsWhoseSpreadsDiffer_WeighsLittle_SoEachCellKeepsItsOwn()
    {
        // Half the cells move 1% between processes, half 20%: no one spread is typical, and the prior says so.
        var random = new Random(5);
        var cells = Enumerable.Range(0, 400).Select(i => (IReadOnlyList<double>)[.. Enumerable.Range(0, 3).Select(_ => 100 * Math.Exp((i % 2 == 0 ? 0.01 : 0.2) * Normal(random)))]).ToList();

        var pooled = RoundStatistics.PooledLogVariance(cells)!;

        Assert.True(pooled.DegreesOfFreedom < 5, $"d0 {pooled.DegreesOfFreedom:0.#}");
        var quiet = RoundStatistics.Combine([100, 101, 99.5], pooled);
        var noisy = RoundStatistics.Combine([100, 130, 80], pooled);
        Assert.True(quiet.ErrorNs < noisy.ErrorNs / 2, $"quiet ±{quiet.ErrorNs:0.#}, noisy ±{noisy.ErrorNs:0.#}");
    }

    [Fact]
    public void Combine_GivesTheVerdictsBoundsOnTheLogScale_InsideTheErrorsInterval()
    {
        var interval = RoundStatistics.Combine([100, 120, 90], new VariancePrior(0.01, 10));

        // Log-symmetric around the mean, at 99%: inside the 99.9% interval whose upper half-width is Error.
        Assert.Equal(interval.MeanNs * interval.MeanNs / interval.HighNs, interval.LowNs, 9);
        Assert.True(interval.HighNs < interval.MeanNs + interval.ErrorNs);
        var ratio = Math.Log(interval.HighNs / interval.MeanNs) / Math.Log(1 + (interval.ErrorNs / interval.MeanNs));
        Assert.Equal(RoundStatistics.StudentQuantile(interval.DegreesOfFreedom, 0.99) / RoundStatistics.StudentQuantile(interval.DegreesOfFreedom), ratio, 9);
    }

    [Fact]
    public void VariancePrior_SpecialFunctions_MatchKnownValues()
    {
        Assert.Equal(-0.5772156649, VariancePrior.Digamma(1), 8);
        Assert.Equal(Math.PI * Math.PI / 6, VariancePrior.Trigamma(1), 8);
        Assert.Equal(3.5, VariancePrior.TrigammaInverse(VariancePrior.Trigamma(3.5)), 6);
    }

    [Fact]
    public void Intervals_FromTwoSimulatedRuns_ContainTheOtherRunsMean()
    {
        // Cells whose processes settle in different steady states (8% log-normal spread between rounds), three rounds
        // each, measured twice: the honesty SerBench promises is that the other run's mean falls inside the interval.
        var random = new Random(11);
        var truths = Enumerable.Range(0, 300).Select(_ => 50 + (random.NextDouble() * 5000)).ToList();
        IReadOnlyList<double>[] Run() => [.. truths.Select(t => (IReadOnlyList<double>)[.. Enumerable.Range(0, 3).Select(_ => t * Math.Exp(0.08 * Normal(random)))])];
        var (a, b) = (Run(), Run());
        var (pooledA, pooledB) = (RoundStatistics.PooledLogVariance(a), RoundStatistics.PooledLogVariance(b));

        var honest = a.Zip(b).Count(pair =>
        {
            var (x, y) = (RoundStatistics.Combine(pair.First, pooledA), RoundStatistics.Combine(pair.Second, pooledB));
            return Math.Abs(x.MeanNs - y.MeanNs) <= Math.Max(x.ErrorNs, y.ErrorNs);
        });

        Assert.True(honest >= 0.95 * truths.Count, $"{honest}/{truths.Count} honest");
    }

    [Theory]
    [InlineData(new[] { 281.8, 100.6, 97.0 }, new[] { 100.6, 97.0 }, new[] { 281.8 })]
    // Two slow rounds of two are a second speed (RoundStatistics.Modes), not processes that had not settled: all count.
    [InlineData(new[] { 3.5, 10.8, 10.8, 3.4 }, new[] { 3.5, 10.8, 10.8, 3.4 }, new double[0])]
    [InlineData(new[] { 96.0, 96.0, 116.0, 113.0 }, new[] { 96.0, 96.0, 116.0, 113.0 }, new double[0])]
    [InlineData(new[] { 281.8, 100.6 }, new[] { 281.8, 100.6 }, new double[0])]
    public void SettledRounds_LeaveOutOnlyRoundsFarAboveTheMedian_AndOnlyWithAMajority(double[] rounds, double[] kept, double[] dropped)
    {
        var settled = RoundStatistics.SettledRounds(rounds);

        Assert.Equal(kept, settled.Kept);
        Assert.Equal(dropped, settled.Dropped);
    }

    [Theory]
    [InlineData(new[] { 281.8, 100.6 }, true)]
    // One slow round of three may be the first sight of a second speed: measured again (up to the profile's most rounds).
    [InlineData(new[] { 281.8, 100.6, 97.0 }, true)]
    [InlineData(new[] { 281.8, 100.6, 281.0 }, true)]
    [InlineData(new[] { 96.0, 116.0 }, false)]
    [InlineData(new[] { 24.1, 33.0 }, false)]
    [InlineData(new[] { 96.0 }, false)]
    public void NeedsAnotherRound_WhileTheCountedRoundsDisagreeByMoreThanTheRemeasureRatio(double[] rounds, bool expected) =>
        Assert.Equal(expected, RoundStatistics.NeedsAnotherRound(rounds));

    private static double Normal(Random random) =>
        Math.Sqrt(-2 * Math.Log(1 - random.NextDouble())) * Math.Cos(2 * Math.PI * random.NextDouble());
}

public class RoundStatisticsModesTests
{
    [Fact]
    public void TwoSpeeds_AreTwoModes_WithEveryRoundKept_AndAnIntervalSpanningBoth()
    {
        // big-vs-many, a list of 10,000 Users to a string by System.Text.Json: rounds of 5.36, 5.59, 19.5 and 19.9 ms were
        // reported as 5.47 ms ±100000% after the slow two were dropped.
        double[] rounds = [5.36e6, 19.5e6, 5.59e6, 19.9e6];

        var modes = RoundStatistics.Modes(rounds);

        Assert.NotNull(modes);
        Assert.Equal([5.36e6, 5.59e6], modes[0]);
        Assert.Equal([19.5e6, 19.9e6], modes[1]);
        Assert.All(RoundStatistics.Counts(rounds), Assert.True);
        Assert.False(RoundStatistics.NeedsAnotherRound(rounds));
        var (overall, speeds) = RoundStatistics.CombineModes(modes, new VariancePrior(0.001, 4), default);
        Assert.Equal([2, 2], speeds.Select(s => s.Processes));
        Assert.InRange(overall.MeanNs - overall.ErrorNs, 0, 5.36e6);
        Assert.True(overall.MeanNs + overall.ErrorNs >= 19.9e6);
    }

    [Theory]
    [InlineData(new[] { 5.4e6, 19.7e6 })]              // quick's two rounds disagree: one of each speed so far
    [InlineData(new[] { 5.4e6, 5.5e6, 19.7e6 })]       // one slow round: an unsettled process, or a second speed?
    public void OneSlowRound_IsNotYetAMode_SoTheCellIsMeasuredAgain(double[] rounds)
    {
        Assert.Null(RoundStatistics.Modes(rounds));
        Assert.True(RoundStatistics.NeedsAnotherRound(rounds));
    }

    [Fact]
    public void RoundsThatAgree_OrSpreadEvenly_HaveOneSpeed()
    {
        Assert.Null(RoundStatistics.Modes([100, 101, 99, 102]));
        // A wide but even spread has no gap wider than its sides.
        Assert.Null(RoundStatistics.Modes([100, 160, 260, 420]));
        Assert.False(RoundStatistics.NeedsAnotherRound([100, 101, 99]));
    }

    [Fact]
    public void SampleVariance_DividesByNMinusOne_AndIsUndefinedForOneValue()
    {
        Assert.Equal(2.5, RoundStatistics.SampleVariance([1, 2, 3, 4, 5]), 12);
        Assert.True(double.IsNaN(RoundStatistics.SampleVariance([7])));
    }
}
