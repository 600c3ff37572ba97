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
internal sealed class RoundRunner(IRunObserver observer, IAgentClient agents, TimeProvider clock)
{
    // A single-round run's progress names each cell as a run has always named it.
    private const string FirstRound = "measuring";

    private readonly Stopwatch _clock = Stopwatch.StartNew();
    private readonly AgentCaseRunner _children = new(agents);

    public void Run(IReadOnlyList<PlannedCase> plan, MeasurementProfile profile, ResultsStore store, CancellationToken cancellation)
    {
        var budget = new BudgetClock(store.StartedAt, profile.Budget, clock, TimeSpan.FromSeconds(SecondsForReports), FirstCallReserve(plan, profile), profile.BudgetYieldsToRounds);
        var leftOut = MeasureRounds([.. plan.Select(p => p with { Operations = [.. p.Operations.Where(o => o != Operation.FirstCall)] }).Where(p => p.Operations.Count > 0)],
            profile, store, budget, cancellation);
        if (profile.FirstCallLaunches > 0 && !cancellation.IsCancellationRequested)
        {
            // Base rounds come first: a budget that did not hold them holds no first calls either (a 5 s budget ran 27 s of them).
            var notLaunched = FirstCallRunner.Run(plan, leftOut ? 0 : profile.FirstCallLaunches, new AgentFirstCallLauncher(agents), store, observer, cancellation, budget.LeavesTimeFor);
            if (notLaunched.Count > 0)
            {
                store.Update(d => d.Budget = d.Budget! with { NotMeasured = [.. d.Budget.NotMeasured, .. notLaunched] });
            }
        }

        // A stopped run keeps finishedAt null: results.json says it did not finish.
        if (!cancellation.IsCancellationRequested)
        {
            store.Finish(clock.GetUtcNow());
        }
    }

