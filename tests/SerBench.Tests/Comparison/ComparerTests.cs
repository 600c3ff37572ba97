using SerBench.Comparison;
using SerBench.Core.Verification;

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
        new("study", key, VerificationStatus.Ok, iterations.Average(), null, iterations, allocated, 500);

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
    public void NoisySlowdownBeyondTheThreshold_IsInconclusive_WithItsInterval_NeverNoRegression()
    {
        // 1.5× slower on average, but with ±90% noise on four samples nothing is significant.
        var report = Comparer.Compare(Results(Cell("a", Sample(1000, 0.9, 4, 1)) with { ErrorNs = 900 }),
            Results(Cell("a", Sample(1500, 0.9, 4, 2)) with { ErrorNs = 1400 }), 0.05);

        var cell = Assert.Single(report.Cells);
        Assert.Equal(Change.Inconclusive, cell.Time);
        Assert.NotNull(cell.TimeInterval);
        Assert.True(report.HasInconclusive);
        Assert.False(report.Fails);
        Assert.Equal("1 inconclusive", ComparisonTables.Verdict(report));
        Assert.StartsWith("inconclusive (", ComparisonTables.Build(report)[0].Rows[0][3], StringComparison.Ordinal);
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
            new ComparableCell("study", "b", VerificationStatus.Crash, null, null, null, null, null), Cell("new", Sample(5, 0.01, 5, 5)));

        var report = Comparer.Compare(before, after, 0.05);

        Assert.Equal(Change.More, report.Cells.Single(c => c.Key == "a").Allocation);
        Assert.Equal("OK → CRASH", report.Cells.Single(c => c.Key == "b").StatusChange);
        Assert.Equal("gone", Assert.Single(report.OnlyInBase).Key);
        Assert.Equal("new", Assert.Single(report.OnlyInNew).Key);
        Assert.Equal(2, report.Cells.Count(c => c.IsRegression));
    }

    [Fact]
    public void GeometricMean_CountsOnlyTheCellsTimedOnBothSides()
    {
        var before = Results(Cell("a", [100, 100, 100]), new ComparableCell("study", "b", VerificationStatus.Unavailable, null, null, null, null, null));
        var after = Results(Cell("a", [200, 200, 200]), Cell("b", [50, 50, 50]));

        var summary = Assert.Single(Comparer.Compare(before, after, 0.05).Studies);

        Assert.Equal((1, 2.0), (summary.Cells, Math.Round(summary.TimeGeometricMean!.Value, 6)));
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
        ComparableCell Summary(double mean, double error) => new("study", "a", VerificationStatus.Ok, mean, error, null, null, null);

        var overlapping = Comparer.Compare(Results(Summary(1000, 60)), Results(Summary(1100, 60)), 0.05);
        var separated = Comparer.Compare(Results(Summary(1000, 20)), Results(Summary(1100, 20)), 0.05);

        // 1.10× beyond a 5% threshold, but the intervals overlap: not a regression, and not "no regression" either.
        Assert.Equal(Change.Inconclusive, Assert.Single(overlapping.Cells).Time);
        Assert.Equal(Change.Slower, Assert.Single(separated.Cells).Time);
        Assert.Equal("99.9% CI", separated.Cells[0].TimeMethod);
    }

    /// <summary>A run of <paramref name="cells"/> cells, each with three round means spread by <paramref name="noise"/> (log scale).</summary>
    private static ComparableResults RoundsRun(int cells, double noise, int seed, Func<int, double>? factor = null, Func<int, SerBench.Core.Payloads.Shape>? shape = null)
    {
        var random = new Random(seed);
        return WithPrior(Results([.. Enumerable.Range(0, cells).Select(i =>
        {
            double[] rounds = [.. Enumerable.Range(0, 3).Select(_ => 1000 * (i + 1) * (factor?.Invoke(i) ?? 1) * Math.Exp(noise * (2 * random.NextDouble() - 1)))];
            var key = new SerBench.Core.Results.CellKey("study", "c" + i, "person", shape?.Invoke(i) ?? SerBench.Core.Payloads.Shape.Object, 1, SerBench.Core.Studies.Operation.Serialize);
            return new ComparableCell("study", "label " + i, VerificationStatus.Ok, rounds.Average(), null, rounds, 100, 500, rounds, key);
        })]));
    }

    // The prior a run fits to its cells' rounds and records in results.json.
    private static ComparableResults WithPrior(ComparableResults run) =>
        run with { Prior = SerBench.Core.Statistics.RoundStatistics.PooledLogVariance(run.Cells.Select(c => c.RoundsNs!)) };

    [Fact]
    public void Rounds_TwoRunsOfTheSameNoisyCells_GiveNoRegression()
    {
        var report = Comparer.Compare(RoundsRun(40, 0.12, 1), RoundsRun(40, 0.12, 2), 0.10);

        Assert.Equal(40, report.Cells.Count);
        Assert.All(report.Cells, c => Assert.StartsWith("Welch t on round means", c.TimeMethod, StringComparison.Ordinal));
        Assert.False(report.HasRegression);
    }

    [Fact]
    public void Rounds_OneCellOneAndAHalfTimesSlowerUnderNoise_IsCaught()
    {
        var report = Comparer.Compare(RoundsRun(40, 0.12, 1), RoundsRun(40, 0.12, 2, i => i == 7 ? 1.5 : 1), 0.10);

        var regression = Assert.Single(report.Cells, c => c.IsRegression);
        Assert.Equal("c7", regression.Base.Identity.Contender);
        Assert.Equal(Change.Slower, regression.Time);
    }

    [Fact]
    public void Rounds_OneCellTwentyPercentSlowerOnAQuietMachine_IsCaught()
    {
        var report = Comparer.Compare(RoundsRun(40, 0.02, 1), RoundsRun(40, 0.02, 2, i => i == 3 ? 1.2 : 1), 0.10);

        Assert.Equal("c3", Assert.Single(report.Cells, c => c.IsRegression).Base.Identity.Contender);
    }

    [Fact]
    public void Rounds_RunsThatDisagreeAsAWhole_WidenTheTest_SoAStateShiftIsNotARegression_ButADoublingIs()
    {
        // Rounds agree within ±2% in each run, but every cell of the second run sits in a state of its own (log-normal,
        // σ = 10%) that its rounds share: what two identical runs showed under load. Cell 5 is 1.3× (a shift of that
        // size), cell 9 is twice as slow.
        // The other cells' shifts are spread evenly from −2σ to +2σ, in a scrambled order.
        var shifts = Enumerable.Range(0, 40).Select(i => i == 5 ? 1.3 : i == 9 ? 2.0 : Math.Exp(0.1 * (-2 + (4.0 * ((i * 17) % 40) / 39)))).ToList();
        var before = RoundsRun(40, 0.02, 1);
        var after = RoundsRun(40, 0.02, 2, i => shifts[i]);

        var report = Comparer.Compare(before, after, 0.10);

        Assert.Equal(["c9"], report.Cells.Where(c => c.IsRegression).Select(c => $"{c.Base.Identity.Contender}").ToList());
        Assert.Equal("Welch t on round means, with the spread between runs", report.Cells[5].TimeMethod);
        var between = Comparer.BetweenRunsLogVariance([.. before.Cells.Zip(after.Cells)], (null, null));
        Assert.InRange(Math.Sqrt(between!.Value.Variance), 0.05, 0.2);
    }

    [Fact]
    public void Rounds_AShapeThatMovesMoreBetweenRuns_IsJudgedByItsOwnSpread_WhileTheSteadyShapeKeepsTheCommonOne()
    {
        // Rounds agree within ±2% in each run. Between the runs the 12 single objects stay put (±1%), while every one of the
        // 12 lists sits in a state of its own (σ = 8%, spread evenly from −2σ to +2σ): what two identical quiet runs of
        // web-api showed. List 13 moved 1.15× (a shift of that size), list 21 doubled, object 3 is 1.25× slower.
        double Shift(int i) => i switch
        {
            13 => 1.15,
            21 => 2.0,
            3 => 1.25,
            < 12 => Math.Exp(0.01 * (-1 + (2.0 * ((i * 5) % 12) / 11))),
            _ => Math.Exp(0.08 * (-2 + (4.0 * (((i - 12) * 5) % 12) / 11))),
        };
        SerBench.Core.Payloads.Shape Shape(int i) => i < 12 ? SerBench.Core.Payloads.Shape.Object : SerBench.Core.Payloads.Shape.List;
        var before = RoundsRun(24, 0.02, 1, shape: Shape);
        var after = RoundsRun(24, 0.02, 2, Shift, Shape);

        var report = Comparer.Compare(before, after, 0.10);

        Assert.Equal(["c21", "c3"], report.Cells.Where(c => c.IsRegression).Select(c => c.Base.Identity.Contender).Order(StringComparer.Ordinal).ToList());
        var spreadOf = Comparer.BetweenRunsLogVarianceByShape([.. before.Cells.Zip(after.Cells)], (null, null));
        Assert.True(spreadOf(after.Cells[13])!.Value.Variance > spreadOf(after.Cells[0])!.Value.Variance);
        Assert.Equal(Comparer.BetweenRunsLogVariance([.. before.Cells.Zip(after.Cells)], (null, null)), spreadOf(after.Cells[0]));
    }

    [Fact]
    public void CellsAreMatchedByIdentity_NotByTheirLabel()
    {
        var before = RoundsRun(3, 0.02, 1);
        var renamed = RoundsRun(3, 0.02, 2, i => i == 1 ? 2 : 1);
        renamed = renamed with { Cells = [.. renamed.Cells.Select(c => c with { Key = "renamed " + c.Key })] };

        var report = Comparer.Compare(before, renamed, 0.10);

        Assert.Equal(3, report.Cells.Count);
        Assert.Empty(report.OnlyInNew);
        Assert.Single(report.Cells, c => c.IsRegression);
    }

    [Fact]
    public void DifferentRuntimeKnobs_AreWarnedAbout()
    {
        var before = Results() with { Knobs = new Dictionary<string, string> { ["globalization"] = "ICU (default)", ["gc"] = "workstation, concurrent" } };
        var after = Results() with { Knobs = new Dictionary<string, string> { ["globalization"] = "invariant (DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1)", ["gc"] = "workstation, concurrent" } };

        var warning = Assert.Single(Comparer.Compare(before, after, 0.1).Warnings);

        Assert.StartsWith("globalization differs: BASE ICU (default), NEW invariant", warning, StringComparison.Ordinal);
        Assert.Empty(Comparer.Compare(before, before, 0.1).Warnings);
    }

    [Fact]
    public void KnobsThatChangeNothingMeasured_AreNotWarnedAbout_EvenWhereAnOlderFileRecordedThem()
    {
        // Issue 35: "env:SERBENCH_CACHE differs … different runtime settings" for a cache path.
        var before = Results() with { Knobs = new Dictionary<string, string> { ["env:SERBENCH_CACHE"] = "/a", ["env:DOTNET_gcServer"] = "0", ["env:SERBENCH_DIAGNOSTIC_SLOWDOWN"] = "x=1.5" } };
        var after = Results() with { Knobs = new Dictionary<string, string> { ["env:SERBENCH_CACHE"] = "/b", ["env:DOTNET_gcServer"] = "1" } };

        var warnings = Comparer.Compare(before, after, 0.1).Warnings;

        Assert.Equal(["env:DOTNET_gcServer differs: BASE 0, NEW 1", "env:SERBENCH_DIAGNOSTIC_SLOWDOWN differs: BASE x=1.5, NEW (not recorded)"], warnings);
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
        var unavailable = new ComparableCell("study", "a", VerificationStatus.Unavailable, null, null, null, null, null);

        var report = Comparer.Compare(Results(unavailable), Results(unavailable), 0.05);

        Assert.False(report.Fails);
        Assert.True(report.ComparedNothing);
        Assert.Equal("nothing compared: no shared cell has a time in either file", ComparisonTables.Verdict(report));
    }
}
