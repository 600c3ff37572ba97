using SerBench.Agents;
using SerBench.Core.Agents;
using SerBench.Core.Contenders;
using SerBench.Core.Measurement;
using SerBench.Core.Results;
using SerBench.Core.Running;
using SerBench.Core.Studies;
using SerBench.Core.Verification;
using SerBench.Results;
using SerBench.Running;

namespace SerBench.Tests.Running;

public sealed class RoundRunnerTests
{
    [Fact]
    public void ThreeRounds_EachContenderInAProcessOfItsOwn_OrderReversedOnEvenRounds()
    {
        using var directory = new TempDirectory();
        var processes = new FakeProcesses((contender, round) => contender == "binary-utf8" ? 100 + round : 50);

        var saved = Run(directory.Path, processes, rounds: 3, "binary-utf8", "binary-utf16");

        Assert.Equal(["binary-utf8", "binary-utf16", "binary-utf16", "binary-utf8", "binary-utf8", "binary-utf16"], processes.Launched);
        var cell = saved.Cells.Single(c => c.Contender == "binary-utf8");
        Assert.Equal([101, 102, 103], cell.RoundsNs!);
        Assert.Equal(102, cell.MeanNs!.Value, 9);
        Assert.True(cell.ErrorNs > 0);
        Assert.Equal(cell.Contender, cell.Baseline);
        var other = saved.Cells.Single(c => c.Contender == "binary-utf16");
        Assert.Equal(50.0 / 102, other.Ratio!.Value, 9);
        Assert.Equal("binary-utf8", other.Baseline);
        Assert.Equal(3, saved.Method!.Rounds);
        Assert.Equal(3, saved.Calibration!.RoundsNs.Count);
        // The first process of each round measures it, warmed with its cells; the parent never does.
        Assert.Equal([true, false, true, false, true, false], processes.Calibrating);
        Assert.Equal(6, saved.MachineProbes!.Count);
        Assert.NotNull(saved.FinishedAt);
    }

    /// <summary>Issue 41's run of three 1.9 MB documents spent 2 s a first-call launch against 0.6 s reserved, and ended 1 min 46 s past its budget.</summary>
    [Fact]
    public void FirstCallReserve_GrowsWithTheDocumentsSize()
    {
        using var directory = new TempDirectory();
        PlannedCase[] PlanOf(int bytes)
        {
            var file = directory.File($"doc{bytes}.json");
            File.WriteAllText(file, "{\"a\":\"" + new string('x', bytes) + "\"}");
            return [.. RunPlan.Create(new RunRequest
            {
                Studies = RunRequest.DataStudiesFrom([file]).Studies.Take(1).ToList(),
                Contenders = [ContenderRegistry.Find("stj-document")!],
                Operations = [Operation.Serialize],
            })];
        }

        var small = RoundRunner.FirstCallReserve(PlanOf(10), MeasurementProfile.Quick);
        var large = RoundRunner.FirstCallReserve(PlanOf(2_000_000), MeasurementProfile.Quick);

        // One case, the 2 launches every cell gets of quick's 3: 0.25 s each, and 0.23 s more each per MB of its document.
        Assert.Equal(2 * 0.25, small.TotalSeconds, 2);
        Assert.Equal(2 * (0.25 + (0.23 * 2)), large.TotalSeconds, 2);
    }

    [Fact]
    public void FirstCallOperation_StartsNoSteadyStateProcess_AndIsNotSentToOne()
    {
        using var directory = new TempDirectory();
        using var other = new TempDirectory();
        var processes = new FakeProcesses((_, _) => 100);

        Run(directory.Path, processes, 1, CancellationToken.None, [Operation.Serialize, Operation.FirstCall], "binary-utf8");
        var launchedForMixed = processes.Launched.Count;
        var firstCallsOnly = Run(other.Path, processes, 1, CancellationToken.None, [Operation.FirstCall], "binary-utf8");

        Assert.Equal(1, launchedForMixed);
        Assert.Equal(launchedForMixed, processes.Launched.Count);
        Assert.All(processes.Operations, operations => Assert.Equal([Operation.Serialize], operations));
        Assert.Null(firstCallsOnly.Calibration);
    }

