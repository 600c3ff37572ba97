using SerBench.Running;

namespace SerBench.Tests.Running;

public sealed class BudgetClockTests
{
    private static readonly DateTimeOffset Start = new(2026, 11, 28, 12, 0, 0, TimeSpan.Zero);

    private sealed class FixedTime(DateTimeOffset now) : TimeProvider
    {
        public override DateTimeOffset GetUtcNow() => now;
    }

    /// <summary>A budget of <paramref name="minutes"/> from the start, 20 s kept for reports, after processes of these cells and seconds.</summary>
    private static BudgetClock After(double minutes, params (int Cells, double Seconds)[] processes) => After(minutes, processes, []);

    /// <summary>As above, with later-round (timing-only) processes too.</summary>
    private static BudgetClock After(double minutes, (int Cells, double Seconds)[] gated, (int Cells, double Seconds)[] later)
    {
        var budget = new BudgetClock(Start, TimeSpan.FromMinutes(minutes), new FixedTime(Start), TimeSpan.FromSeconds(20));
        foreach (var (cells, seconds) in gated)
        {
            budget.Spent(cells, TimeSpan.FromSeconds(seconds));
        }

        foreach (var (cells, seconds) in later)
        {
            budget.Spent(cells, TimeSpan.FromSeconds(seconds), gated: false);
        }

        return budget;
    }

    /// <summary>A budget of <paramref name="minutes"/> from the start, before any process, on a machine whose probe reads <paramref name="probeMs"/>.</summary>
    private static BudgetClock Probed(double minutes, double probeMs, TimeProvider? time = null)
    {
        var budget = new BudgetClock(Start, TimeSpan.FromMinutes(minutes), time ?? new FixedTime(Start), TimeSpan.FromSeconds(20));
        budget.Probed(probeMs * 1e6);
        return budget;
    }

    [Fact]
    public void APlanThatFits_SaysHowManyRoundsOfHowManyProcesses_AndAboutHowLong_ScaledByTheProbe()
    {
        ProcessWork[] processes = [10, 2];

        // The project's figures at its probe's 3.5 ms: 6.7 s for the first round, 5.56 s for each later one. Twice as slow, twice as long.
        Assert.StartsWith("Plan: 3 rounds of 2 processes (12 cells), about 18 s on this machine (probe 3.50 ms), then more rounds",
            Probed(30, 3.5).PlanLine(processes, 3), StringComparison.Ordinal);
        Assert.StartsWith("Plan: 3 rounds of 2 processes (12 cells), about 36 s on this machine (probe 7.00 ms)",
            Probed(30, 7).PlanLine(processes, 3), StringComparison.Ordinal);
    }

    [Fact]
    public void APlanOnYourDocuments_WeighsTheirMegabytes_NotOnlyTheCells()
    {
        // Three 1.9 MB documents, two cells each, in each of 10 processes (R41c's run): 12.8 s a gated process, 6.3 s a later one.
        var documents = Enumerable.Repeat(new ProcessWork(6, 6 * 1.9), 10).ToArray();
        var generated = Enumerable.Repeat(new ProcessWork(6), 10).ToArray();

        Assert.StartsWith("Plan: 3 rounds of 10 processes (60 cells), about 4 min 14 s", Probed(30, 3.5).PlanLine(documents, 3), StringComparison.Ordinal);
        Assert.StartsWith("Plan: 3 rounds of 10 processes (60 cells), about 1 min 29 s", Probed(30, 3.5).PlanLine(generated, 3), StringComparison.Ordinal);
    }

    [Fact]
    public void LaterRoundsMeasured_MoveTheGuess_AndFourOfTwoSizes_ReplaceIt()
    {
        // The project's figure for a later 10-cell process is 3.4 s (and 2.16 s for 2 cells); these took 2 s and 1 s.
        var two = After(30, [(10, 8), (2, 4)], [(10, 2), (2, 1)]).Estimate(10, gated: false);
        Assert.InRange(two, 3.4 * 3 / 5.56, 3.4);
        Assert.Equal(2, After(30, [(10, 8), (2, 4)], [(10, 2), (2, 1), (10, 2), (2, 1)]).Estimate(10, gated: false), 3);
    }

    [Fact]
    public void OneHeavyProcess_DoesNotSetTheScale_NorCountOnlyItsCostPerCell()
    {
        // Newtonsoft's 21 cells taking 24 s, ~3× the project's figure (7.1 s), while the first round as a whole took about the figure.
        var budget = After(30, (21, 24));

        Assert.InRange(budget.Estimate(21), 7.1, 24);
        // A 2-cell process is not 2/21 of it: every process pays for its start and warm-up.
        Assert.True(budget.Estimate(2) > 24.0 * 2 / 21, $"{budget.Estimate(2)} s");
    }

    [Fact]
    public void OneRoundFits_WhenOnlyTheFirstRoundsCostIsLeft()
    {
        // A 100-cell process that cost 30.25 s in the first round and 21.2 s in a later one.
        BudgetClock After(double minutes)
        {
            var budget = Probed(minutes, 3.5);
            budget.Spent(100, TimeSpan.FromSeconds(30.25));
            budget.Spent(100, TimeSpan.FromSeconds(21.2), gated: false);
            return budget;
        }

        // 40 s after the reports' 20: the first round, not a second; 100 s: the first and three more.
        Assert.Equal(1, After(1).RoundsThatFit([100], 3));
        Assert.Equal(4, After(2).RoundsThatFit([100], 5));
    }

