namespace SerBench.Running;

/// <summary>A process is started only when, by the cost of the processes so far, it should end before the deadline less the <paramref name="reserve"/>.</summary>
internal sealed class BudgetClock(DateTimeOffset? deadline, TimeProvider clock, TimeSpan reserve)
{
    private readonly List<(int Cells, double Seconds)> _processes = [];

    public bool RanOut { get; private set; }

    public void Spent(int cells, TimeSpan elapsed) => _processes.Add((cells, elapsed.TotalSeconds));

    /// <summary>Once false, the run has run out.</summary>
    public bool Fits(int cells)
    {
        if (deadline is { } end && clock.GetUtcNow() + TimeSpan.FromSeconds(Estimate(cells)) + reserve > end)
        {
            RanOut = true;
        }

        return !RanOut;
    }

    /// <summary>At most what the budget leaves; null before the first process.</summary>
    public TimeSpan? Remaining(int cellsLeft)
    {
        if (_processes.Count == 0)
        {
            return null;
        }

        var estimate = TimeSpan.FromSeconds(Math.Max(0, cellsLeft) * _processes.Sum(p => p.Seconds) / Math.Max(1, _processes.Sum(p => p.Cells)));
        return deadline is { } end && end - reserve - clock.GetUtcNow() is var left && left < estimate ? (left > TimeSpan.Zero ? left : TimeSpan.Zero) : estimate;
    }

    /// <summary>Seconds for one process: a fixed cost plus a cost per cell, least squares over the processes so far (their mean per cell until two sizes exist).</summary>
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

    // Before any process has run: a process's start and settling, and a cell's warm-up share and measurement.
    private const double FirstGuessSeconds = 2, FirstGuessSecondsPerCell = 0.7;
}
