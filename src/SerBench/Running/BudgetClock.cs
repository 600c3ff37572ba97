using System.Globalization;
using SerBench.Core.Measurement;

namespace SerBench.Running;

/// <summary>
/// A process is started only when, by the cost of the processes so far, it should end before the deadline less the reserve.
/// A contender's first process (gate comparisons, sizes) and its later ones (timing only) cost apart and are estimated apart.
/// The reserve is <paramref name="reserve"/> (the reports) and <paramref name="firstCalls"/> at the project's machine's speed, scaled by the probe.
/// </summary>
/// <remarks>A budget that yields (the profile's own) gives way to the base rounds on a machine too slow for them; one the user gives never does.</remarks>
internal sealed class BudgetClock(DateTimeOffset startedAt, TimeSpan? length, TimeProvider clock, TimeSpan reserve, TimeSpan firstCalls = default, bool yields = false)
{
    private readonly DateTimeOffset? deadline = length is { } budget ? startedAt + budget : null;

    /// <summary>The budget from the command's start; null without one.</summary>
    public TimeSpan? Length => length;

    private readonly List<(ProcessWork Work, double Seconds, bool Gated)> _processes = [];
    private double _probeCoreNs;

    private TimeSpan Reserve => reserve + (firstCalls * ProbeScale);

    private double ProbeScale => _probeCoreNs > 0 ? Math.Clamp(_probeCoreNs / ReferenceCoreNs, 0.5, 4) : 1;

    public bool RanOut { get; private set; }

    public void Spent(ProcessWork work, TimeSpan elapsed, bool gated = true) => _processes.Add((work, elapsed.TotalSeconds, gated));

    /// <summary>The machine probe's core half: before any process has run, it scales the first guess to this machine.</summary>
    public void Probed(double coreNs) => _probeCoreNs = _probeCoreNs == 0 ? coreNs : Math.Min(_probeCoreNs, coreNs);

    /// <summary>
    /// Whether this process should end in time; once one does not, the run has run out, though a smaller one may still fit.
    /// A process of the rounds every cell gets (<c>baseRound</c>) always fits a budget that yields.
    /// </summary>
    public bool Fits(ProcessWork work, bool gated = true, bool baseRound = false)
    {
        if (baseRound && yields)
        {
            return true;
        }

        // The first process is how the run learns what a process costs here: it starts whenever any time is left.
        var expected = _processes.Count == 0 ? 0 : Estimate(work, gated);
        var fits = deadline is not { } end || clock.GetUtcNow() + TimeSpan.FromSeconds(expected) + Reserve <= end;
        RanOut |= !fits;
        return fits;
    }

    /// <summary>Whether <paramref name="work"/> more, after now, still ends before the deadline less the reports' reserve.</summary>
    public bool LeavesTimeFor(TimeSpan work) => deadline is not { } end || clock.GetUtcNow() + work + reserve <= end;

    /// <summary>At most what the budget leaves (one that yields: the estimate); null before the first process.</summary>
    public TimeSpan? Remaining(int cellsLeft)
    {
        if (_processes.Count == 0)
        {
            return null;
        }

        var estimate = TimeSpan.FromSeconds(Math.Max(0, cellsLeft) * _processes.Sum(p => p.Seconds) / Math.Max(1, _processes.Sum(p => p.Work.Cells)));
        // A budget that yields runs its base rounds past the deadline: capped, the line would say nothing is left while they go on.
        return !yields && deadline is { } end && end - Reserve - clock.GetUtcNow() is var left && left < estimate ? (left > TimeSpan.Zero ? left : TimeSpan.Zero) : estimate;
    }

