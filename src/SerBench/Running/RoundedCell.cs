using SerBench.Core.Measurement;
using SerBench.Core.Results;
using SerBench.Core.Running;
using SerBench.Core.Statistics;

namespace SerBench.Running;

/// <summary>
/// A cell's rounds so far, and the one place they become its <see cref="ResultCell"/>: the first round's description
/// (status, sizes), the mean over round means, StdDev and Median over the counted rounds' pooled iterations.
/// </summary>
internal sealed class RoundedCell(ResultCell template, bool Measured, IReadOnlySet<int> oddProcesses)
{
    private readonly List<CellRound> _rounds = [];
    private readonly List<int> _processes = [];
    private CellRound? _failure;

    /// <summary>A gate outcome given here, a round, or a failure.</summary>
    public bool HasResult => Measured || _rounds.Count > 0 || _failure is not null;

    public bool HasModes => RoundStatistics.Modes(AllRoundMeans) is not null;

    public int RoundCount => _rounds.Count;

    /// <summary>Processes whose rounds count: none of an odd process's.</summary>
    public int CountedProcesses => _processes.Count(p => !oddProcesses.Contains(p));

    /// <summary>Each round's process and mean, odd processes included.</summary>
    public IReadOnlyList<(int Process, double MeanNs)> AllRounds => [.. _rounds.Select((r, i) => (_processes[i], r.Measured!.MeanNs))];

    public string? Baseline => template.Baseline;

    /// <summary>The rounds that count (<see cref="RoundStatistics.SettledRounds"/>).</summary>
    public IReadOnlyList<double> RoundMeans => [.. CountedRounds().Select(r => r.Measured!.MeanNs)];

    public bool NeedsAnotherRound => _failure is null && RoundStatistics.NeedsAnotherRound(AllRoundMeans);

    // An odd process's rounds are left out before anything else (OddProcesses); the cell's own rules apply to the rest.
    private IReadOnlyList<CellRound> Trusted => _processes.All(oddProcesses.Contains) ? _rounds : [.. _rounds.Where((_, i) => !oddProcesses.Contains(_processes[i]))];

    private IReadOnlyList<double> OddRounds => Trusted.Count == _rounds.Count ? [] : [.. _rounds.Where((_, i) => oddProcesses.Contains(_processes[i])).Select(r => r.Measured!.MeanNs)];

    private IReadOnlyList<double> AllRoundMeans => [.. Trusted.Select(r => r.Measured!.MeanNs)];

    private IEnumerable<CellRound> CountedRounds() => Trusted.Zip(RoundStatistics.Counts(AllRoundMeans)).Where(p => p.Second).Select(p => p.First);

    /// <summary>A round that did not pass (crashed, hung) makes the cell fail, with its reason.</summary>
    public void Add(CellRound round, int process)
    {
        if (round.Measured is { MeanNs: > 0 and < double.PositiveInfinity })
        {
            _rounds.Add(round);
            _processes.Add(process);
        }
        else
        {
            _failure ??= round;
        }
    }

