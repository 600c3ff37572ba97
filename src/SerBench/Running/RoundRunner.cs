using System.Diagnostics;
using SerBench.Agents;
using SerBench.FirstCall;
using SerBench.Measurement;
using SerBench.Results;
using SerBench.Verification;

namespace SerBench.Running;

/// <summary>
/// Measures a plan in rounds. In each round every contender of every study is measured in a fresh process of its own
/// (as BenchmarkDotNet gives each benchmark its own process), so no contender runs on code tiered, profiled or laid out
/// for another, and each cell is measured once per round at a different moment of the run. Odd rounds go through the
/// plan forwards and even rounds backwards, so a slow drift of the machine lands evenly on all contenders. A cell's mean
/// is the mean of its round means and its interval comes from their spread (<see cref="RoundStatistics"/>). Between
/// processes this process times the harness calibration cell (once a round) and the machine probe (before each process).
/// results.json is rewritten after every process, so a stopped run keeps every round it finished. One round is
/// <c>rounds = 1</c>. After the steady-state cells come the first calls (<see cref="FirstCallRunner"/>), when the profile asks.
/// </summary>
/// <param name="measurer">Times the harness calibration cell in this process.</param>
/// <param name="observer">Progress.</param>
/// <param name="agents">Sends each contender's cases to a child process (<see cref="AgentClient"/>, or a fake in tests).</param>
/// <param name="clock">When the run finished.</param>
public sealed class RoundRunner(IMeasurer measurer, IRunObserver observer, IAgentClient agents, TimeProvider clock)
{
    /// <summary>The stage of a single-round run: its progress names each cell as a run has always named it.</summary>
    private const string FirstRound = "measuring";

    private readonly Stopwatch _clock = Stopwatch.StartNew();
    private readonly AgentCaseRunner _children = new(agents);

