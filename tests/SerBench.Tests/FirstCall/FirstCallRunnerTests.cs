using SerBench.Running;
using SerBench.Core.Contenders;
using SerBench.Core.FirstCall;
using SerBench.Core.Measurement;
using SerBench.Core.Results;
using SerBench.Core.Running;
using SerBench.Core.Studies;
using SerBench.Core.Verification;
using SerBench.FirstCall;
using SerBench.Results;

namespace SerBench.Tests.FirstCall;

public sealed class FirstCallRunnerTests : IDisposable
{
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    private (IReadOnlyList<PlannedCase> Plan, ResultsStore Store) Plan(params string[] contenders)
    {
        var request = new RunRequest
        {
            Studies = [StudyRegistry.All.Single(s => s.Name == "json-vs-binary")],
            Contenders = [.. contenders.Select(name => ContenderRegistry.Find(name)!)],
            Operations = [Operation.Serialize],
        };
        var plan = RunPlan.Create(request);
        return (plan, ResultsStore.Create(_directory.Path, ResultsHeader.NewDocument(request, plan, "test", DateTimeOffset.UnixEpoch)));
    }

    [Fact]
    public void EachContender_GetsAFirstCallCell_WithTheMedianOfItsProcessesAndItsParts()
    {
        var (plan, store) = Plan("binary-utf8", "binary-utf16");
        foreach (var planned in plan)
        {
            store.Add(PlannedCells.Describe(planned, Operation.Serialize, GateOutcome.Ok) with { MeanNs = 100 });
        }

        var launcher = new FakeLauncher(name => name == "binary-utf8" ? [10_000, 12_000, 30_000] : [5_000, 6_000, 7_000]);
        FirstCallRunner.Run(plan, 3, launcher, store, new NullObserver(), CancellationToken.None);

        var utf8 = store.Cells.Single(c => c.Operation == SerBench.Core.Studies.Operation.FirstCall && c.Contender == "binary-utf8");
        Assert.Equal((SerBench.Core.Payloads.Shape.Object, 1, VerificationStatus.Ok), (utf8.Shape, utf8.Count, utf8.Status));
        Assert.Equal(12_000 * 1000, utf8.MeanNs);
        Assert.Equal([10_000_000, 12_000_000, 30_000_000], utf8.RoundsNs!);
        Assert.Equal(new FirstCallBreakdown(1_200, 2_400, 8_400), utf8.FirstCall);
        Assert.True(utf8.ErrorNs > 0);
        var utf16 = store.Cells.Single(c => c.Operation == SerBench.Core.Studies.Operation.FirstCall && c.Contender == "binary-utf16");
        Assert.Equal(6_000.0 / 12_000, utf16.Ratio!.Value, 9);
        Assert.Equal(6, launcher.Launches);
        // Spread over the first-call part of the run, as rounds are: one pass each, back and forth, never back to back.
        Assert.Equal(["binary-utf8", "binary-utf16", "binary-utf16", "binary-utf8", "binary-utf8", "binary-utf16"], launcher.Order);
    }

    [Theory]
    [InlineData(false, 2)]
    [InlineData(true, 3)]
    public void APassPastTheLeast_RunsOnlyWhenTheBudgetLeavesTimeForIt(bool timeLeft, int launchesEach)
    {
        var (plan, store) = Plan("binary-utf8", "binary-utf16");
        foreach (var planned in plan)
        {
            store.Add(PlannedCells.Describe(planned, Operation.Serialize, GateOutcome.Ok) with { MeanNs = 100 });
        }

        var asked = new List<TimeSpan>();
        var launcher = new FakeLauncher(_ => [1_000, 2_000, 3_000]);
        FirstCallRunner.Run(plan, 3, launcher, store, new NullObserver(), CancellationToken.None, work => { asked.Add(work); return timeLeft; });

        Assert.Equal(2 * launchesEach, launcher.Launches);
        Assert.All(store.Cells.Where(c => c.Operation == Operation.FirstCall), c => Assert.Equal(launchesEach, c.RoundsNs!.Count));
        // Asked once, before the second pass, for the time of two more passes: never for the two every cell gets.
        Assert.Single(asked);
    }

    [Fact]
    public void ContenderThatFailedTheGate_CarriesItsGateOutcome_AndStartsNoProcess()
    {
        var (plan, store) = Plan("binary-utf8", "binary-utf16");
        store.Add(PlannedCells.Describe(plan[0], Operation.Serialize, GateOutcome.Ok) with { MeanNs = 100 });
        store.Add(PlannedCells.Describe(plan[1], Operation.Serialize, new GateOutcome(VerificationStatus.Mismatch, "$.Name: expected \"a\" but got \"b\"")));

        var launcher = new FakeLauncher(_ => [1_000, 1_000, 1_000]);
        FirstCallRunner.Run(plan, 3, launcher, store, new NullObserver(), CancellationToken.None);

        var failed = store.Cells.Single(c => c.Operation == SerBench.Core.Studies.Operation.FirstCall && c.Contender == plan[1].Contender.Name);
        Assert.Equal(VerificationStatus.Mismatch, failed.Status);
        Assert.Equal("$.Name: expected \"a\" but got \"b\"", failed.Reason);
        Assert.Null(failed.MeanNs);
        Assert.Equal(3, launcher.Launches);
    }

