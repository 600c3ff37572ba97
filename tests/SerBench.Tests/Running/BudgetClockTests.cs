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
    private static BudgetClock After(double minutes, params (int Cells, double Seconds)[] processes)
    {
        var budget = new BudgetClock(Start + TimeSpan.FromMinutes(minutes), new FixedTime(Start), TimeSpan.FromSeconds(20));
        foreach (var (cells, seconds) in processes)
        {
            budget.Spent(cells, TimeSpan.FromSeconds(seconds));
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

        // 8 s and 4 s a process: 12 s a round, 36 s for three.
        Assert.True(fits >= 3, $"{fits} rounds fit");
        Assert.StartsWith("Plan: 3 rounds of 2 processes (12 cells), about 36 s on this machine", line, StringComparison.Ordinal);
    }

    [Fact]
    public void ABudgetTooShortForTheRounds_SaysSoFirst_WithTheSmallestBudgetThatHoldsThem()
    {
        var budget = After(2, (10, 40), (20, 80));
        int[] processes = [10, 20];

        var fits = budget.RoundsThatFit(processes, 3);
        var line = budget.PlanLine(processes, 3, fits, TimeSpan.FromMinutes(2), Start);

        // 120 s a round, 100 s left once the reports' 20 s are kept: not even one round.
        Assert.Equal(0, fits);
        Assert.StartsWith("This budget (2 min) measures each cell in fewer than one process on this machine, and a cell measured in one process is not ranked: give --budget 5m or more for two.",
            line, StringComparison.Ordinal);
    }
}