    [Fact]
    public void RoundsThatDisagree_GetMoreRoundsForThatContenderOnly_AndTheUnsettledRoundIsNotCounted()
    {
        using var directory = new TempDirectory();
        // binary-utf8's first process measured 3× slow (code not yet tiered up); its later ones agree with each other.
        var processes = new FakeProcesses((contender, round) => contender == "binary-utf8" && round == 1 ? 300 : 100 + round);

        var saved = Run(directory.Path, processes, rounds: 2, "binary-utf8", "binary-utf16");

        // One slow round could be a second speed, so binary-utf8 gets its extra rounds; they agree, and the odd one is dropped.
        Assert.Equal(["binary-utf8", "binary-utf16", "binary-utf16", "binary-utf8", "binary-utf8", "binary-utf8", "binary-utf8"], processes.Launched);
        var cell = saved.Cells.Single(c => c.Contender == "binary-utf8");
        Assert.Equal([102, 103, 104, 105], cell.RoundsNs!);
        Assert.Equal([300], cell.DroppedRoundsNs!);
        Assert.Null(cell.Modes);
        Assert.Equal(103.5, cell.MeanNs!.Value, 9);
        Assert.Null(saved.Cells.Single(c => c.Contender == "binary-utf16").DroppedRoundsNs);
        Assert.Contains("droppedRoundsNs", saved.Method!.Interval, StringComparison.Ordinal);
    }

    [Fact]
    public void ARemeasuringRound_MeasuresOnlyTheOperationsWhoseRoundsDisagreed()
    {
        using var directory = new TempDirectory();
        // Serialize's first round was 3× slow; deserialize agreed with itself.
        var processes = new FakeProcesses((_, round) => 100 + round)
        {
            MeanByOperation = (_, round, operation) => operation == Operation.Serialize && round == 1 ? 300 : 100 + round,
        };

        var saved = Run(directory.Path, processes, rounds: 2, CancellationToken.None, [Operation.Serialize, Operation.Deserialize], "binary-utf8");

        Assert.Equal([[Operation.Serialize, Operation.Deserialize], [Operation.Serialize, Operation.Deserialize], [Operation.Serialize], [Operation.Serialize], [Operation.Serialize]], processes.Operations);
        Assert.Equal(5, saved.Cells.Single(c => c.Operation == Operation.Serialize).RoundsNs!.Count + saved.Cells.Single(c => c.Operation == Operation.Serialize).DroppedRoundsNs!.Count);
        Assert.Equal([101, 102], saved.Cells.Single(c => c.Operation == Operation.Deserialize).RoundsNs!);
    }

    [Fact]
    public void RoundsThatKeepDisagreeing_StopAfterTheExtraRounds_WithTheirSpreadInTheInterval()
    {
        using var directory = new TempDirectory();
        double[] means = [100, 300, 200, 100, 250, 100];
        var processes = new FakeProcesses((contender, round) => means[round - 1]);

        var saved = Run(directory.Path, processes, rounds: 2, "binary-utf8");

        // Quick's two rounds get three more, no further, though they still disagree 3×: none is 2× the median (200), so all count and the interval says so.
        Assert.Equal(5, processes.Launched.Count);
        Assert.Equal([100, 300, 200, 100, 250], saved.Cells.Single().RoundsNs!);
        Assert.Null(saved.Cells.Single().DroppedRoundsNs);
        Assert.True(saved.Cells.Single().ErrorNs > 50);
        Assert.True(saved.Cells.Single().HighNs >= 250, "the interval reaches the slow rounds it counted");
    }

    [Fact]
    public void APairNotYetTold_Apart_GetsMoreRounds_UntilItIs()
    {
        using var directory = new TempDirectory();
        // binary-utf8 is 1.5× binary-utf16, but each moves ±20% from process to process: two rounds cannot tell them apart.
        double[] wobble = [1.2, 0.8, 1.15, 0.85, 1.1, 0.9, 1.05, 0.95];
        var processes = new FakeProcesses((contender, round) => (contender == "binary-utf8" ? 150 : 100) * wobble[(round - 1) % wobble.Length]);

        var saved = Run(directory.Path, processes, 2, "binary-utf8", "binary-utf16", "binary-utf8-unframed");

        var slow = saved.Cells.Single(c => c.Contender == "binary-utf8");
        Assert.True(slow.RoundsNs!.Count > 2, $"{slow.RoundsNs!.Count} rounds");
        Assert.True(slow.RoundsNs!.Count <= MeasurementProfile.Quick.MaximumRounds);
    }