    /// <summary>True when the budget left cells unmeasured.</summary>
    private bool MeasureRounds(IReadOnlyList<PlannedCase> plan, MeasurementProfile profile, ResultsStore store, BudgetClock budget, CancellationToken cancellation)
    {
        var rounds = profile.Rounds;
        var cells = new Dictionary<CellKey, RoundedCell>();
        var order = new List<CellKey>();
        var labels = new Dictionary<CellKey, string>();
        var probes = new List<MachineProbeSample>();
        var calibration = new List<CellMeasurement>();
        var processes = new List<MeasuringProcess>();
        var odd = new HashSet<int>();
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
                cells[cell.Key] = new RoundedCell(cell, Measured: outcome is not null, odd);
                if (outcome is not null)
                {
                    unavailable.Add((cell.Key, labels[cell.Key]));
                }
            }
        }

        // One process per contender and round, across the studies: it settles and warms once for all of its cells.
        var groups = plan.Where(p => p.UnavailableReason is null)
            .GroupBy(p => (p.Runtime, p.Contender.Name, p.Study.RunsInAgent)).Select(g => g.ToList()).ToList();
        var total = (groups.Sum(g => g.Sum(p => p.Operations.Count)) * rounds) + unavailable.Count;
        var done = 0;
        VariancePrior? pooled = null;
        var extraRounds = 0;
        void MeasureGroup(List<PlannedCase> group, string stage, bool calibrate = false)
        {
            var probe = MachineProbe.Measure(profile.Clock);
            probes.Add(new MachineProbeSample(Math.Round(_clock.Elapsed.TotalSeconds, 3), Math.Round(probe.TotalNs, 1), Math.Round(probe.CoreNs, 1), Math.Round(probe.MemoryNs, 1)));
            budget.Probed(probe.CoreNs);
            var runtime = plan.Any(p => p.Runtime != group[0].Runtime) ? $" · {group[0].Runtime.Name}" : "";
            var studies = string.Join(", ", group.Select(p => p.Study.Name).Distinct());
            var label = $"{stage} · {group[0].Contender.Name}{runtime} · {studies}";
            observer.CellStarting(Progress(done, total, label, budget));
            var started = clock.GetUtcNow();
            var number = processes.Count(p => p.Group == GroupKey(group)) + 1;
            var id = processes.Count + 1;
            var measured = new List<CellKey>();
            // Sizes and compress times come from a cell's first round, and so does the gate: later rounds skip the compressors
            // and the comparisons, and the time they take (a cell that failed its gate is not sent again).
            var passed = group.All(p => p.Operations.All(o => cells[PlannedCells.Key(p, o)].RoundCount > 0));
            var measuring = passed ? profile with { Compressions = Compressions.None } : profile;
            foreach (var (planned, operation, round) in _children.Measure(group, measuring, number, passed, cancellation, calibrate))
            {
                var key = PlannedCells.Key(planned, operation);
                var rounded = cells[key];
                rounded.Add(round, id);
                measured.Add(key);
                done++;
                var cellLabel = rounds == 1 && stage == FirstRound ? PlannedCells.Label(planned, operation) : $"{stage} · {PlannedCells.Label(planned, operation)}";
                // Without a prior yet, two rounds give t with one degree of freedom (±100000%): the line shows this round's own figure instead.
                var shown = pooled is null && rounded.RoundCount > 1 ? round.Row(profile.TargetRelativeError) with { Baseline = rounded.Baseline } : rounded.Combine(pooled, profile);
                observer.CellFinished(shown, Progress(done, total, cellLabel, budget));
            }

            processes.Add(new MeasuringProcess(id, GroupKey(group), group[0].Contender.Name, number, measured, probe.CoreNs, _children.LastWarmUp, _children.LastFastestCanaryNs));
            if (calibrate && _children.LastCalibration is { } harness)
            {
                calibration.Add(harness);
            }
            budget.Spent(Work(group), clock.GetUtcNow() - started, gated: !passed);
            var allRounds = cells.ToDictionary(c => c.Key, c => c.Value.AllRounds);
            OddProcesses.Find(processes, allRounds, odd);
            pooled = Save(store, order, cells, profile, calibration, probes, d => d.OddProcesses = OddProcesses.Describe(processes, odd, allRounds, probes));
        }

        var sizes = groups.Select(Work).ToList();
        if (groups.Count > 0 && budget.Length is not null)
        {
            // The plan, from how fast this machine measures (its probe, fastest of three: one reading can land in a neighbour's burst), before the long part starts.
            for (var i = 0; i < 3; i++)
            {
                budget.Probed(MachineProbe.Measure(profile.Clock).CoreNs);
            }

            observer.Note(budget.PlanLine(sizes, rounds));
        }

        foreach (var (key, label) in unavailable)
        {
            // Shown as done at once, after the plan (a redirected log listed 118 of them above it): every cell counts in the progress.
            observer.CellFinished(cells[key].Combine(null, profile), Progress(++done, total, label, budget));
        }

        // The rounds every cell gets, before any extra round or first call: round by round, so a budget that runs out
        // leaves every cell measured as often as the others.
        for (var round = 1; round <= rounds && !cancellation.IsCancellationRequested && !budget.RanOut; round++)
        {
            // One process a round also measures the harness calibration, warmed with its cells.
            var calibrated = false;
            var roundGroups = round == 1 ? groups : TimedOnly(groups, cells);
            foreach (var group in round % 2 == 1 ? roundGroups : Enumerable.Reverse(roundGroups))
            {
                if (cancellation.IsCancellationRequested)
                {
                    break;
                }

                // A process too long for what is left is skipped: a smaller one after it in the round may still fit.
                if (budget.Fits(Work(group), gated: round == 1, baseRound: true))
                {
                    MeasureGroup(group, rounds == 1 ? FirstRound : $"round {round}/{rounds}", calibrate: !calibrated);
                    calibrated = true;
                }
            }

            // Run F1's plan promised two processes a cell, and its first round left time for one: say so when it happens.
            if (round == 1 && !budget.RanOut && budget.Revised(sizes, rounds) is { } revised)
            {
                observer.Note(revised);
            }
        }

        // Then a process in place of an odd one, and more rounds where the verdict is still open, up to the profile's most
        // rounds per cell, while the budget (less the first calls' and the reports' time) lasts.
        for (var extra = 1; !cancellation.IsCancellationRequested && !budget.RanOut; extra++)
        {
            var current = order.Where(key => cells[key].HasResult).Select(key => cells[key].Combine(pooled, profile)).ToDictionary(c => c.Key);
            var open = OpenCells(current.Values, cells, profile);
            // Replacements first, then the widest open intervals: should the budget end mid-pass, the rounds went where they narrow the most.
            var unsettled = groups.Select(g => g
                    .Select(p => p with { Operations = [.. p.Operations.Where(o => open.Contains(PlannedCells.Key(p, o)))] })
                    .Where(p => p.Operations.Count > 0).ToList())
                .Where(g => g.Count > 0)
                .OrderByDescending(g => g.Any(p => p.Operations.Any(o => cells[PlannedCells.Key(p, o)].CountedProcesses < profile.Rounds)))
                .ThenByDescending(g => g.SelectMany(p => p.Operations.Select(o => RatioInterval.LogHalfWidth(current[PlannedCells.Key(p, o)]))).Max())
                .ToList();
            if (unsettled.Count == 0)
            {
                break;
            }

            total += unsettled.Sum(g => g.Sum(p => p.Operations.Count));
            extraRounds++;
            foreach (var group in unsettled)
            {
                if (cancellation.IsCancellationRequested || !budget.Fits(Work(group), gated: false))
                {
                    break;
                }

                MeasureGroup(group, $"extra round {extra} (verdict open)");
            }
        }

        Save(store, order, cells, profile, calibration, probes);
        if (budget.Length is { } limit)
        {
            var notMeasured = order.Where(key => !cells[key].HasResult).Select(key => labels[key]).ToList();
            var once = order.Where(key => cells[key].RoundCount == 1).Select(key => labels[key]).ToList();
            store.Update(d => d.Budget = new RunBudget(limit.TotalSeconds, budget.RanOut, extraRounds, notMeasured) { MeasuredOnce = once.Count > 0 ? once : null });
            return notMeasured.Count > 0;
        }

        return false;
    }

    // After the first round: the cells that passed the gate and were timed (a failure is final).
    private static List<List<PlannedCase>> TimedOnly(List<List<PlannedCase>> groups, Dictionary<CellKey, RoundedCell> cells) =>
        [.. groups.Select(g => g.Select(p => p with { Operations = [.. p.Operations.Where(o => cells[PlannedCells.Key(p, o)].RoundCount > 0)] })
                .Where(p => p.Operations.Count > 0).ToList())
            .Where(g => g.Count > 0)];

    private static string GroupKey(IReadOnlyList<PlannedCase> group) => $"{group[0].Runtime.Name}/{group[0].Contender.Name}/{group[0].Study.RunsInAgent}";

    /// <summary>Enough extra rounds to see a second speed that one process in three lands in, or to outvote one odd round.</summary>
    public const int DisagreementRounds = 3;

    /// <summary>Closer pairs would take more rounds than a budget holds.</summary>
    public const double OpenRatio = 1.3;

    /// <summary>Cells whose rounds disagree, and pairs <see cref="OpenRatio"/> apart yet not separated; none at the most rounds or two speeds.</summary>
    private static HashSet<CellKey> OpenCells(IEnumerable<ResultCell> current, Dictionary<CellKey, RoundedCell> cells, MeasurementProfile profile)
    {
        bool CanTakeMore(CellKey key) => cells[key].RoundCount is > 0 and var count && count < profile.MaximumRounds && !cells[key].HasModes;
        // A cell whose rounds disagree, or that lost a round to an odd process, gets more (up to DisagreementRounds beyond the base).
        var open = cells.Where(c => (c.Value.NeedsAnotherRound || c.Value.CountedProcesses < profile.Rounds) && c.Value.RoundCount < profile.Rounds + DisagreementRounds && CanTakeMore(c.Key))
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

    // Each first-call launch builds one codec and calls it twice: 0.19 s on average at the project's probe (F3, 0.16 s at 2.9 ms; 0.25 kept),
    // and on your documents a call at tier 0 over the first document.
    /// <summary>The time of the first calls' passes every cell gets, at the project's machine's speed (the budget scales it by the probe); a pass past them runs only if time is left.</summary>
    internal static TimeSpan FirstCallReserve(IReadOnlyList<PlannedCase> plan, MeasurementProfile profile)
    {
        var launches = plan.Where(p => p.UnavailableReason is null).GroupBy(FirstCallRunner.LaunchKey).Select(g => g.First());
        var seconds = launches.Sum(p => SecondsPerFirstCallLaunch + (SecondsPerFirstCallMegabyte * FirstDocumentMegabytes(p)));
        return TimeSpan.FromSeconds(seconds * Math.Min(profile.FirstCallLaunches, FirstCallRunner.LeastLaunches));
    }

    // A call of a case reads every document of it: a folder of many small ones weighs their sum.
    private static ProcessWork Work(IReadOnlyList<PlannedCase> group) =>
        new(group.Sum(p => p.Operations.Count), group.Sum(p => p.Operations.Count * DataSetOf(p)?.Documents.Sum(d => d.Utf8.Length / 1e6) ?? 0));

    private static double FirstDocumentMegabytes(PlannedCase planned) => DataSetOf(planned) is { Documents: [var first, ..] } ? first.Utf8.Length / 1e6 : 0;

    private static Core.UserData.DataSet? DataSetOf(PlannedCase planned) => planned.Study.DataSets.FirstOrDefault(d => d.Name == planned.Workload.Payload.Name);

    private const double SecondsPerFirstCallLaunch = 0.25;

    // R41o/R41p: 90 launches on 1.9 MB documents took 56–58 s at a probe of 3.3 ms, since the contender reads the document itself (0.12 ran R41p 9 s over).
    private const double SecondsPerFirstCallMegabyte = 0.23;

    // F3's reports and charts took 2 s; a run on your documents writes larger ones.
    private const double SecondsForReports = 10;

    /// <summary>Returns the run's current pooled spread, for the progress display.</summary>
    private static VariancePrior? Save(ResultsStore store, List<CellKey> order, Dictionary<CellKey, RoundedCell> cells, MeasurementProfile profile,
        List<CellMeasurement> calibration, List<MachineProbeSample> probes, Action<ResultsDocument>? also = null)
    {
        var pooled = RoundStatistics.PooledLogVariance(cells.Values.Select(c => c.RoundMeans));
        // A cell not reached yet (the run was stopped) is left out, as a single-round run leaves it out.
        var combined = Ratios.WithRatios(order.Where(key => cells[key].HasResult).Select(key => cells[key].Combine(pooled, profile)).ToList());
        // One write a process: the file is rewritten whole, 0.5 MB by a default run's end.
        store.Replace(combined, document =>
        {
            also?.Invoke(document);
            document.Method = document.Method is { } method ? method with { Prior = pooled } : null;
            document.MachineProbes = [.. probes];
            if (calibration.Count > 0)
            {
                var interval = RoundStatistics.Combine([.. calibration.Select(c => c.MeanNs)], pooled, WithinRounds.Of([.. calibration.Select(c => c.IterationsNs)]));
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
        $"never below what the rounds' own iterations say (their standard error, on the iterations' pooled degrees of freedom); " +
        $"rounds that fall into two speed groups ({RoundStatistics.ProcessesPerMode}+ processes each, apart by more than {RoundStatistics.RemeasureRatio:0.##}× and more than either group spreads) are reported as two modes, the interval spanning both; " +
        $"otherwise, with 3 rounds or more, a round over {RoundStatistics.UnsettledRatio:0.##}× the median of its cell's rounds (a process that had not settled) is listed in droppedRoundsNs, not counted, " +
        $"and the interval is never wider than the spread of every round");

    private static RunProgress Progress(int done, int total, string current, BudgetClock budget) =>
        new(done, total, current, budget.Remaining(total - done));
}
