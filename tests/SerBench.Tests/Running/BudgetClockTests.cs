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
        var budget = After(30, (10, 8), (2, 4));
        int[] processes = [10, 2];

        var fits = budget.RoundsThatFit(processes, 3);
        var line = budget.PlanLine(processes, 3, fits, TimeSpan.FromMinutes(30), Start);

        // 8 s and 4 s a process: 12 s for the first round; later rounds skip the gate, guessed at 5.7 s and 4.0 s until measured.
        Assert.True(fits >= 3, $"{fits} rounds fit");
        Assert.StartsWith("Plan: 3 rounds of 2 processes (12 cells), about 31 s on this machine", line, StringComparison.Ordinal);
    }

    [Fact]
    public void LaterRoundsMeasured_ReplaceTheGuess()
    {
        var budget = After(30, [(10, 8), (2, 4)], [(10, 2), (2, 1)]);
        int[] processes = [10, 2];

        var line = budget.PlanLine(processes, 3, budget.RoundsThatFit(processes, 3), TimeSpan.FromMinutes(30), Start);

        // 12 s, then 3 s a round.
        Assert.StartsWith("Plan: 3 rounds of 2 processes (12 cells), about 18 s on this machine", line, StringComparison.Ordinal);
        Assert.Equal(2, budget.Estimate(10, gated: false), 3);
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

        var fits = budget.RoundsThatFit(processes, 3);
        var line = budget.PlanLine(processes, 3, fits, TimeSpan.FromMinutes(2), Start);

        // 120 s for the first round, 100 s left once the reports' 20 s are kept: not even one. Two: 120 s + about 92 s for
        // a timing-only round + 20 s, 4 minutes.
        Assert.Equal(0, fits);
        Assert.StartsWith("This budget (2 min) measures each cell in fewer than one process on this machine, and a cell measured in one process is not ranked: give --budget 4m or more for two.",
            line, StringComparison.Ordinal);
    }
}