    [Fact]
    public void ABudgetThatRunsOut_StopsStartingProcesses_AndNamesTheCellsNotMeasured()
    {
        using var directory = new TempDirectory();
        var time = new SteppingTime();
        // Every process takes 10 s; 10 s of the budget is kept for the reports, and a second process is expected to take 3 s or more.
        var processes = new FakeProcesses((contender, round) => 100) { AfterLaunch = () => time.Advance(TimeSpan.FromSeconds(10)) };
        var profile = MeasurementProfile.Quick with { FirstCallLaunches = 0, Budget = TimeSpan.FromSeconds(15), BudgetYieldsToRounds = false };

        var saved = Run(directory.Path, processes, profile, time, CancellationToken.None, [Operation.Serialize], new NullObserver(), "binary-utf8", "binary-utf16");

        Assert.Single(processes.Launched);
        Assert.True(saved.Budget!.RanOut);
        Assert.Equal(["json-vs-binary · binary-utf16 · save-game 1 object · serialize"], saved.Budget.NotMeasured);
        Assert.Single(saved.Cells, c => c.MeanNs is not null);
    }

    [Fact]
    public void ABudgetThatLeftCellsUnmeasured_LaunchesNoFirstCall_AndNamesThemToo()
    {
        using var directory = new TempDirectory();
        var time = new SteppingTime();
        // A 5 s budget ran 27 s of first calls after its rounds had stopped: base rounds come first, first calls after them.
        var processes = new FakeProcesses((contender, round) => 100) { AfterLaunch = () => time.Advance(TimeSpan.FromSeconds(10)) };
        var profile = MeasurementProfile.Quick with { FirstCallLaunches = 3, Budget = TimeSpan.FromSeconds(15), BudgetYieldsToRounds = false };

        var saved = Run(directory.Path, processes, profile, time, CancellationToken.None, [Operation.Serialize, Operation.FirstCall], new NullObserver(), "binary-utf8", "binary-utf16");

        Assert.Single(processes.Launched);
        Assert.Equal(["json-vs-binary · binary-utf16 · save-game 1 object · serialize", "json-vs-binary · binary-utf8 · save-game 1 object · first-call",
            "json-vs-binary · binary-utf16 · save-game 1 object · first-call"], saved.Budget!.NotMeasured);
        Assert.DoesNotContain(saved.Cells, c => c.Operation == Operation.FirstCall && c.MeanNs is not null);
    }

    [Fact]
    public void ABudgetThatHoldsOneRound_MeasuresEveryCellOnce()
    {
        using var directory = new TempDirectory();
        var time = new SteppingTime();
        // 10 s a process, 10 s for the reports: the second fits at 10 s (expected 3–5 s), a third at 20 s (expected 4–6 s) does not.
        var processes = new FakeProcesses((contender, round) => 100) { AfterLaunch = () => time.Advance(TimeSpan.FromSeconds(10)) };
        var profile = MeasurementProfile.Quick with { FirstCallLaunches = 0, Budget = TimeSpan.FromSeconds(28), BudgetYieldsToRounds = false };

        var saved = Run(directory.Path, processes, profile, time, CancellationToken.None, [Operation.Serialize], new NullObserver(), "binary-utf8", "binary-utf16");

        Assert.Equal(2, processes.Launched.Count);
        Assert.True(saved.Budget!.RanOut);
        Assert.Empty(saved.Budget.NotMeasured);
        Assert.All(saved.Cells, c => Assert.Equal(1, c.RoundsNs?.Count ?? 1));
    }

    [Fact]
    public void TheProfilesOwnBudget_GivesWayToTheRoundsEveryCellGets_AndSaysSo()
    {
        using var directory = new TempDirectory();
        var time = new SteppingTime();
        // Too short for one round when given (10 s are kept for the reports): quick's own budget still gives both cells their 3 processes.
        var processes = new FakeProcesses((contender, round) => 100) { AfterLaunch = () => time.Advance(TimeSpan.FromSeconds(10)) };
        var profile = MeasurementProfile.Quick with { FirstCallLaunches = 0, Budget = TimeSpan.FromSeconds(12) };
        var observer = new RecordingObserver();

        var saved = Run(directory.Path, processes, profile, time, CancellationToken.None, [Operation.Serialize], observer, "binary-utf8", "binary-utf16");

        Assert.Equal(6, processes.Launched.Count);
        Assert.All(saved.Cells, c => Assert.Equal(3, c.RoundsNs!.Count));
        Assert.True(observer.Notes.Any(n => n.Contains("longer than the default 12 s budget, which gives way to the 3 processes every cell needs", StringComparison.Ordinal)), string.Join(" / ", observer.Notes));
    }

