using System.Diagnostics;
using System.Globalization;
using SerBench.Agents;
using SerBench.Core.Measurement;
using SerBench.Core.Results;
using SerBench.Core.Running;
using SerBench.Core.Sizes;
using SerBench.Core.Statistics;
using SerBench.Core.Studies;
using SerBench.Core.Verification;
using SerBench.FirstCall;
using SerBench.Results;

namespace SerBench.Running;

/// <summary>
/// A fresh process per contender and round, so none runs on code tiered for another; rounds alternate direction, so a drift
/// lands evenly. A cell's mean is the mean of its round means (<see cref="RoundStatistics"/>).
/// </summary>
internal sealed class RoundRunner(IMeasurer measurer, IRunObserver observer, IAgentClient agents, TimeProvider clock)
{
    // A single-round run's progress names each cell as a run has always named it.
    private const string FirstRound = "measuring";

    private readonly Stopwatch _clock = Stopwatch.StartNew();
    private readonly AgentCaseRunner _children = new(agents);

    public void Run(IReadOnlyList<PlannedCase> plan, MeasurementProfile profile, ResultsStore store, CancellationToken cancellation)
    {
        MeasureRounds([.. plan.Select(p => p with { Operations = [.. p.Operations.Where(o => o != Operation.FirstCall)] }).Where(p => p.Operations.Count > 0)],
            profile, store, cancellation);
        if (profile.FirstCallLaunches > 0 && !cancellation.IsCancellationRequested)
        {
            FirstCallRunner.Run(plan, profile.FirstCallLaunches, new AgentFirstCallLauncher(agents), store, observer, cancellation);
        }

        // A stopped run keeps finishedAt null: results.json says it did not finish.
        if (!cancellation.IsCancellationRequested)
        {
            store.Finish(clock.GetUtcNow());
        }
    }