    public ResultCell Combine(VariancePrior? pooledLogVariance, MeasurementProfile profile)
    {
        if (_failure is not null)
        {
            return _failure.Row(profile.TargetRelativeError) with { Seconds = Seconds() };
        }

        if (_rounds.Count == 0)
        {
            // An unavailable contender's gate outcome (cells not reached yet are not written at all).
            return template;
        }

        var first = _rounds[0];
        var counted = CountedRounds().ToList();
        if (profile.Rounds == 1 && _rounds.Count == 1)
        {
            // One round (rounds = 1): BenchmarkDotNet's own figures; the one process is recorded, so no report ranks it (smoke ranks nothing anyway).
            var (low, high) = RoundStatistics.BoundsFromError(first.Measured!.MeanNs, first.Measured.ErrorNs);
            return first.Row(profile.TargetRelativeError) with { Baseline = template.Baseline, Seconds = Seconds(), LowNs = low, HighNs = high, RoundsNs = profile.MaximumRounds > 1 ? [first.Measured.MeanNs] : null };
        }

        IReadOnlyList<double> dropped = [.. OddRounds, .. RoundStatistics.SettledRounds(AllRoundMeans).Dropped];
        var withinRound = WithinRounds.Of([.. counted.Select(r => r.Measured!.IterationsNs)]);
        var interval = RoundStatistics.Combine(RoundMeans, pooledLogVariance, withinRound);
        IReadOnlyList<SpeedMode>? modes = null;
        if (RoundStatistics.Modes(AllRoundMeans) is { } groups)
        {
            (interval, modes) = RoundStatistics.CombineModes(groups, pooledLogVariance, withinRound);
            // Each mode's collections per 1,000 operations, recorded with the cell: the first thing to look at between two speeds.
            modes = [.. modes.Select((mode, k) =>
            {
                var rounds = _rounds.Where(r => groups[k].Contains(r.Measured!.MeanNs)).ToList();
                return mode with { Gen0 = CollectionsMean(rounds, m => m.Gen0), Gen1 = CollectionsMean(rounds, m => m.Gen1), Gen2 = CollectionsMean(rounds, m => m.Gen2) };
            })];
        }
        else if (dropped.Count > 0)
        {
            // Leaving a round out must never widen the interval past the spread of every round measured.
            var spread = AllRoundMeans.Max(m => Math.Abs(m - interval.MeanNs));
            var error = Math.Max(withinRound.HalfWidthNs(), Math.Min(interval.ErrorNs, spread));
            var (low, high) = RoundStatistics.BoundsFromError(interval.MeanNs, error);
            interval = interval with { ErrorNs = error, LowNs = Math.Max(interval.LowNs, low), HighNs = Math.Min(interval.HighNs, high) };
        }

        var pooledIterations = counted.SelectMany(r => r.Measured!.IterationsNs).ToList();
        var overRounds = new CellMeasurement
        {
            MeanNs = interval.MeanNs,
            ErrorNs = interval.ErrorNs,
            StdDevNs = pooledIterations.Count > 1 ? Math.Sqrt(RoundStatistics.SampleVariance(pooledIterations)) : first.Measured!.StdDevNs,
            MedianNs = pooledIterations.Count > 0 ? RoundStatistics.Median(pooledIterations) : first.Measured!.MedianNs,
            AllocatedBytes = _rounds.Select(r => r.Measured!.AllocatedBytes).OfType<long>().Select(b => (double)b).ToList() is { Count: > 0 } allocated
                ? (long)Math.Round(RoundStatistics.Median(allocated)) : null,
            Gen0 = CollectionsMean(counted, m => m.Gen0) ?? CollectionsMean(_rounds, m => m.Gen0),
            Gen1 = CollectionsMean(counted, m => m.Gen1) ?? CollectionsMean(_rounds, m => m.Gen1),
            Gen2 = CollectionsMean(counted, m => m.Gen2) ?? CollectionsMean(_rounds, m => m.Gen2),
            IterationsNs = pooledIterations,
        };
        return first.Row(profile.TargetRelativeError, overRounds) with
        {
            Baseline = template.Baseline,
            LowNs = interval.LowNs,
            HighNs = interval.HighNs,
            RoundsNs = RoundMeans,
            DroppedRoundsNs = dropped.Count > 0 ? dropped : null,
            Modes = modes,
            Seconds = Seconds(),
        };
    }

    // Collections are counted in a cell's first round only (MeasurementProfile.MeasuresAllocations): the mean of those that were.
    private static double? CollectionsMean(IEnumerable<CellRound> rounds, Func<CellMeasurement, double?> collections) =>
        rounds.Select(r => collections(r.Measured!)).OfType<double>().ToList() is { Count: > 0 } values ? values.Average() : null;

    private double? Seconds() => _rounds.Count == 0 && _failure?.Seconds is null ? null
        : Math.Round(_rounds.Sum(r => r.Seconds ?? 0) + (_failure?.Seconds ?? 0), 3);
}