    /// <summary>
    /// Seconds for one process: the project's figure for its kind and cells, scaled by how this machine's processes of that kind
    /// (else of the other) compared with it so far, starting from the probe's scale; once enough sizes are known, a fixed cost
    /// plus a cost per cell fitted to them.
    /// </summary>
    internal double Estimate(ProcessWork work, bool gated = true)
    {
        var known = _processes.Where(p => p.Gated == gated).ToList();
        if (known.Count >= FittedAfter && known.Select(p => p.Work).Distinct().Count() >= 2 && Fitted(known, work) is { } fitted)
        {
            return fitted;
        }

        // Measured on the project's machine (docs/performance.md#where-a-default-runs-time-goes), scaled by this machine's probe,
        // then by the processes so far: the probe's scale counts as PriorSeconds of them, so one heavy contender does not set it.
        var measured = known.Count > 0 ? known : _processes;
        return FirstGuess(work, gated) * (measured.Sum(p => p.Seconds) + (PriorSeconds * ProbeScale)) / (measured.Sum(p => FirstGuess(p.Work, p.Gated)) + PriorSeconds);
    }

    // E3: Newtonsoft's first process took 2× the project's figure for it, the whole first round 0.96×.
    private const double PriorSeconds = 30;

    // A line through fewer processes would follow their luck.
    private const int FittedAfter = 4;

    private static double FirstGuess(ProcessWork work, bool gated) => (gated ? GatedSeconds : LaterSeconds) + PerCellSeconds(work, gated);

    // What grows with the work: cells, and the megabytes of documents they read, weighed as the project's machine weighs them.
    private static double PerCellSeconds(ProcessWork work, bool gated) => gated
        ? (GatedSecondsPerCell * work.Cells) + (GatedSecondsPerCellMegabyte * work.CellMegabytes)
        : (LaterSecondsPerCell * work.Cells) + (LaterSecondsPerCellMegabyte * work.CellMegabytes);

    private static double? Fitted(List<(ProcessWork Work, double Seconds, bool Gated)> processes, ProcessWork work)
    {
        var gated = processes[0].Gated;
        double X(ProcessWork w) => PerCellSeconds(w, gated);
        var (meanX, meanY) = (processes.Average(p => X(p.Work)), processes.Average(p => p.Seconds));
        var spread = processes.Sum(p => (X(p.Work) - meanX) * (X(p.Work) - meanX));
        var slope = spread == 0 ? 0 : processes.Sum(p => (X(p.Work) - meanX) * (p.Seconds - meanY)) / spread;
        var intercept = meanY - (slope * meanX);
        return slope > 0 && intercept >= 0 ? intercept + (slope * X(work)) : null;
    }

    /// <summary>Seconds for one round of these processes (cells each): the first round gates, later ones only time.</summary>
    public double RoundSeconds(IReadOnlyList<ProcessWork> processes, bool gated = true) => processes.Sum(work => Estimate(work, gated));

    // The first round (unless done) and then later ones, in seconds.
    private double RoundsSeconds(IReadOnlyList<ProcessWork> processes, int rounds, bool firstRoundDone) =>
        rounds <= 0 ? 0 : (firstRoundDone ? 0 : RoundSeconds(processes)) + ((rounds - 1) * RoundSeconds(processes, gated: false));

    /// <summary>How many whole rounds fit between now and the deadline, less the reserve (a first round done counts); <paramref name="wanted"/> without a deadline.</summary>
    public int RoundsThatFit(IReadOnlyList<ProcessWork> processes, int wanted, bool firstRoundDone = false)
    {
        if (deadline is not { } end)
        {
            return wanted;
        }

        var left = (end - Reserve - clock.GetUtcNow()).TotalSeconds - (firstRoundDone ? 0 : RoundSeconds(processes));
        return left < 0 ? (firstRoundDone ? 1 : 0) : 1 + (int)Math.Floor(left / Math.Max(0.001, RoundSeconds(processes, gated: false)));
    }

    /// <summary>The smallest budget, from the command's start, that holds <paramref name="rounds"/> rounds and the reserve.</summary>
    public TimeSpan BudgetFor(IReadOnlyList<ProcessWork> processes, int rounds, bool firstRoundDone = false) =>
        DurationOption.RoundUpToMinute(clock.GetUtcNow() - startedAt + TimeSpan.FromSeconds(RoundsSeconds(processes, rounds, firstRoundDone)) + Reserve);