    private void MeasureRounds(IReadOnlyList<PlannedCase> plan, MeasurementProfile profile, ResultsStore store, CancellationToken cancellation)
    {
        var rounds = profile.Rounds;
        var cells = new Dictionary<CellKey, RoundedCell>();
        var order = new List<CellKey>();
        var labels = new Dictionary<CellKey, string>();
        var probes = new List<MachineProbeSample>();
        var calibration = new List<CellMeasurement>();
        store.Update(d => d.Method = new MeasurementMethod(rounds, "contender", IntervalText(profile), MeasurementClocks.Name(profile.Clock)));

        // Contenders that cannot run here are described by the gate in this process; they never get a process of their own.
        var unavailable = new List<(CellKey Key, string Label)>();
        foreach (var planned in plan)
        {
            var outcome = planned.UnavailableReason is { } reason ? new GateOutcome(VerificationStatus.Unavailable, reason) : null;
            foreach (var operation in planned.Operations)
            {
                var cell = PlannedCells.Describe(planned, operation, outcome ?? GateOutcome.Ok);
                order.Add(cell.Key);
                labels[cell.Key] = PlannedCells.Label(planned, operation);
                cells[cell.Key] = new RoundedCell(cell, Measured: outcome is not null);
                if (outcome is not null)
                {
                    unavailable.Add((cell.Key, labels[cell.Key]));
                }
            }
        }

        var groups = plan.Where(p => p.UnavailableReason is null)
            .GroupBy(p => (p.Runtime, p.Study.Name, p.Contender.Name)).Select(g => g.ToList()).ToList();
        var total = (groups.Sum(g => g.Sum(p => p.Operations.Count)) * rounds) + unavailable.Count;
        var done = 0;
        VariancePrior? pooled = null;
        var budget = new BudgetClock(profile.Budget is { } length ? store.StartedAt + length : null, clock, FirstCallReserve(plan, profile));
        var extraRounds = 0;
        foreach (var (key, label) in unavailable)
        {
            // Shown as done at once: every cell of the run counts in its progress.
            observer.CellFinished(cells[key].Combine(null, profile), Progress(++done, total, label, budget));
        }

        void MeasureGroup(List<PlannedCase> group, string stage)
        {
            var probe = MachineProbe.Measure(profile.Clock);
            probes.Add(new MachineProbeSample(Math.Round(_clock.Elapsed.TotalSeconds, 3), Math.Round(probe.TotalNs, 1), Math.Round(probe.CoreNs, 1), Math.Round(probe.MemoryNs, 1)));
            var runtime = plan.Any(p => p.Runtime != group[0].Runtime) ? $" · {group[0].Runtime.Name}" : "";
            var label = $"{stage} · {group[0].Study.Name} · {group[0].Contender.Name}{runtime}";
            observer.CellStarting(Progress(done, total, label, budget));
            var started = clock.GetUtcNow();
            // Sizes and compress times come from a cell's first round; later rounds skip the compressors and the time they take.
            var measuring = group.All(p => p.Operations.All(o => cells[PlannedCells.Key(p, o)].RoundCount > 0)) ? profile with { Compressions = Compressions.None } : profile;
            foreach (var (planned, operation, measured) in _children.Measure(group, measuring, cancellation))
            {
                var rounded = cells[PlannedCells.Key(planned, operation)];
                rounded.Add(measured);
                done++;
                var cellLabel = rounds == 1 && stage == FirstRound ? PlannedCells.Label(planned, operation) : $"{stage} · {PlannedCells.Label(planned, operation)}";
                // Without a prior yet, two rounds give t with one degree of freedom (±100000%): the line shows this round's own figure instead.
                var shown = pooled is null && rounded.RoundCount > 1 ? measured with { Baseline = rounded.Baseline } : rounded.Combine(pooled, profile);
                observer.CellFinished(shown, Progress(done, total, cellLabel, budget));
            }

            budget.Spent(group.Sum(p => p.Operations.Count), clock.GetUtcNow() - started);
            pooled = Save(store, order, cells, profile, calibration, probes);
        }

        // The rounds every cell gets: round by round, so a budget that runs out leaves every cell measured as often as the others.
        for (var round = 1; round <= rounds && !cancellation.IsCancellationRequested && !budget.RanOut; round++)
        {
            if (groups.Count > 0)
            {
                calibration.Add(measurer.Measure(HarnessCalibration.CreateBody(), profile, HarnessCalibration.Name));
            }

            foreach (var group in round % 2 == 1 ? groups : Enumerable.Reverse(groups))
            {
                if (cancellation.IsCancellationRequested || !budget.Fits(group.Sum(p => p.Operations.Count)))
                {
                    break;
                }

                MeasureGroup(group, rounds == 1 ? FirstRound : $"round {round}/{rounds}");
            }
        }

        // Then more rounds where the verdict is still open, up to the profile's most rounds per cell, while the budget lasts.
        for (var extra = 1; !cancellation.IsCancellationRequested && !budget.RanOut; extra++)
        {
            var current = order.Where(key => cells[key].HasResult).Select(key => cells[key].Combine(pooled, profile)).ToDictionary(c => c.Key);
            var open = OpenCells(current.Values, cells, profile);
            // The widest open intervals first: should the budget end mid-pass, the rounds went where they narrow the most.
            var unsettled = groups.Select(g => g
                    .Select(p => p with { Operations = [.. p.Operations.Where(o => open.Contains(PlannedCells.Key(p, o)))] })
                    .Where(p => p.Operations.Count > 0).ToList())
                .Where(g => g.Count > 0)
                .OrderByDescending(g => g.SelectMany(p => p.Operations.Select(o => RatioInterval.LogHalfWidth(current[PlannedCells.Key(p, o)]))).Max())
                .ToList();
            if (unsettled.Count == 0)
            {
                break;
            }

            total += unsettled.Sum(g => g.Sum(p => p.Operations.Count));
            extraRounds++;
            foreach (var group in unsettled)
            {
                if (cancellation.IsCancellationRequested || !budget.Fits(group.Sum(p => p.Operations.Count)))
                {
                    break;
                }

                MeasureGroup(group, $"extra round {extra} (verdict open)");
            }
        }

        Save(store, order, cells, profile, calibration, probes);
        if (profile.Budget is { } limit)
        {
            var notMeasured = order.Where(key => !cells[key].HasResult).Select(key => labels[key]).ToList();
            store.Update(d => d.Budget = new RunBudget(limit.TotalSeconds, budget.RanOut, extraRounds, notMeasured));
        }
    }

    /// <summary>Enough extra rounds to see a second speed that one process in three lands in, or to outvote one odd round.</summary>
    public const int DisagreementRounds = 3;

    /// <summary>Closer pairs would take more rounds than a budget holds.</summary>
    public const double OpenRatio = 1.3;

    /// <summary>Cells whose rounds disagree, and pairs <see cref="OpenRatio"/> apart yet not separated; none at the most rounds or two speeds.</summary>
    private static HashSet<CellKey> OpenCells(IEnumerable<ResultCell> current, Dictionary<CellKey, RoundedCell> cells, MeasurementProfile profile)
    {
        bool CanTakeMore(CellKey key) => cells[key].RoundCount is > 0 and var count && count < profile.MaximumRounds && !cells[key].HasModes;
        var open = cells.Where(c => c.Value.NeedsAnotherRound && c.Value.RoundCount < profile.Rounds + DisagreementRounds && CanTakeMore(c.Key))
            .Select(c => c.Key).ToHashSet();
        foreach (var pair in Decisiveness.PairsOf(current).Where(p => !p.Separated && p.Interval.Ratio >= OpenRatio))
        {
            // The round goes to the wider interval; to both when they are about as wide.
            var (faster, slower) = (RatioInterval.LogHalfWidth(pair.Faster), RatioInterval.LogHalfWidth(pair.Slower));
            foreach (var (key, half) in new[] { (pair.Faster.Key, faster), (pair.Slower.Key, slower) })
            {
                if (half >= Math.Max(faster, slower) / 2 && CanTakeMore(key))
                {
                    open.Add(key);
                }
            }
        }

        return open;
    }

