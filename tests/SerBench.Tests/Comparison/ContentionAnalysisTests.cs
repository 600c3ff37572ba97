using SerBench.Comparison;
using SerBench.Core.Results;
using SerBench.Core.Verification;

namespace SerBench.Tests.Comparison;

public class ContentionAnalysisTests
{
    /// <summary>Four contenders, five cells each; every cell of contender i is slowed by factors[i] in NEW (±2% by cell).</summary>
    private static (ComparableResults Base, ComparableResults New) Runs(double[] factors, double baseProbe, double newProbe)
    {
        List<ComparableCell> before = [], after = [];
        for (var contender = 0; contender < factors.Length; contender++)
        {
            for (var cell = 0; cell < 5; cell++)
            {
                var key = new CellKey("study", $"contender-{contender}", "person", SerBench.Core.Payloads.Shape.List, cell + 1, SerBench.Core.Studies.Operation.Serialize);
                var mean = 1000.0 * (cell + 1);
                var wobble = 1 + (0.02 * ((cell % 3) - 1));
                before.Add(Cell(key, [mean, mean * 1.01]));
                after.Add(Cell(key, [mean * factors[contender] * wobble, mean * factors[contender] * wobble * 1.01]));
            }
        }

        return (new ComparableResults("base.json", "SerBench", before, null, baseProbe), new ComparableResults("new.json", "SerBench", after, null, newProbe));
    }

    private static ComparableCell Cell(CellKey key, double[] rounds) =>
        new(key.Study, key.Contender + " " + key.Count, VerificationStatus.Ok, rounds.Average(), rounds.Average() * 0.01, null, 100, 500, rounds, key);

    [Fact]
    public void SlowerMachine_NamesTheContenderHitHarder()
    {
        var (before, after) = Runs([1.3, 1.32, 1.28, 2.0], baseProbe: 5_000_000, newProbe: 10_000_000);

        var finding = Comparer.Compare(before, after, 0.1).Contention;

        Assert.NotNull(finding);
        Assert.Equal(2.0, finding.MachineRatio!.Value, 3);
        var harder = Assert.Single(finding.HitHarder);
        Assert.Equal("contender-3", harder.Contender);
        Assert.InRange(harder.RelativeToOthers, 1.45, 1.6);
        Assert.Empty(finding.HitLess);
        Assert.Contains("Hit harder than the others: contender-3", finding.Describe(), StringComparison.Ordinal);
    }

    [Fact]
    public void SlowerMachine_ContendersMovingAlike_NamesNobody()
    {
        var (before, after) = Runs([1.3, 1.32, 1.28, 1.35], baseProbe: 5_000_000, newProbe: 10_000_000);

        var finding = Comparer.Compare(before, after, 0.1).Contention;

        Assert.NotNull(finding);
        Assert.Empty(finding.HitHarder);
        Assert.Empty(finding.HitLess);
    }

    [Fact]
    public void SameMachineSpeed_IsNotContention_EvenWhenOneContenderMoved()
    {
        var (before, after) = Runs([1.0, 1.0, 1.0, 2.0], baseProbe: 5_000_000, newProbe: 5_200_000);

        var report = Comparer.Compare(before, after, 0.1);

        Assert.Null(report.Contention);
        Assert.True(report.HasRegression);
    }
}
