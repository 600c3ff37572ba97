using SerBench.Core.Contenders;
using SerBench.Core.Measurement;
using SerBench.Core.Running;
using SerBench.Core.Statistics;
using SerBench.Core.Studies;
using SerBench.Running;

namespace SerBench.Tests.Running;

public sealed class RoundsPolicyTests
{
    /// <summary>One serialize cell of json-vs-binary, or with no operation named every cell of web-api for one contender.</summary>
    private static IReadOnlyList<PlannedCase> Plan(params Operation[] operations) => RunPlan.Create(new RunRequest
    {
        Studies = [StudyRegistry.All.Single(s => s.Name == (operations.Length == 0 ? "web-api" : "json-vs-binary"))],
        Contenders = [ContenderRegistry.Find(operations.Length == 0 ? "stj-reflection-string" : "binary-utf8")!],
        Operations = operations.Length == 0 ? null : operations,
    });

    [Fact]
    public void ARunTooSmallToPool_GetsFiveRounds()
    {
        var plan = Plan(Operation.Serialize);
        Assert.True(plan.Sum(p => p.Operations.Count) < RoundStatistics.CellsToPool);

        Assert.Equal(RoundsPolicy.SmallRunRounds, RoundsPolicy.ForPlan(MeasurementProfile.Quick, plan).Rounds);
    }

    [Fact]
    public void ARunLargeEnoughToPool_KeepsTheProfilesRounds()
    {
        var plan = Plan();
        Assert.True(plan.Sum(p => p.Operations.Count) >= RoundStatistics.CellsToPool);

        Assert.Equal(MeasurementProfile.Quick.Rounds, RoundsPolicy.ForPlan(MeasurementProfile.Quick, plan).Rounds);
    }

    [Fact]
    public void ASingleRoundProfile_StaysAtOneRound_HoweverSmallTheRun()
    {
        Assert.Equal(1, RoundsPolicy.ForPlan(MeasurementProfile.Smoke, Plan(Operation.Serialize)).Rounds);
    }

    [Fact]
    public void RoundsTheUserChose_AreKept()
    {
        Assert.Equal(7, RoundsPolicy.WithRounds(MeasurementProfile.Quick, 7).Rounds);
    }
}
