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
        var budget = new BudgetClock(Start + TimeSpan.FromMinutes(minutes), new FixedTime(Start), TimeSpan.FromSeconds(20));
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

    [Fact]
    public void APlanThatFits_SaysHowManyRoundsOfHowManyProcesses_AndAboutHowLong()
    {
        // The plan comes once the first process (10 cells, 8 s) has run: 1.32× the project's figure for it.
        var budget = After(30, (10, 8));
        int[] processes = [10, 2];

        var line = budget.PlanLine(processes, 3, TimeSpan.FromMinutes(30), Start, firstRoundLeft: [2]);

        // 8 s spent; the other first-round process 4.1 s; a later round 5.7 s and 4.1 s, the project's figures scaled alike.
        Assert.StartsWith("Plan: 3 rounds of 2 processes (12 cells), about 32 s on this machine", line, StringComparison.Ordinal);
    }

    [Fact]
    public void LaterRoundsMeasured_ReplaceTheGuess()
    {
        // Two later processes scale the project's figure (3 s against its 7.4 s); four of two sizes give a line of their own.
        Assert.Equal(4.3 * 3 / 7.4, After(30, [(10, 8), (2, 4)], [(10, 2), (2, 1)]).Estimate(10, gated: false), 3);
        Assert.Equal(2, After(30, [(10, 8), (2, 4)], [(10, 2), (2, 1), (10, 2), (2, 1)]).Estimate(10, gated: false), 3);
    }

    [Fact]
    public void OneProcess_ScalesTheProjectsFigure_NotJustItsCostPerCell()
    {
        // 21 cells in 20 s: a 2-cell process is not 2/21 of that, since every process pays for its start and warm-up.
        var budget = After(30, (21, 20));

        Assert.Equal(20 * (2.35 + (0.37 * 2)) / (2.35 + (0.37 * 21)), budget.Estimate(2), 3);
    }

    [Fact]
    public void OneRoundFits_WhenOnlyTheFirstRoundsCostIsLeft()
    {
        // 100 s left after the reports' 20 s; the first round costs 90 s, a later one 30 s.
        var budget = After(2, [(10, 90)], [(10, 30)]);

        Assert.Equal(1, budget.RoundsThatFit([10], 3));
        Assert.Equal(4, After(3.5, [(10, 90)], [(10, 30)]).RoundsThatFit([10], 5));
    }

    [Fact]
    public void ABudgetTooShortForTheRounds_SaysSoFirst_WithTheSmallestBudgetThatHoldsThem()
    {
        var budget = After(2, (10, 40), (20, 80));
        int[] processes = [10, 20];

        var line = budget.PlanLine(processes, 3, TimeSpan.FromMinutes(2), Start);

        // 120 s for the first round, 100 s left once the reports' 20 s are kept: not even one. Two: 120 s + about 77 s for
        // a timing-only round + 20 s, 4 minutes.
        Assert.StartsWith("This budget (2 min) measures each cell in fewer than one process on this machine, and a cell measured in one process is not ranked: give --budget 4m or more for two.",
            line, StringComparison.Ordinal);
    }

    private sealed class MovingTime(DateTimeOffset now) : TimeProvider
    {
        public DateTimeOffset Now { get; set; } = now;

        public override DateTimeOffset GetUtcNow() => Now;
    }

    [Fact]
    public void AFirstRoundLongerThanPlanned_SaysWhatTheBudgetHoldsNow()
    {
        // Run F1: the plan promised more processes than the first round left time for, and said nothing more.
        var time = new MovingTime(Start + TimeSpan.FromSeconds(10));
        var budget = new BudgetClock(Start + TimeSpan.FromMinutes(5), time, TimeSpan.FromSeconds(20));
        budget.Spent(21, TimeSpan.FromSeconds(10));
        int[] processes = [21, 10, 10];
        Assert.StartsWith("Plan: 3 rounds", budget.PlanLine(processes, 3, TimeSpan.FromMinutes(5), Start, firstRoundLeft: [10, 10]), StringComparison.Ordinal);
        Assert.Null(budget.Revised(processes, 3, TimeSpan.FromMinutes(5), Start));

        budget.Spent(10, TimeSpan.FromSeconds(60));
        budget.Spent(10, TimeSpan.FromSeconds(60));
        time.Now = Start + TimeSpan.FromSeconds(130);

        // 150 s left; a later round is now about 85 s.
        Assert.Equal("The first round took 2 min 10 s, longer than planned: the 5 min budget now measures each cell in 2 processes, not 3; --budget 6m would have held 3.",
            budget.Revised(processes, 3, TimeSpan.FromMinutes(5), Start));
        Assert.Null(budget.Revised(processes, 3, TimeSpan.FromMinutes(5), Start));
    }
}