    /// <summary>A clock that moves only when told.</summary>
    private sealed class SteppingTime : TimeProvider
    {
        private DateTimeOffset _now = new(2026, 11, 26, 12, 0, 0, TimeSpan.Zero);

        public override DateTimeOffset GetUtcNow() => _now;

        public void Advance(TimeSpan by) => _now += by;
    }

    [Fact]
    public void ACellWithTwoSpeeds_IsReportedWithBothModes()
    {
        using var directory = new TempDirectory();
        double[] means = [5.4e6, 19.7e6, 19.5e6, 5.6e6];
        var processes = new FakeProcesses((contender, round) => means[round - 1]);

        var cell = Run(directory.Path, processes, rounds: 2, "binary-utf8").Cells.Single();

        Assert.Equal(4, processes.Launched.Count);
        Assert.Equal([2, 2], cell.Modes!.Select(m => m.Processes));
        Assert.Equal(5.5e6, cell.Modes![0].MeanNs, 0);
        Assert.Null(cell.DroppedRoundsNs);
        Assert.True(cell.MeanNs - cell.ErrorNs <= 5.4e6 && cell.MeanNs + cell.ErrorNs >= 19.7e6);
    }

    [Fact]
    public void AProcessThatDiesInALaterRound_MakesItsCellsCrash_AndKeepsTheOthers()
    {
        using var directory = new TempDirectory();
        var processes = new FakeProcesses((contender, round) => 100) { DiesIn = ("binary-utf16", 2) };

        var saved = Run(directory.Path, processes, rounds: 3, "binary-utf8", "binary-utf16");

        var crashed = saved.Cells.Single(c => c.Contender == "binary-utf16");
        Assert.Equal(VerificationStatus.Crash, crashed.Status);
        Assert.Contains("exit code 134", crashed.Reason, StringComparison.Ordinal);
        Assert.Null(crashed.MeanNs);
        Assert.Equal(3, saved.Cells.Single(c => c.Contender == "binary-utf8").RoundsNs!.Count);
    }

    [Fact]
    public void AProcessSlowAcrossItsCells_IsOdd_ItsRoundsDoNotCount_AndItsContenderGetsAnotherProcess()
    {
        using var directory = new TempDirectory();
        // binary-utf8's first process ran both of its cells 3× slow; every other process is normal.
        var processes = new FakeProcesses((contender, round) => contender == "binary-utf8" && round == 1 ? 300 : 100 + round);

        var saved = Run(directory.Path, processes, 3, CancellationToken.None, [Operation.Serialize, Operation.Deserialize], "binary-utf8", "binary-utf16");

        Assert.Equal(4, processes.Launched.Count(c => c == "binary-utf8"));
        Assert.Equal(3, processes.Launched.Count(c => c == "binary-utf16"));
        var odd = Assert.Single(saved.OddProcesses!);
        Assert.Equal(("binary-utf8", 1), (odd.Contender, odd.Process));
        Assert.True(odd.Ratio > 2.5, $"{odd.Ratio}");
        Assert.All(saved.Cells.Where(c => c.Contender == "binary-utf8"), cell =>
        {
            Assert.Equal([102, 103, 104], cell.RoundsNs!);
            Assert.Equal([300], cell.DroppedRoundsNs!);
        });
    }