    // Each first-call launch builds one codec and calls it twice: about 0.2 s (docs/performance.md#where-a-default-runs-time-goes).
    private static TimeSpan FirstCallReserve(IReadOnlyList<PlannedCase> plan, MeasurementProfile profile)
    {
        var cases = plan.Where(p => p.UnavailableReason is null).Select(p => (p.Runtime, p.Study.Name, p.Contender.Name, p.Workload.Payload.Name)).Distinct().Count();
        return TimeSpan.FromSeconds((cases * profile.FirstCallLaunches * SecondsPerFirstCallLaunch) + SecondsForReports);
    }

    private const double SecondsPerFirstCallLaunch = 0.4;

    private const double SecondsForReports = 20;

    /// <summary>Returns the run's current pooled spread, for the progress display.</summary>
    private static VariancePrior? Save(ResultsStore store, List<CellKey> order, Dictionary<CellKey, RoundedCell> cells, MeasurementProfile profile,
        List<CellMeasurement> calibration, List<MachineProbeSample> probes)
    {
        var pooled = RoundStatistics.PooledLogVariance(cells.Values.Select(c => c.RoundMeans));
        // A cell not reached yet (the run was stopped) is left out, as a single-round run leaves it out.
        var combined = Ratios.WithRatios(order.Where(key => cells[key].HasResult).Select(key => cells[key].Combine(pooled, profile)).ToList());
        store.Replace(combined);
        store.Update(document =>
        {
            document.Method = document.Method is { } method ? method with { Prior = pooled } : null;
            document.MachineProbes = [.. probes];
            if (calibration.Count > 0)
            {
                var interval = RoundStatistics.Combine([.. calibration.Select(c => c.MeanNs)], pooled, calibration.Max(c => c.ErrorNs));
                document.Calibration = new HarnessCalibrationResult(interval.MeanNs, interval.ErrorNs, [.. calibration.Select(c => c.MeanNs)]);
            }
        });
        return pooled;
    }

    internal static string IntervalText(MeasurementProfile profile) => profile.Rounds == 1 && profile.MaximumRounds == 1
        ? "BenchmarkDotNet's 99.9% confidence interval over the iterations of one process (one fresh process per contender)"
        : string.Create(CultureInfo.InvariantCulture, $"mean of the round means (one fresh process per contender per round; {profile.Rounds} rounds, up to {profile.MaximumRounds} for a cell whose place in the verdict is open); " +
        $"Error = half-width above the mean of the 99.9% Student-t interval of the log round means; lowNs–highNs bound the verdict's 99% interval, which decides ranks and ties; each cell's variance is moderated with " +
        $"the run's prior fitted to every cell's spread (limma's empirical Bayes: the prior's weight, in degrees of freedom, is how alike the cells' spreads are), " +
        $"never below what the rounds' own iterations say (the root mean square of their Errors over √rounds); " +
        $"rounds that fall into two speed groups ({RoundStatistics.ProcessesPerMode}+ processes each, apart by more than {RoundStatistics.RemeasureRatio:0.##}× and more than either group spreads) are reported as two modes, the interval spanning both; " +
        $"otherwise, with 3 rounds or more, a round over {RoundStatistics.UnsettledRatio:0.##}× the median of its cell's rounds (a process that had not settled) is listed in droppedRoundsNs, not counted, " +
        $"and the interval is never wider than the spread of every round");

    private static RunProgress Progress(int done, int total, string current, BudgetClock budget) =>
        new(done, total, current, budget.Remaining(total - done));

    /// <summary>A cell's rounds so far: the first round's description (status, sizes) and each round's measurement.</summary>
    private sealed class RoundedCell(ResultCell template, bool Measured)
    {
        private readonly List<ResultCell> _rounds = [];
        private ResultCell? _failure;

        /// <summary>A gate outcome given here, a round, or a failure.</summary>
        public bool HasResult => Measured || _rounds.Count > 0 || _failure is not null;

        public bool HasModes => RoundStatistics.Modes(AllRoundMeans) is not null;

        public int RoundCount => _rounds.Count;

        public string? Baseline => template.Baseline;

        /// <summary>The rounds that count (<see cref="RoundStatistics.SettledRounds"/>).</summary>
        public IReadOnlyList<double> RoundMeans => [.. Counted()];

        public bool NeedsAnotherRound => _failure is null && RoundStatistics.NeedsAnotherRound(AllRoundMeans);

