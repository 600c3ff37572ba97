using SerBench.Comparison;

namespace SerBench.Tests.Comparison;

public class ComparerTests
{
    /// <summary>Deterministic "measurements": <paramref name="count"/> values around <paramref name="center"/> with ±<paramref name="noise"/> relative spread.</summary>
    private static double[] Sample(double center, double noise, int count, int seed)
    {
        var random = new Random(seed);
        return [.. Enumerable.Range(0, count).Select(_ => center * (1 + noise * (2 * random.NextDouble() - 1)))];
    }

    private static ComparableResults Results(params ComparableCell[] cells) => new("test.json", "SerBench", cells);

    private static ComparableCell Cell(string key, double[] iterations, long allocated = 1000) =>
        new("study", key, "OK", iterations.Average(), null, iterations, allocated, 500);

    [Fact]
    public void SameDistribution_IsNotSignificant()
    {
        var report = Comparer.Compare(Results(Cell("a", Sample(1000, 0.03, 30, 1))), Results(Cell("a", Sample(1000, 0.03, 30, 2))), 0.05);

        var cell = Assert.Single(report.Cells);
        Assert.Equal(Change.Same, cell.Time);
        Assert.False(report.HasRegression);
    }

    [Fact]
    public void TenPercentSlowerWithLowNoise_IsASignificantRegression()
    {
        var report = Comparer.Compare(Results(Cell("a", Sample(1000, 0.01, 20, 1))), Results(Cell("a", Sample(1100, 0.01, 20, 2))), 0.05);

        var cell = Assert.Single(report.Cells);
        Assert.Equal(Change.Slower, cell.Time);
        Assert.True(cell.PValue < Comparer.Alpha);
        Assert.True(report.HasRegression);
    }

    [Fact]
    public void TenPercentFaster_IsSignificantButNotARegression()
    {
        var report = Comparer.Compare(Results(Cell("a", Sample(1000, 0.01, 20, 1))), Results(Cell("a", Sample(900, 0.01, 20, 2))), 0.05);

        Assert.Equal(Change.Faster, Assert.Single(report.Cells).Time);
        Assert.False(report.HasRegression);
    }

    [Fact]
    public void RealShiftBelowTheThreshold_StaysAtTilde()
    {
        // 3% slower with almost no noise is real, but smaller than the 5% threshold.
        var report = Comparer.Compare(Results(Cell("a", Sample(1000, 0.002, 20, 1))), Results(Cell("a", Sample(1030, 0.002, 20, 2))), 0.05);

        Assert.Equal(Change.Same, Assert.Single(report.Cells).Time);
    }

    [Fact]
    public void AllocatingMore_StoppingToPass_AndOneSidedCells_AreReported()
    {
        var before = Results(Cell("a", Sample(1000, 0.01, 20, 1), allocated: 1000), Cell("b", Sample(1000, 0.01, 20, 3)), Cell("gone", Sample(5, 0.01, 5, 4)));
        var after = Results(Cell("a", Sample(1000, 0.01, 20, 2), allocated: 1200),
            new ComparableCell("study", "b", "CRASH", null, null, null, null, null), Cell("new", Sample(5, 0.01, 5, 5)));

        var report = Comparer.Compare(before, after, 0.05);

        Assert.Equal(Change.More, report.Cells.Single(c => c.Key == "a").Allocation);
        Assert.Equal("OK → CRASH", report.Cells.Single(c => c.Key == "b").StatusChange);
        Assert.Equal("gone", Assert.Single(report.OnlyInBase).Key);
        Assert.Equal("new", Assert.Single(report.OnlyInNew).Key);
        Assert.Equal(2, report.Cells.Count(c => c.IsRegression));
    }

    [Fact]
    public void GeometricMean_PerStudy_OfTheTimeRatios()
    {
        var before = Results(Cell("a", [100, 100, 100]), Cell("b", [100, 100, 100]));
        var after = Results(Cell("a", [200, 200, 200]), Cell("b", [50, 50, 50]));

        var summary = Assert.Single(Comparer.Compare(before, after, 0.05).Studies);

        Assert.Equal(1.0, summary.TimeGeometricMean!.Value, 6);
    }

    [Fact]
    public void SummariesOnly_UseNonOverlappingConfidenceIntervals()
    {
        ComparableCell Summary(double mean, double error) => new("study", "a", "OK", mean, error, null, null, null);

        var overlapping = Comparer.Compare(Results(Summary(1000, 60)), Results(Summary(1100, 60)), 0.05);
        var separated = Comparer.Compare(Results(Summary(1000, 20)), Results(Summary(1100, 20)), 0.05);

        Assert.Equal(Change.Same, Assert.Single(overlapping.Cells).Time);
        Assert.Equal(Change.Slower, Assert.Single(separated.Cells).Time);
        Assert.Equal("99.9% CI", separated.Cells[0].TimeMethod);
    }

    [Theory]
    [InlineData(double.NaN)]
    [InlineData(double.PositiveInfinity)]
    [InlineData(0.0)]
    public void UnusableMean_IsNotComparable_AndFailsTheGate_NeverNoRegression(double mean)
    {
        var old = Cell("a", Sample(1000, 0.01, 20, 1));
        var broken = old with { MeanNs = mean };

        var report = Comparer.Compare(Results(old), Results(broken), 0.05);

        var cell = Assert.Single(report.Cells);
        Assert.True(cell.IsNotComparable);
        Assert.True(report.Fails);
        Assert.Equal("1 not comparable", ComparisonTables.Verdict(report));
    }

    [Fact]
    public void NaNInsideTheSamples_IsNotComparable_NotSignificant()
    {
        var old = Cell("a", Sample(1000, 0.01, 20, 1));
        var broken = Cell("a", [.. Sample(1000, 0.01, 19, 2), double.NaN]) with { MeanNs = 1000 };

        var cell = Assert.Single(Comparer.Compare(Results(old), Results(broken), 0.05).Cells);

        Assert.Equal(Change.NotComparable, cell.Time);
        Assert.Null(cell.PValue);
    }

    [Fact]
    public void CellsNotTimedOnEitherSide_AreNotCountedAsNotComparable()
    {
        var unavailable = new ComparableCell("study", "a", "UNAVAILABLE", null, null, null, null, null);

        var report = Comparer.Compare(Results(unavailable), Results(unavailable), 0.05);

        Assert.False(report.Fails);
        Assert.Equal("no regression", ComparisonTables.Verdict(report));
    }
}
