using SerBench.Running;

namespace SerBench.Tests.Running;

public sealed class BudgetClockTests
{
    private static readonly DateTimeOffset Start = new(2026, 11, 28, 12, 0, 0, TimeSpan.Zero);

    private sealed class FixedTime(DateTimeOffset now) : TimeProvider
    {
        public override DateTimeOffset GetUtcNow() => now;
    }

    [Fact]
    public void APlanThatFits_SaysHowManyRoundsOfHowManyProcesses_AndAboutHowLong()
    {
        var budget = new BudgetClock(Start + TimeSpan.FromMinutes(30), new FixedTime(Start), TimeSpan.FromSeconds(20));
        budget.Spent(10, TimeSpan.FromSeconds(8));
        budget.Spent(2, TimeSpan.FromSeconds(4));
        int[] processes = [10, 2];

        var line = budget.PlanLine(processes, 3, budget.RoundsThatFit(processes, 3), TimeSpan.FromMinutes(30), Start);

        // 8 s and 4 s a process: 12 s a round, 36 s for three.
        Assert.StartsWith("Plan: 3 rounds of 2 processes (12 cells), about 36 s on this machine", line, StringComparison.Ordinal);
        Assert.Equal(3, budget.RoundsThatFit(processes, 3) >= 3 ? 3 : 0);
    }

    [Fact]
    public void ABudgetTooShortForTheRounds_SaysSoFirst_WithTheSmallestBudgetThatHoldsThem()
    {
        var budget = new BudgetClock(Start + TimeSpan.FromMinutes(2), new FixedTime(Start), TimeSpan.FromSeconds(20));
        budget.Spent(10, TimeSpan.FromSeconds(40));
        budget.Spent(20, TimeSpan.FromSeconds(80));
        int[] processes = [10, 20];

        var fits = budget.RoundsThatFit(processes, 3);
        var line = budget.PlanLine(processes, 3, fits, TimeSpan.FromMinutes(2), Start);

        // 120 s a round, 100 s left once the reports' 20 s are kept: not even one round.
        Assert.Equal(0, fits);
        Assert.StartsWith("This budget (2 min) measures each cell in fewer than one process on this machine, and a cell measured in one process is not ranked: give --budget 5m or more for two.",
            line, StringComparison.Ordinal);
    }
}