        private IReadOnlyList<double> AllRoundMeans => [.. _rounds.Select(r => r.MeanNs!.Value)];

        private IEnumerable<double> Counted() => CountedRounds().Select(r => r.MeanNs!.Value);

        private IEnumerable<ResultCell> CountedRounds()
        {
            var counts = RoundStatistics.Counts(AllRoundMeans);
            return _rounds.Where((_, i) => counts[i]);
        }

        /// <summary>A round that did not pass (crashed, hung) makes the cell fail, with its reason.</summary>
        public void Add(ResultCell round)
        {
            if (round.MeanNs is { } mean && mean > 0 && double.IsFinite(mean))
            {
                _rounds.Add(round);
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
                return _failure with { Seconds = Seconds() };
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
                // One round (rounds = 1): BenchmarkDotNet's own figures, as a single-round results file has always held them.
                var bounds = first is { MeanNs: { } mean, ErrorNs: { } error } ? RoundStatistics.BoundsFromError(mean, error) : ((double LowNs, double HighNs)?)null;
                return first with { Baseline = template.Baseline, Seconds = Seconds(), LowNs = bounds?.LowNs, HighNs = bounds?.HighNs };
            }

            var dropped = RoundStatistics.SettledRounds(AllRoundMeans).Dropped;
            // What the iterations alone say about the mean of the rounds: each round's Error, averaged, shrinks with the rounds.
            var withinRound = Math.Sqrt(counted.Average(r => (r.ErrorNs ?? 0) * (r.ErrorNs ?? 0)) / counted.Count);
            var interval = RoundStatistics.Combine(RoundMeans, pooledLogVariance, withinRound);
            IReadOnlyList<SpeedMode>? modes = null;
            if (RoundStatistics.Modes(AllRoundMeans) is { } groups)
            {
                (interval, modes) = RoundStatistics.CombineModes(groups, pooledLogVariance, withinRound);
                // Each mode's collections per 1,000 operations, recorded with the cell: the first thing to look at between two speeds.
                modes = [.. modes.Select((mode, k) =>
                {
                    var rounds = _rounds.Where(r => groups[k].Contains(r.MeanNs!.Value)).ToList();
                    return mode with { Gen0 = rounds.Average(r => r.Gen0 ?? 0), Gen1 = rounds.Average(r => r.Gen1 ?? 0), Gen2 = rounds.Average(r => r.Gen2 ?? 0) };
                })];
            }
            else if (dropped.Count > 0)
            {
                // Leaving a round out must never widen the interval past the spread of every round measured.
                var spread = AllRoundMeans.Max(m => Math.Abs(m - interval.MeanNs));
                var error = Math.Max(withinRound, Math.Min(interval.ErrorNs, spread));
                var (low, high) = RoundStatistics.BoundsFromError(interval.MeanNs, error);
                interval = interval with { ErrorNs = error, LowNs = Math.Max(interval.LowNs, low), HighNs = Math.Min(interval.HighNs, high) };
            }

            var iterations = counted.SelectMany(r => r.IterationsNs ?? []).ToList();
            return first with
            {
                Baseline = template.Baseline,
                MeanNs = interval.MeanNs,
                ErrorNs = interval.ErrorNs,
                LowNs = interval.LowNs,
                HighNs = interval.HighNs,
                StdDevNs = StandardDeviation(iterations) ?? first.StdDevNs,
                MedianNs = iterations.Count > 0 ? RoundStatistics.Median(iterations) : first.MedianNs,
                AllocatedBytes = _rounds.Where(r => r.AllocatedBytes is not null).Select(r => (double)r.AllocatedBytes!.Value).ToList() is { Count: > 0 } allocated
                    ? (long)Math.Round(RoundStatistics.Median(allocated)) : null,
                Gen0 = counted.Average(r => r.Gen0 ?? 0),
                Gen1 = counted.Average(r => r.Gen1 ?? 0),
                Gen2 = counted.Average(r => r.Gen2 ?? 0),
                Noisy = interval.ErrorNs / interval.MeanNs > profile.TargetRelativeError,
                IterationsNs = iterations,
                RoundsNs = RoundMeans,
                DroppedRoundsNs = dropped.Count > 0 ? dropped : null,
                Modes = modes,
                Seconds = Seconds(),
            };
        }

        private double? Seconds() => _rounds.Count == 0 && _failure?.Seconds is null ? null
            : Math.Round(_rounds.Sum(r => r.Seconds ?? 0) + (_failure?.Seconds ?? 0), 3);

        private static double? StandardDeviation(List<double> values)
        {
            if (values.Count < 2)
            {
                return null;
            }

            var mean = values.Average();
            return Math.Sqrt(values.Sum(v => (v - mean) * (v - mean)) / (values.Count - 1));
        }
    }
}