    [Fact]
    public void AProcessThatNeverSawTheHostFast_IsOdd_ThoughItsCellsAreUnder2xApart()
    {
        using var directory = new TempDirectory();
        // binary-utf8's second process lived inside one slow spell: its fastest host-speed reading 1.7× the others', its cells 1.7× slow.
        var processes = new FakeProcesses((contender, round) => contender == "binary-utf8" && round == 2 ? 170 : 100 + round)
        {
            FastestCanaryOf = (contender, round) => contender == "binary-utf8" && round == 2 ? 4_600 : 2_700 + round,
        };

        var saved = Run(directory.Path, processes, 3, CancellationToken.None, [Operation.Serialize, Operation.Deserialize], "binary-utf8", "binary-utf16");

        Assert.Equal(4, processes.Launched.Count(c => c == "binary-utf8"));
        var odd = Assert.Single(saved.OddProcesses!);
        Assert.Equal(("binary-utf8", 2), (odd.Contender, odd.Process));
        Assert.StartsWith("the host: its core ran slow all through the process (host-speed reading 4.6 μs", odd.Cause, StringComparison.Ordinal);
        Assert.All(saved.Cells.Where(c => c.Contender == "binary-utf8"), cell => Assert.Equal([170], cell.DroppedRoundsNs!));
    }

    [Fact]
    public void LaterRounds_SendOnlyTheCellsThatPassed_AndSayTheGateWasPassed()
    {
        using var directory = new TempDirectory();
        var processes = new FakeProcesses((_, _) => 100);

        Run(directory.Path, processes, rounds: 3, "binary-utf8");

        Assert.Equal([false, true, true], processes.Passed);
    }

    [Fact]
    public void UnavailableContenders_NeverGetAProcess()
    {
        using var directory = new TempDirectory();
        var processes = new FakeProcesses((_, _) => 100);
        var unavailable = ContenderRegistry.All.First(c => c.UnavailableReason is not null);

        var saved = Run(directory.Path, processes, rounds: 2, "binary-utf8", unavailable.Name);

        Assert.DoesNotContain(unavailable.Name, processes.Launched);
        Assert.Equal(VerificationStatus.Unavailable, saved.Cells.Single(c => c.Contender == unavailable.Name).Status);
    }

    [Fact]
    public void AStoppedRun_KeepsWhatItMeasured_AndWritesNoCellItNeverReached()
    {
        using var directory = new TempDirectory();
        using var stop = new CancellationTokenSource();
        var processes = new FakeProcesses((_, _) => 100) { AfterLaunch = stop.Cancel };

        var saved = Run(directory.Path, processes, rounds: 2, stop.Token, "binary-utf8", "binary-utf16");

        Assert.Equal(["binary-utf8"], processes.Launched);
        var kept = Assert.Single(saved.Cells);
        Assert.Equal("binary-utf8", kept.Contender);
        Assert.Equal([100.0], kept.RoundsNs!);
    }

    [Fact]
    public void ProgressInALaterRound_BeforeAnySpreadIsPooled_ShowsThatRoundsFigure_NotAnIntervalOfOneDegreeOfFreedom()
    {
        using var directory = new TempDirectory();
        var processes = new FakeProcesses((_, round) => 100 + (4 * round));
        var observer = new RecordingObserver();

        Run(directory.Path, processes, rounds: 2, CancellationToken.None, [Operation.Serialize], observer, "binary-utf8");

        // Two rounds of one cell: nothing to pool, so the combined interval would be t(1) = 636 wide.
        Assert.Equal(2, observer.Cells.Count);
        Assert.All(observer.Cells, cell => Assert.True(cell.ErrorNs < cell.MeanNs, $"{cell.MeanNs} ±{cell.ErrorNs}"));
        Assert.Equal(108, observer.Cells[^1].MeanNs!.Value, 9);
    }

    private sealed class RecordingObserver : IRunObserver
    {
        public List<ResultCell> Cells { get; } = [];

        public List<string> Notes { get; } = [];

        public void CellStarting(RunProgress progress)
        {
        }

        public void CellFinished(ResultCell cell, RunProgress progress) => Cells.Add(cell);

        public void Note(string line) => Notes.Add(line);
    }

    private static ResultsDocument Run(string directory, FakeProcesses processes, int rounds, params string[] contenders) =>
        Run(directory, processes, rounds, CancellationToken.None, contenders);

    private static ResultsDocument Run(string directory, FakeProcesses processes, int rounds, CancellationToken cancellation, params string[] contenders) =>
        Run(directory, processes, rounds, cancellation, [Operation.Serialize], contenders);

    private static ResultsDocument Run(string directory, FakeProcesses processes, int rounds, CancellationToken cancellation, IReadOnlyList<Operation> operations, params string[] contenders) =>
        Run(directory, processes, rounds, cancellation, operations, new NullObserver(), contenders);