    [Fact]
    public void WithoutSteadyStateCells_AContenderThatFailsTheGateHere_CarriesItsGateOutcome_AndStartsNoProcess()
    {
        var (plan, store) = Plan("binary-utf8");
        var broken = plan[0] with { Contender = FakeContenders.DropsField(), Operations = [Operation.FirstCall] };

        var launcher = new FakeLauncher(_ => [1_000, 1_000]);
        FirstCallRunner.Run([plan[0] with { Operations = [Operation.FirstCall] }, broken], 2, launcher, store, new NullObserver(), CancellationToken.None);

        Assert.Equal(VerificationStatus.Ok, store.Cells.Single(c => c.Contender == "binary-utf8").Status);
        var failed = store.Cells.Single(c => c.Contender == "drops-field");
        Assert.NotEqual(VerificationStatus.Ok, failed.Status);
        Assert.Null(failed.MeanNs);
        Assert.Equal(["binary-utf8", "binary-utf8"], launcher.Order);
    }

    [Fact]
    public void ProcessThatDies_IsACrash_WithWhatItSaid()
    {
        var (plan, store) = Plan("binary-utf8");
        var launcher = new FakeLauncher(_ => []) { Failure = "exit code 134: Process terminated. Stack overflow." };

        FirstCallRunner.Run(plan, 3, launcher, store, new NullObserver(), CancellationToken.None);

        var crashed = Assert.Single(store.Cells);
        Assert.Equal(VerificationStatus.Crash, crashed.Status);
        Assert.EndsWith("exit code 134: Process terminated. Stack overflow.", crashed.Reason, StringComparison.Ordinal);
        Assert.Equal(1, launcher.Launches);
    }

    [Fact]
    public void StudiesWithTheSameConventions_ShareTheirFirstCallProcesses_AndBothShowThem()
    {
        var request = new RunRequest
        {
            Studies = [.. StudyRegistry.All.Where(s => s.Name is "web-api" or "shootout" or "escaping")],
            Contenders = [ContenderRegistry.Find("stj-sourcegen-utf8")!],
            Operations = [Operation.Serialize],
        };
        var plan = RunPlan.Create(request);
        var store = ResultsStore.Create(_directory.Path, ResultsHeader.NewDocument(request, plan, "test", DateTimeOffset.UnixEpoch));
        foreach (var planned in plan)
        {
            store.Add(PlannedCells.Describe(planned, Operation.Serialize, GateOutcome.Ok) with { MeanNs = 100 });
        }

        var launcher = new FakeLauncher(_ => [.. Enumerable.Range(1, 30).Select(i => 1_000.0 * i)]);
        FirstCallRunner.Run(plan, 3, launcher, store, new NullObserver(), CancellationToken.None);

        var firstCalls = store.Cells.Where(c => c.Operation == Operation.FirstCall).ToList();
        var person = firstCalls.Where(c => c.Payload == "person").ToList();
        Assert.Equal(["shootout", "web-api"], person.Select(c => c.Study).Order(StringComparer.Ordinal));
        Assert.Equal(person[0].RoundsNs!, person[1].RoundsNs!);
        // web-api and shootout share "web" conventions; escaping's camel-case office-worker and shootout's user are their own.
        var distinct = firstCalls.Select(c => (c.Payload, string.Join(",", c.RoundsNs!))).Distinct().Count();
        Assert.Equal(firstCalls.Count - 1, distinct);
        Assert.Equal(distinct * 3, launcher.Launches);
    }

    [Fact]
    public void QuickAndFull_TimeFirstCalls_SmokeDoesNot()
    {
        Assert.Equal(0, MeasurementProfile.Smoke.FirstCallLaunches);
        Assert.Equal(3, MeasurementProfile.Quick.FirstCallLaunches);
        Assert.Equal(5, MeasurementProfile.Full.FirstCallLaunches);
        Assert.Equal(3, (MeasurementProfile.Quick with { Rounds = 4 }).FirstCallLaunches);
        Assert.Equal(0, (MeasurementProfile.Quick with { FirstCallLaunches = 0 }).FirstCallLaunches);
    }

    /// <summary>Stands in for the fresh processes: the totals of each contender's processes, in microseconds, split 10/20/70.</summary>
    private sealed class FakeLauncher(Func<string, double[]> totalsOf) : IFirstCallLauncher
    {
        private readonly Dictionary<string, int> _next = [];

        public int Launches { get; private set; }

        /// <summary>The contender of each launch, in order.</summary>
        public List<string> Order { get; } = [];

        public string? Failure { get; init; }

        public FirstCallLaunch Launch(PlannedCase planned, CancellationToken cancellation)
        {
            Launches++;
            Order.Add(planned.Contender.Name);
            if (Failure is not null)
            {
                return new FirstCallLaunch(null, Failure);
            }

            var index = _next[planned.Contender.Name] = _next.GetValueOrDefault(planned.Contender.Name) + 1;
            var total = totalsOf(planned.Contender.Name)[index - 1];
            return new FirstCallLaunch(new FirstCallSample(total * 0.1, total * 0.2, total * 0.7), null);
        }
    }
}