    public void Run(IReadOnlyList<PlannedCase> plan, MeasurementProfile profile, ResultsStore store, CancellationToken cancellation)
    {
        MeasureRounds(plan, profile, store, cancellation);
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
        var probes = new List<MachineProbeSample>();
        var calibration = new List<CellMeasurement>();
        store.Update(d => d.Method = new MeasurementMethod(rounds, "contender", IntervalText(rounds, ExtraRounds(profile)), MeasurementClocks.Name(profile.Clock)));

        // Contenders that cannot run here are described by the gate in this process; they never get a process of their own.
        var unavailable = new List<(CellKey Key, string Label)>();
        foreach (var planned in plan)
        {
            var verdict = planned.UnavailableReason is { } reason ? new Verdict(VerificationStatus.Unavailable, reason) : null;
            foreach (var operation in planned.Operations)
            {
                var cell = PlannedCells.Describe(planned, operation, verdict ?? Verdict.Ok);
                order.Add(cell.Key);
                cells[cell.Key] = new RoundedCell(cell, Measured: verdict is not null);
                if (verdict is not null)
                {
                    unavailable.Add((cell.Key, PlannedCells.Label(planned, operation)));
                }
            }
        }

        var groups = plan.Where(p => p.UnavailableReason is null)
            .GroupBy(p => (p.Runtime, p.Study.Name, p.Contender.Name)).Select(g => g.ToList()).ToList();
        var total = (groups.Sum(g => g.Sum(p => p.Operations.Count)) * rounds) + unavailable.Count;
        var done = 0;
        double? pooled = null;
        var secondsPerCell = new List<double>();
        foreach (var (key, label) in unavailable)
        {
            // Shown as done at once: every cell of the run counts in its progress.
            observer.CellFinished(cells[key].Combine(null, profile), Progress(++done, total, label, secondsPerCell));
        }

        void MeasureGroup(List<PlannedCase> group, string stage)
        {
            var probe = MachineProbe.Measure(profile.Clock);
            probes.Add(new MachineProbeSample(Math.Round(_clock.Elapsed.TotalSeconds, 3), Math.Round(probe.TotalNs, 1), Math.Round(probe.CoreNs, 1), Math.Round(probe.MemoryNs, 1)));
            var runtime = plan.Any(p => p.Runtime != group[0].Runtime) ? $" · {group[0].Runtime.Name}" : "";
            var label = $"{stage} · {group[0].Study.Name} · {group[0].Contender.Name}{runtime}";
            observer.CellStarting(Progress(done, total, label, secondsPerCell));
            var watch = Stopwatch.StartNew();
            foreach (var (planned, operation, measured) in _children.Measure(group, profile, cancellation))
            {
                var rounded = cells[PlannedCells.Key(planned, operation)];
                rounded.Add(measured);
                done++;
                var cellLabel = rounds == 1 && stage == FirstRound ? PlannedCells.Label(planned, operation) : $"{stage} · {PlannedCells.Label(planned, operation)}";
                // Until three cells have two rounds there is no pooled spread, and two rounds alone give Student's t with one
                // degree of freedom (±100000%): the progress line then shows this round's own figure, not a meaningless interval.
                var shown = pooled is null && rounded.RoundCount > 1 ? measured with { Baseline = rounded.Baseline } : rounded.Combine(pooled, profile);
                observer.CellFinished(shown, Progress(done, total, cellLabel, secondsPerCell));
            }

            secondsPerCell.Add(watch.Elapsed.TotalSeconds / group.Sum(p => p.Operations.Count));
            pooled = Save(store, order, cells, profile, calibration, probes);
        }

        for (var round = 1; round <= rounds && !cancellation.IsCancellationRequested; round++)
        {
            if (groups.Count > 0)
            {
                calibration.Add(measurer.Measure(HarnessCalibration.CreateBody(), profile, HarnessCalibration.Name));
            }

            foreach (var group in round % 2 == 1 ? groups : Enumerable.Reverse(groups))
            {
                if (cancellation.IsCancellationRequested)
                {
                    break;
                }

                MeasureGroup(group, rounds == 1 ? FirstRound : $"round {round}/{rounds}");
            }
        }

        // Cells whose rounds disagree by more than a process that settled would: more rounds for their contender, until the
        // odd round out is clear (RoundStatistics.SettledRounds) or the extra rounds are spent.
        for (var extra = 1; extra <= ExtraRounds(profile) && !cancellation.IsCancellationRequested; extra++)
        {
            // Only the operations whose rounds disagree: a whole case spends rounds on cells that agreed (docs/performance.md#the-method).
            var unsettled = groups.Select(g => g
                    .Select(p => p with { Operations = [.. p.Operations.Where(o => cells[PlannedCells.Key(p, o)].NeedsAnotherRound)] })
                    .Where(p => p.Operations.Count > 0).ToList())
                .Where(g => g.Count > 0).ToList();
            if (unsettled.Count == 0)
            {
                break;
            }

            total += unsettled.Sum(g => g.Sum(p => p.Operations.Count));
            foreach (var group in unsettled)
            {
                if (cancellation.IsCancellationRequested)
                {
                    break;
                }

                MeasureGroup(group, $"re-measure {extra}/{ExtraRounds(profile)} (rounds disagreed)");
            }
        }

        Save(store, order, cells, profile, calibration, probes);
    }

    /// <summary>At most this many rounds more for a cell whose rounds disagree (<see cref="RoundStatistics.ExtraRounds"/>).</summary>
    private static int ExtraRounds(MeasurementProfile profile) => RoundStatistics.ExtraRounds(profile.Rounds);

    /// <summary>Writes every cell with the run's current pooled spread; returns that spread for the progress display.</summary>
    private static double? Save(ResultsStore store, List<CellKey> order, Dictionary<CellKey, RoundedCell> cells, MeasurementProfile profile,
        List<CellMeasurement> calibration, List<MachineProbeSample> probes)
    {
        var pooled = RoundStatistics.PooledLogVariance(cells.Values.Select(c => c.RoundMeans));
        // A cell not reached yet (the run was stopped) is left out, as a single-round run leaves it out.
        var combined = Ratios.WithRatios(order.Where(key => cells[key].HasResult).Select(key => cells[key].Combine(pooled, profile)).ToList());
        store.Replace(combined);
        store.Update(document =>
        {
            document.MachineProbes = [.. probes];
            if (calibration.Count > 0)
            {
                var interval = RoundStatistics.Combine([.. calibration.Select(c => c.MeanNs)], pooled, calibration.Max(c => c.ErrorNs));
                document.Calibration = new HarnessCalibrationResult(interval.MeanNs, interval.ErrorNs, [.. calibration.Select(c => c.MeanNs)]);
            }
        });
        return pooled;
    }

