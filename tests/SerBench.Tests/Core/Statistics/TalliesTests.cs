using SerBench.Core.Results;
using SerBench.Core.Statistics;

namespace SerBench.Tests.Core.Statistics;

public class TalliesTests
{
    [Theory]
    [InlineData(0, 10, 0.001953125)]
    [InlineData(5, 10, 1.0)]
    [InlineData(2, 10, 0.109375)]
    [InlineData(26, 30, 5.948e-5)]
    public void SignTest_IsTheTwoSidedBinomialTail(int lower, int cells, double expected) =>
        Assert.Equal(expected, Tallies.SignTestP(lower, cells), 1e-7);

    [Fact]
    public void BinomialTail_OfOneChanceCaseIn16_At0Point5Percent_IsAbout8Percent()
    {
        Assert.Equal(1 - Math.Pow(0.995, 16), Tallies.BinomialTail(1, 16, 0.005), 12);
        Assert.Equal(1.0, Tallies.BinomialTail(0, 16, 0.005), 12);
        // Four hundred trials do not underflow to 0 where each term alone would.
        Assert.InRange(Tallies.BinomialTail(400, 400, 0.5), 1e-121, 1e-120);
    }

    [Fact]
    public void GeometricMean_LeavesOutWhatHasNoLogarithm_AndIsNullWithNothingLeft()
    {
        Assert.Equal(2.0, Tallies.GeometricMean([1, 4, 0, double.PositiveInfinity])!.Value, 12);
        Assert.Null(Tallies.GeometricMean([0, -1]));
    }

    private static ResultCell Timed(string contender, double meanNs) => SampleResults.Cell(contender, meanNs, errorFraction: 0.01);

    [Fact]
    public void Rank_InACase_SharesAPlaceBetweenContendersTheDataCannotTellApart()
    {
        var (a, b, c) = (Timed("a", 1000), Timed("b", 1005), Timed("c", 2000));
        ResultCell[] ranked = [a, b, c];

        Assert.Equal([1, 1, 3], ranked.Select(cell => Rank.InCase(cell, ranked)));
    }

    [Fact]
    public void Standing_InAStudy_CountsCaseWinsAgainstLosses_NotTheSizeOfEach()
    {
        // "a" wins one case by far and loses two narrowly but beyond doubt: "b" stands ahead of it.
        var a = new Dictionary<string, ResultCell> { ["x"] = Timed("a", 100), ["y"] = Timed("a", 1100), ["z"] = Timed("a", 1100) };
        var b = new Dictionary<string, ResultCell> { ["x"] = Timed("b", 1000), ["y"] = Timed("b", 1000), ["z"] = Timed("b", 1000) };
        IReadOnlyDictionary<string, ResultCell>[] all = [a, b];

        Assert.Equal((2, 1), (Rank.Standing(a, all), Rank.Standing(b, all)));
    }
}
