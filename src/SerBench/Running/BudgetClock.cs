using System.Globalization;
using SerBench.Core.Measurement;

namespace SerBench.Running;

/// <summary>
/// A process is started only when, by the cost of the processes so far, it should end before the deadline less the reserve.
/// A contender's first process (gate comparisons, sizes) and its later ones (timing only) cost apart and are estimated apart.
/// </summary>
internal sealed class BudgetClock(DateTimeOffset? deadline, TimeProvider clock, TimeSpan reserve)
{
    private readonly List<(int Cells, double Seconds, bool Gated)> _processes = [];
    private readonly TimeSpan _reserve = reserve;
    private double _probeCoreNs;

    public bool RanOut { get; private set; }

    public void Spent(int cells, TimeSpan elapsed, bool gated = true) => _processes.Add((cells, elapsed.TotalSeconds, gated));

    /// <summary>The machine probe's core half: before any process has run, it scales the first guess to this machine.</summary>
    public void Probed(double coreNs) => _probeCoreNs = _probeCoreNs == 0 ? coreNs : Math.Min(_probeCoreNs, coreNs);

    /// <summary>Once false, the run has run out.</summary>
    public bool Fits(int cells, bool gated = true)
    {
        // The first process is how the run learns what a process costs here: it starts whenever any time is left.
        var expected = _processes.Count == 0 ? 0 : Estimate(cells, gated);
        if (deadline is { } end && clock.GetUtcNow() + TimeSpan.FromSeconds(expected) + _reserve > end)
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
        return deadline is { } end && end - _reserve - clock.GetUtcNow() is var left && left < estimate ? (left > TimeSpan.Zero ? left : TimeSpan.Zero) : estimate;
    }

    /// <summary>
    /// Seconds for one process: a fixed cost plus a cost per cell, least squares over the processes of its kind so far (their
    /// mean per cell until two sizes exist). Before any of its kind, the other kind's figure scaled as the first guesses are.
    /// </summary>
    internal double Estimate(int cells, bool gated = true)
    {
        var known = _processes.Where(p => p.Gated == gated).Select(p => (p.Cells, p.Seconds)).ToList();
        if (known.Count > 0)
        {
            return Fitted(known, cells);
        }

        var other = _processes.Where(p => p.Gated != gated).Select(p => (p.Cells, p.Seconds)).ToList();
        if (other.Count > 0)
        {
            return Fitted(other, cells) * FirstGuess(cells, gated) / FirstGuess(cells, !gated);
        }

        // Measured on the project's machine (docs/performance.md#where-a-default-runs-time-goes), scaled by this machine's probe.
        var scale = _probeCoreNs > 0 ? Math.Clamp(_probeCoreNs / ReferenceCoreNs, 0.5, 4) : 1;
        return scale * FirstGuess(cells, gated);
    }

    private static double FirstGuess(int cells, bool gated) => gated ? 2.35 + (0.37 * cells) : 2.8 + (0.15 * cells);

    private static double Fitted(List<(int Cells, double Seconds)> processes, int cells)
    {
        var perCell = processes.Sum(p => p.Seconds) / Math.Max(1, processes.Sum(p => p.Cells));
        if (processes.Select(p => p.Cells).Distinct().Count() < 2)
        {
            return perCell * cells;
        }

        var (meanX, meanY) = (processes.Average(p => p.Cells), processes.Average(p => p.Seconds));
        var slope = processes.Sum(p => (p.Cells - meanX) * (p.Seconds - meanY)) / processes.Sum(p => (p.Cells - meanX) * (p.Cells - meanX));
        var intercept = meanY - (slope * meanX);
        return slope > 0 && intercept >= 0 ? intercept + (slope * cells) : perCell * cells;
    }

    /// <summary>Seconds for one round of these processes (cells each): the first round gates, later ones only time.</summary>
    public double RoundSeconds(IReadOnlyList<int> processCells, bool gated = true) => processCells.Sum(cells => Estimate(cells, gated));

    // The first round and then later ones, in seconds.
    private double RoundsSeconds(IReadOnlyList<int> processCells, int rounds) =>
        rounds <= 0 ? 0 : RoundSeconds(processCells) + ((rounds - 1) * RoundSeconds(processCells, gated: false));

    /// <summary>How many whole rounds fit between now and the deadline, less the reserve; <paramref name="wanted"/> without a deadline.</summary>
    public int RoundsThatFit(IReadOnlyList<int> processCells, int wanted)
    {
        if (deadline is not { } end)
        {
            return wanted;
        }

        var left = (end - _reserve - clock.GetUtcNow()).TotalSeconds;
        var first = RoundSeconds(processCells);
        return left < first ? 0 : 1 + (int)Math.Floor((left - first) / Math.Max(0.001, RoundSeconds(processCells, gated: false)));
    }

    /// <summary>The smallest budget, from the command's start, that holds <paramref name="rounds"/> rounds and the reserve.</summary>
    public TimeSpan BudgetFor(IReadOnlyList<int> processCells, int rounds, DateTimeOffset startedAt) =>
        Durations.RoundUpToMinute(clock.GetUtcNow() - startedAt + TimeSpan.FromSeconds(RoundsSeconds(processCells, rounds)) + _reserve);

    /// <summary>What the run will do, said before it starts: e.g. "3 rounds of 22 processes, about 3 min 40 s on this machine".</summary>
    public string PlanLine(IReadOnlyList<int> processCells, int rounds, int fits, TimeSpan budget, DateTimeOffset startedAt)
    {
        var invariant = CultureInfo.InvariantCulture;
        var plan = string.Create(invariant, $"Plan: {rounds} round{(rounds == 1 ? "" : "s")} of {processCells.Count} process{(processCells.Count == 1 ? "" : "es")} ({processCells.Sum()} cells), " +
            $"about {Durations.Format(TimeSpan.FromSeconds(Math.Round(RoundsSeconds(processCells, rounds))))} on this machine (probe {_probeCoreNs / 1e6:0.00} ms)");
        if (fits >= rounds)
        {
            return plan + $", then more rounds where the verdict is open and the first calls, within the {Durations.Format(budget)} budget.";
        }

        var smallest = BudgetFor(processCells, fits <= 1 ? 2 : rounds, startedAt);
        return fits <= 1
            ? $"This budget ({Durations.Format(budget)}) measures each cell {(fits == 1 ? "in one process" : "in fewer than one process")} on this machine, and a cell measured in one process is not ranked: give --budget {Durations.AsOption(smallest)} or more for two. {plan}; measuring what fits."
            : $"This budget ({Durations.Format(budget)}) measures each cell in {fits} processes on this machine, not {rounds}: give --budget {Durations.AsOption(smallest)} or more. {plan}.";
    }

    // A default run on the project's machine (2-core VM, probe core half ~3.5 ms, 2026-11-29, run D8): the first guesses' seconds.
    private const double ReferenceCoreNs = 3.5e6;
}