    private static string IntervalText(int rounds, int extraRounds) => rounds == 1
        ? "BenchmarkDotNet's 99.9% confidence interval over the iterations of one process (one fresh process per contender)"
        : $"mean of {rounds} round means (one fresh process per contender per round); Error = half-width of the 99.9% Student-t interval of the log round means, " +
        $"their variance moderated with the run's pooled variance ({RoundStatistics.PooledDegreesOfFreedom:0} degrees of freedom), never below one round's BenchmarkDotNet Error; " +
        (extraRounds == 0 ? "" : $"a cell whose rounds disagree by more than {RoundStatistics.RemeasureRatio:0.##}× gets up to {extraRounds} more round(s); ") +
        $"rounds that fall into two speed groups ({RoundStatistics.ProcessesPerMode}+ processes each, apart by more than {RoundStatistics.RemeasureRatio:0.##}× and more than either group spreads) are reported as two modes, the interval spanning both; " +
        $"otherwise, with 3 rounds or more, a round over {RoundStatistics.UnsettledRatio:0.##}× the median of its cell's rounds (a process that had not settled) is listed in droppedRoundsNs, not counted, " +
        "and the interval is never wider than the spread of every round";

    private static RunProgress Progress(int done, int total, string current, List<double> secondsPerCell) =>
        new(done, total, current, secondsPerCell.Count == 0 ? null : TimeSpan.FromSeconds(secondsPerCell.Average() * (total - done)));

    /// <summary>A cell's rounds so far: the first round's description (status, sizes) and each round's measurement.</summary>
    private sealed class RoundedCell(ResultCell template, bool Measured)
    {
        private readonly List<ResultCell> _rounds = [];
        private ResultCell? _failure;

        /// <summary>True once the cell has a result to show: a gate verdict given here, a round, or a failure.</summary>
        public bool HasResult => Measured || _rounds.Count > 0 || _failure is not null;

        /// <summary>How many rounds measured the cell so far.</summary>
        public int RoundCount => _rounds.Count;

        /// <summary>The cell's baseline contender, as planned.</summary>
        public string? Baseline => template.Baseline;

        /// <summary>The means of the rounds that count (<see cref="RoundStatistics.SettledRounds"/>).</summary>
        public IReadOnlyList<double> RoundMeans => [.. Counted()];

        /// <summary>True when the rounds that count still disagree by more than <see cref="RoundStatistics.UnsettledRatio"/>.</summary>
        public bool NeedsAnotherRound => _failure is null && RoundStatistics.NeedsAnotherRound(AllRoundMeans);

        private IReadOnlyList<double> AllRoundMeans => [.. _rounds.Select(r => r.MeanNs!.Value)];

        private IEnumerable<double> Counted() => CountedRounds().Select(r => r.MeanNs!.Value);

        private IEnumerable<ResultCell> CountedRounds()
        {
            var counts = RoundStatistics.Counts(AllRoundMeans);
            return _rounds.Where((_, i) => counts[i]);
        }

        /// <summary>Keeps a round; a round that did not pass (crashed, hung) makes the cell fail, with that round's reason.</summary>
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

        public ResultCell Combine(double? pooledLogVariance, MeasurementProfile profile)
        {
            if (_failure is not null)
            {
                return _failure with { Seconds = Seconds() };
            }

            if (_rounds.Count == 0)
            {
                // An unavailable contender's gate verdict (cells not reached yet are not written at all).
                return template;
            }

            var first = _rounds[0];
            var counted = CountedRounds().ToList();
            if (profile.Rounds == 1 && _rounds.Count == 1)
            {
                // One round (rounds = 1): BenchmarkDotNet's own figures, as a single-round results file has always held them.
                return first with { Baseline = template.Baseline, Seconds = Seconds() };
            }

            var dropped = RoundStatistics.SettledRounds(AllRoundMeans).Dropped;
            var withinRound = counted.Max(r => r.ErrorNs ?? 0);
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
                interval = interval with { ErrorNs = Math.Max(withinRound, Math.Min(interval.ErrorNs, spread)) };
            }

            var iterations = counted.SelectMany(r => r.IterationsNs ?? []).ToList();
            return first with
            {
                Baseline = template.Baseline,
                MeanNs = interval.MeanNs,
                ErrorNs = interval.ErrorNs,
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