    private static ResultsDocument Run(string directory, FakeProcesses processes, int rounds, CancellationToken cancellation, IReadOnlyList<Operation> operations,
        IRunObserver observer, params string[] contenders) =>
        Run(directory, processes, MeasurementProfile.Quick with { Rounds = rounds, FirstCallLaunches = 0, Budget = null }, TimeProvider.System, cancellation, operations, observer, contenders);

    private static ResultsDocument Run(string directory, FakeProcesses processes, MeasurementProfile profile, TimeProvider time, CancellationToken cancellation,
        IReadOnlyList<Operation> operations, IRunObserver observer, params string[] contenders)
    {
        var request = new RunRequest
        {
            Studies = [StudyRegistry.All.Single(s => s.Name == "json-vs-binary")],
            Contenders = [.. contenders.Select(name => ContenderRegistry.Find(name)!)],
            Operations = operations,
            Profile = profile,
        };
        var plan = RunPlan.Create(request);
        var store = ResultsStore.Create(directory, ResultsHeader.NewDocument(request, plan, "test", time.GetUtcNow()));
        new RoundRunner(observer, processes, time).Run(plan, request.Profile, store, cancellation);
        using var file = File.OpenRead(store.ResultsPath);
        return ResultsJson.Read(file);
    }

    /// <summary>Stands in for the child processes: each launch is one round of one contender, with a mean chosen by the test.</summary>
    private sealed class FakeProcesses(Func<string, int, double> meanOf) : IAgentClient
    {
        private readonly Dictionary<string, int> _rounds = [];
        private string? _dying;

        public List<string> Launched { get; } = [];

        /// <summary>The operations each launch was asked to measure.</summary>
        public List<List<Operation>> Operations { get; } = [];

        /// <summary>Whether each launch was told its cases had passed the gate already.</summary>
        public List<bool> Passed { get; } = [];

        /// <summary>A mean per operation, where the test needs operations to differ.</summary>
        public Func<string, int, Operation, double>? MeanByOperation { get; init; }

        public (string Contender, int Round)? DiesIn { get; init; }

        /// <summary>Each launch's fastest host-speed reading, where the test sets one.</summary>
        public Func<string, int, double?>? FastestCanaryOf { get; init; }

        /// <summary>Called after each launch (e.g. to stop the run there).</summary>
        public Action? AfterLaunch { get; init; }

        /// <summary>Whether each launch was asked for the harness calibration.</summary>
        public List<bool> Calibrating { get; } = [];

        public AgentAnswer Send(AgentRequest request, CancellationToken cancellation)
        {
            Assert.Equal(AgentMode.Run, request.Mode);
            var contender = request.Contender.Name;
            if (_dying == contender)
            {
                // The crash fallback's case alone dies as its group did.
                return new AgentAnswer(null, "exit code 134: Process terminated.");
            }

            _dying = null;
            Launched.Add(contender);
            Operations.Add([.. request.Cases.SelectMany(p => p.Operations)]);
            Passed.Add(request.Passed);
            Calibrating.Add(request.Calibrate);
            AfterLaunch?.Invoke();
            var round = _rounds[contender] = _rounds.GetValueOrDefault(contender) + 1;
            if (DiesIn == (contender, round))
            {
                _dying = contender;
                return new AgentAnswer(null, "exit code 134: Process terminated.");
            }

            double Mean(Operation operation) => MeanByOperation?.Invoke(contender, round, operation) ?? meanOf(contender, round);
            var reply = new AgentReply
            {
                FastestCanaryNs = FastestCanaryOf?.Invoke(contender, round),
                Calibration = request.Calibrate ? new CellMeasurement { MeanNs = 1.5, ErrorNs = 0.1, StdDevNs = 0, MedianNs = 1.5, IterationsNs = [1.5] } : null,
            };
            reply.Rounds.AddRange(request.Cases.SelectMany(p => p.Operations.Select(o => new CellRound(PlannedCells.Describe(p, o, GateOutcome.Ok), new CellMeasurement
            {
                MeanNs = Mean(o),
                ErrorNs = 1,
                StdDevNs = 0,
                MedianNs = Mean(o),
                AllocatedBytes = 64,
                Gen0 = null,
                Gen1 = null,
                Gen2 = null,
                IterationsNs = [Mean(o)],
            }))));
            return new AgentAnswer(reply, null);
        }
    }
}
