namespace SerBench.Running;

/// <summary>
/// A run's deadline, and what a measuring process costs as learnt from the processes so far: a process is started only
/// when it is expected to end before the deadline, less the time kept back for what follows the rounds.
/// </summary>
/// <param name="deadline">When the run's budget ends; null for a run without one.</param>
/// <param name="clock">Now.</param>
/// <param name="reserve">Kept back for what follows the rounds (first calls, reports).</param>
internal sealed class BudgetClock(DateTimeOffset? deadline, TimeProvider clock, TimeSpan reserve)
{
    private readonly List<(int Cells, double Seconds)> _processes = [];

    /// <summary>True once a process was not started because it would have ended past the deadline.</summary>
    public bool RanOut { get; private set; }

    /// <summary>Records a measuring process: how many cells it measured and how long it took.</summary>
    public void Spent(int cells, TimeSpan elapsed) => _processes.Add((cells, elapsed.TotalSeconds));

    /// <summary>True when a process of <paramref name="cells"/> cells is expected to end in time; once false, the run has run out.</summary>
    public bool Fits(int cells)
    {
        if (deadline is { } end && clock.GetUtcNow() + TimeSpan.FromSeconds(Estimate(cells)) + reserve > end)
        {
            RanOut = true;
        }

        return !RanOut;
    }

    /// <summary>The time the rounds still need for <paramref name="cellsLeft"/> cells, at most what the budget leaves; null before the first process.</summary>
    public TimeSpan? Remaining(int cellsLeft)
    {
        if (_processes.Count == 0)
        {
            return null;
        }

        var estimate = TimeSpan.FromSeconds(Math.Max(0, cellsLeft) * _processes.Sum(p => p.Seconds) / Math.Max(1, _processes.Sum(p => p.Cells)));
        return deadline is { } end && end - reserve - clock.GetUtcNow() is var left && left < estimate ? (left > TimeSpan.Zero ? left : TimeSpan.Zero) : estimate;
    }

    /// <summary>
    /// Seconds for one process of <paramref name="cells"/> cells: a fixed cost (start, settling, the shared warm-up) plus a
    /// cost per cell, fitted by least squares to the processes so far; before there are two sizes to fit, their mean per cell.
    /// </summary>
    internal double Estimate(int cells)
    {
        if (_processes.Count == 0)
        {
            return FirstGuessSeconds + (FirstGuessSecondsPerCell * cells);
        }

        var perCell = _processes.Sum(p => p.Seconds) / Math.Max(1, _processes.Sum(p => p.Cells));
        if (_processes.Select(p => p.Cells).Distinct().Count() < 2)
        {
            return perCell * cells;
        }

        var (meanX, meanY) = (_processes.Average(p => p.Cells), _processes.Average(p => p.Seconds));
        var slope = _processes.Sum(p => (p.Cells - meanX) * (p.Seconds - meanY)) / _processes.Sum(p => (p.Cells - meanX) * (p.Cells - meanX));
        var intercept = meanY - (slope * meanX);
        return slope > 0 && intercept >= 0 ? intercept + (slope * cells) : perCell * cells;
    }

    /// <summary>Before any process has run: a process's start and settling, and a cell's warm-up share and measurement.</summary>
    private const double FirstGuessSeconds = 2, FirstGuessSecondsPerCell = 0.7;
}