    /// <summary>What the run will do, said before it starts: e.g. "3 rounds of 22 processes, about 3 min 40 s on this machine".</summary>
    public string PlanLine(IReadOnlyList<ProcessWork> processes, int rounds)
    {
        var budget = length ?? throw new InvalidOperationException("A run without a budget has no plan line.");
        var fits = RoundsThatFit(processes, rounds);
        _promised = Math.Min(fits, rounds);
        var invariant = CultureInfo.InvariantCulture;
        var seconds = RoundsSeconds(processes, rounds, firstRoundDone: false);
        var plan = string.Create(invariant, $"Plan: {rounds} round{(rounds == 1 ? "" : "s")} of {processes.Count} process{(processes.Count == 1 ? "" : "es")} ({processes.Sum(p => p.Cells)} cells), " +
            $"about {Durations.Format(TimeSpan.FromSeconds(Math.Round(seconds)))} on this machine (probe {_probeCoreNs / 1e6:0.00} ms)");
        if (fits >= rounds)
        {
            return plan + $", then more rounds where the verdict is open and the first calls, within the {Durations.Format(budget)} budget.";
        }

        if (yields)
        {
            return plan + string.Create(invariant, $": longer than the default {Durations.Format(budget)} budget, which gives way to the {rounds} processes every cell needs (--budget {DurationOption.AsOption(budget)} keeps to it), then the first calls.");
        }

        var smallest = BudgetFor(processes, fits <= 1 ? 2 : rounds);
        return fits <= 1
            ? $"This budget ({Durations.Format(budget)}) measures each cell {(fits == 1 ? "in one process" : "in fewer than one process")} on this machine, and a cell measured in one process is not ranked: give --budget {DurationOption.AsOption(smallest)} or more for two. {plan}; measuring what fits."
            : $"This budget ({Durations.Format(budget)}) measures each cell in {fits} processes on this machine, not {rounds}: give --budget {DurationOption.AsOption(smallest)} or more. {plan}.";
    }

    private int? _promised;

    /// <summary>After the first round: null while the plan holds, else what the budget holds now and what would hold the plan.</summary>
    public string? Revised(IReadOnlyList<ProcessWork> processes, int rounds)
    {
        if (yields || length is not { } budget || _promised is not { } promised || RoundsThatFit(processes, rounds, firstRoundDone: true) is var fits && fits >= promised)
        {
            return null;
        }

        _promised = fits;
        var smallest = BudgetFor(processes, promised, firstRoundDone: true);
        return string.Create(CultureInfo.InvariantCulture,
            $"The first round took {Durations.Format(TimeSpan.FromSeconds(Math.Round(_processes.Sum(p => p.Seconds))))}, longer than planned: the {Durations.Format(budget)} budget now measures each cell in {fits} process{(fits == 1 ? "" : "es")}, not {promised}{(fits == 1 ? ", and a cell measured in one process is not ranked" : "")}; --budget {DurationOption.AsOption(smallest)} would have held {promised}.");
    }

    // Default runs on the project's machine (2-core VM, 2026-12-01, D20/D21 at a probe core half of 3.23–4.04 ms and S14–S17,
    // emulated, at 3.55–4.89 ms; 402 processes fitted, scaled to 3.5 ms by each run's fastest probe, with the gap between
    // processes): the first guesses' seconds. Before threshold 300 they were 2.25 + 0.28 and 2.2 + 0.19, and the plan said 5:26 for 4:24.
    private const double ReferenceCoreNs = 3.5e6;

    private const double GatedSeconds = 1.85, GatedSecondsPerCell = 0.25, LaterSeconds = 1.85, LaterSecondsPerCell = 0.155;

    // R41c (three 1.9 MB documents, 2026-11-30): a cell on your document costs this much more per megabyte, gated (the gate's
    // comparisons and compressors) and later; without it the plan said 1 min 46 s for rounds that took 3 min 42 s.
    private const double GatedSecondsPerCellMegabyte = 0.83, LaterSecondsPerCellMegabyte = 0.31;
}

/// <summary>What one process measures, as the budget weighs it: its cells, and the megabytes of the documents they read (summed per cell).</summary>
internal readonly record struct ProcessWork(int Cells, double CellMegabytes = 0)
{
    /// <summary>A process of generated payloads: its cells alone.</summary>
    public static implicit operator ProcessWork(int cells) => new(cells);
}