    [Fact]
    public void ABudgetTooShortForTheRounds_SaysSoFirst_WithTheSmallestBudgetThatHoldsThem()
    {
        // Twice as slow as the project's machine: 157 s for the first round, 100 s for a later one, 100 s left once the reports'
        // 20 s are kept: not even one round. Two: 157 + 100 + 20 s, 4 min 38 s.
        var line = Probed(2, 7).PlanLine([100, 200], 3);

        Assert.StartsWith("This budget (2 min) measures each cell in fewer than one process on this machine, and a cell measured in one process is not ranked: give --budget 5m or more for two.",
            line, StringComparison.Ordinal);
    }

    [Fact]
    public void TheFirstCallsReserve_ScalesWithTheProbe_TheReportsDoNot()
    {
        // Twice as slow: two rounds of a 100-cell process 103 s, the reports 10 s, the first calls 2 × 60 s: 4 minutes, not 3.
        var budget = new BudgetClock(Start, TimeSpan.FromMinutes(1), new FixedTime(Start), TimeSpan.FromSeconds(10), TimeSpan.FromSeconds(60));
        budget.Probed(7e6);

        Assert.Contains("give --budget 4m or more for two", budget.PlanLine([100], 3), StringComparison.Ordinal);
    }

    [Fact]
    public void AProcessTooLong_RunsTheBudgetOut_YetASmallerOneStillFits()
    {
        // 50 s left after the reports; at the project's own figures a 200-cell first-round process takes 58 s, a 10-cell one 5 s.
        var budget = new BudgetClock(Start, TimeSpan.FromMinutes(1), new FixedTime(Start), TimeSpan.FromSeconds(10));
        budget.Probed(3.5e6);
        budget.Spent(10, TimeSpan.FromSeconds(5.05));

        Assert.False(budget.Fits(200));
        Assert.True(budget.Fits(10));
        Assert.True(budget.RanOut);
    }

    private sealed class MovingTime(DateTimeOffset now) : TimeProvider
    {
        public DateTimeOffset Now { get; set; } = now;

        public override DateTimeOffset GetUtcNow() => Now;
    }

    [Fact]
    public void AFirstRoundLongerThanPlanned_SaysWhatTheBudgetHoldsNow()
    {
        // Run F1: the plan promised two processes a cell, the first round left time for one, and nothing said so.
        var time = new MovingTime(Start);
        var budget = Probed(5, 3.5, time);
        ProcessWork[] processes = [21, 10, 10];
        Assert.StartsWith("Plan: 3 rounds", budget.PlanLine(processes, 3), StringComparison.Ordinal);

        budget.Spent(21, TimeSpan.FromSeconds(70));
        budget.Spent(10, TimeSpan.FromSeconds(60));
        budget.Spent(10, TimeSpan.FromSeconds(60));
        time.Now = Start + TimeSpan.FromSeconds(190);

        // 90 s left; a later round is now about 64 s.
        Assert.Equal("The first round took 3 min 10 s, longer than planned: the 5 min budget now measures each cell in 2 processes, not 3; --budget 6m would have held 3.",
            budget.Revised(processes, 3));
        Assert.Null(budget.Revised(processes, 3));
    }

    [Fact]
    public void AFirstRoundAsPlanned_AddsNothing()
    {
        var budget = Probed(5, 3.5);
        ProcessWork[] processes = [21, 10, 10];
        budget.PlanLine(processes, 3);
        budget.Spent(21, TimeSpan.FromSeconds(12));
        budget.Spent(10, TimeSpan.FromSeconds(7));
        budget.Spent(10, TimeSpan.FromSeconds(7));

        Assert.Null(budget.Revised(processes, 3));
    }

    [Fact]
    public void ABudgetThatYields_StartsEveryBaseRoundProcess_ButNoExtraOne_AndSaysSo()
    {
        // One minute, 20 s kept for reports, a machine twice as slow as the project's: 3 rounds of a 100-cell process take minutes.
        var budget = new BudgetClock(Start, TimeSpan.FromMinutes(1), new FixedTime(Start + TimeSpan.FromMinutes(2)), TimeSpan.FromSeconds(20), yields: true);
        budget.Probed(7e6);
        budget.Spent(100, TimeSpan.FromSeconds(90));

        Assert.Contains("longer than the default 1 min budget, which gives way to the 3 processes every cell needs (--budget 1m keeps to it)", budget.PlanLine([100], 3), StringComparison.Ordinal);
        Assert.True(budget.Fits(100, gated: false, baseRound: true));
        Assert.False(budget.RanOut);
        Assert.False(budget.Fits(100, gated: false));
        Assert.True(budget.RanOut);
        Assert.Null(budget.Revised([100], 3));
        Assert.True(budget.Remaining(100) > TimeSpan.Zero, "the progress line would say nothing is left while the base rounds go on");
    }
}
