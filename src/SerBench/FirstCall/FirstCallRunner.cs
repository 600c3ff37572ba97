using System.Diagnostics;
using SerBench.Core.FirstCall;
using SerBench.Core.Results;
using SerBench.Core.Running;
using SerBench.Core.Statistics;
using SerBench.Core.Studies;
using SerBench.Core.Verification;
using SerBench.Results;

namespace SerBench.FirstCall;

internal interface IFirstCallLauncher
{
    FirstCallLaunch Launch(PlannedCase planned, CancellationToken cancellation);
}

internal sealed record FirstCallLaunch(FirstCallSample? Sample, string? Failure);

/// <summary>Codec creation and the first serialize and deserialize, timed in fresh processes after the steady-state cells.</summary>
internal static class FirstCallRunner
{
    /// <summary>Passes every cell gets whatever the budget says: one process alone never ranks a first call.</summary>
    public const int LeastLaunches = 2;

    // Launches are spread in passes (pass 2 in reverse), as rounds are: back to back, a cell's processes all saw one moment of the machine (docs/performance.md).
    // A pass past LeastLaunches starts only when leavesTimeFor says another one after it would still end in time.
    /// <returns>With <paramref name="launches"/> 0, the cells that would have been launched; the others are recorded as ever.</returns>
    public static IReadOnlyList<string> Run(IReadOnlyList<PlannedCase> plan, int launches, IFirstCallLauncher launcher, ResultsStore store, IRunObserver observer,
        CancellationToken cancellation, Func<TimeSpan, bool>? leavesTimeFor = null)
    {
        var cases = plan.GroupBy(p => (p.Runtime, p.Study.Name, p.Contender.Name, p.Workload.Payload.Name)).Select(g => g.First())
            .Select(planned => new PendingCell(planned, OutcomeOf(planned, store.Cells))).ToList();
        // Two studies with the same conventions time the same first call (web-api's and shootout's person): launched once, shown in both.
        var timed = cases.Where(c => c.Outcome.IsTimed)
            .GroupBy(c => LaunchKey(c.Planned))
            .Select(g => g.ToList()).ToList();
        var (done, total) = (0, cases.Count(c => !c.Outcome.IsTimed) + (timed.Count * launches));

        foreach (var pending in cases.Where(c => !c.Outcome.IsTimed))
        {
            Finish(pending, plan, store, observer, new RunProgress(++done, total, Label(pending.Planned, plan), null));
        }

        if (launches <= 0)
        {
            return [.. timed.SelectMany(same => same).Select(c => PlannedCells.Label(c.Planned, Operation.FirstCall))];
        }

        var firstPass = TimeSpan.Zero;
        for (var pass = 0; pass < launches; pass++)
        {
            var passWatch = Stopwatch.StartNew();
            // Decided before the pass, so its cells are written as each one's last launch ends: the next pass would take about as long as the first.
            var last = pass == launches - 1 || (pass + 1 >= LeastLaunches && leavesTimeFor is not null && !leavesTimeFor(firstPass * 2));
            if (last)
            {
                total -= timed.Count * (launches - pass - 1);
                launches = pass + 1;
            }
            foreach (var same in pass % 2 == 0 ? timed : Enumerable.Reverse(timed))
            {
                if (cancellation.IsCancellationRequested)
                {
                    return [];
                }

                var pending = same[0];
                var label = Label(pending.Planned, plan, same.Select(s => s.Planned.Study.Name)) + $" · process {pass + 1}/{launches}";
                observer.CellStarting(new RunProgress(done, total, label, null));
                if (pending.Failure is null)
                {
                    var launch = launcher.Launch(pending.Planned, cancellation);
                    if (cancellation.IsCancellationRequested)
                    {
                        return [];
                    }

                    foreach (var twin in same)
                    {
                        if (launch.Sample is null)
                        {
                            twin.Failure = launch.Failure ?? "no sample";
                        }
                        else
                        {
                            twin.Samples.Add(launch.Sample);
                        }
                    }
                }

                done++;
                if (last)
                {
                    foreach (var twin in same)
                    {
                        Finish(twin, plan, store, observer, new RunProgress(done, total, label, null));
                    }
                }
            }

            firstPass = pass == 0 ? passWatch.Elapsed : firstPass;
        }

        store.Replace(Ratios.WithRatios(WithPooledErrors(store.Cells)));
        return [];
    }

    /// <summary>Cases with one key time the same first call: same runtime, contender, payload model and conventions.</summary>
    internal static object LaunchKey(PlannedCase planned) =>
        (planned.Runtime, planned.Contender.Name, planned.Workload.Payload, planned.Study.Conventions);

    private sealed class PendingCell(PlannedCase planned, GateOutcome outcome)
    {
        public PlannedCase Planned { get; } = planned;

        public GateOutcome Outcome { get; } = outcome;

        public List<FirstCallSample> Samples { get; } = [];

        /// <summary>Why a launch gave no sample: the cell is CRASH and gets no more launches.</summary>
        public string? Failure { get; set; }
    }

    private static string Label(PlannedCase planned, IReadOnlyList<PlannedCase> plan, IEnumerable<string>? studies = null) =>
        $"first call · {string.Join(", ", studies ?? [planned.Study.Name])} · {planned.Contender.Name} · {planned.Workload.Payload.Name}" +
        (plan.Any(p => p.Runtime != planned.Runtime) ? $" · {planned.Runtime.Name}" : "");

    /// <summary>Writes the cell as soon as its launches are done, before the run goes on.</summary>
    private static void Finish(PendingCell pending, IReadOnlyList<PlannedCase> plan, ResultsStore store, IRunObserver observer, RunProgress progress)
    {
        var cell = Describe(pending.Planned, pending.Outcome, pending.Samples, pending.Failure);
        if (MeasuredBy(pending.Planned, store.Cells) is { } sibling)
        {
            // Another runtime's versions are known only to the process that ran there: the steady-state cells carry them.
            cell = cell with { LibraryVersion = sibling.LibraryVersion, RuntimeVersion = sibling.RuntimeVersion };
        }

        store.Add(cell);
        observer.CellFinished(cell, progress);
    }

    /// <summary>Three to five processes give a poor spread (t with 2 degrees of freedom is 31 at 99.9%): moderated with the pooled one, as rounds are.</summary>
    internal static IReadOnlyList<ResultCell> WithPooledErrors(IReadOnlyList<ResultCell> cells)
    {
        // A first call shown in two studies is one set of processes: counted once.
        var samples = cells.Where(c => c.Operation == Operation.FirstCall && c.RoundsNs is { Count: > 1 })
            .Select(c => c.RoundsNs!).DistinctBy(totals => string.Join(',', totals)).ToList();
        var pooled = RoundStatistics.PooledLogVariance(samples);
        return [.. cells.Select(c => c.Operation != Operation.FirstCall || c.RoundsNs is not { Count: > 1 } totals || c.MeanNs is not { } median ? c
            : c with { ErrorNs = RelativeError(RoundStatistics.Combine(totals, pooled)) * median })];
    }

    private static double RelativeError(RoundStatistics.Interval interval) => interval.MeanNs > 0 ? interval.ErrorNs / interval.MeanNs : 0;

    private static ResultCell? MeasuredBy(PlannedCase planned, IReadOnlyList<ResultCell> cells) =>
        SameCase(planned, cells).FirstOrDefault(c => c.RuntimeVersion is not null);

    private static IEnumerable<ResultCell> SameCase(PlannedCase planned, IReadOnlyList<ResultCell> cells) =>
        cells.Where(c => c.Runtime == planned.Runtime.Name && c.Study == planned.Study.Name && c.Contender == planned.Contender.Name
                         && c.Payload == planned.Workload.Payload.Name && c.Operation != Operation.FirstCall);

    /// <summary>Timed when a steady-state sibling was, else its outcome; without siblings (<c>--ops first-call</c>) gated here when that cannot crash us.</summary>
    internal static GateOutcome OutcomeOf(PlannedCase planned, IReadOnlyList<ResultCell> cells)
    {
        if (planned.UnavailableReason is { } unavailable)
        {
            return new GateOutcome(VerificationStatus.Unavailable, unavailable);
        }

        var same = SameCase(planned, cells).ToList();
        if (same.Count == 0)
        {
            return planned.NeedsChildProcess ? GateOutcome.Ok : Gate.Verify([ObjectCase(planned)])[0].Outcome;
        }

        if (same.Any(c => c.MeanNs is not null))
        {
            return GateOutcome.Ok;
        }

        var first = same[0];
        return new GateOutcome(first.Status, first.Reason);
    }

    /// <summary>A first call is one object of the case's payload, whatever the case's shape.</summary>
    private static PlannedCase ObjectCase(PlannedCase planned) => planned with { Workload = planned.Workload with { Shape = Core.Payloads.Shape.Object, Count = 1 } };

    private static ResultCell Describe(PlannedCase planned, GateOutcome outcome, IReadOnlyList<FirstCallSample> samples, string? failure)
    {
        var cell = PlannedCells.Describe(ObjectCase(planned), Operation.FirstCall, outcome);
        if (!outcome.IsTimed)
        {
            return cell;
        }

        if (failure is not null || samples.Count == 0)
        {
            return cell with { Status = VerificationStatus.Crash, Reason = "the first use crashed its fresh process: " + failure };
        }

        var totalsNs = samples.Select(s => s.TotalMicroseconds * 1000).ToList();
        // Each process is one sample of a skewed distribution (a slow disk, a busy neighbour): the median is the figure.
        var median = RoundStatistics.Median(totalsNs);
        return cell with
        {
            MeanNs = median,
            ErrorNs = RelativeError(RoundStatistics.Combine(totalsNs, prior: null)) * median,
            MedianNs = median,
            RoundsNs = totalsNs,
            FirstCall = new FirstCallBreakdown(RoundStatistics.Median([.. samples.Select(s => s.CreateMicroseconds)]),
                RoundStatistics.Median([.. samples.Select(s => s.SerializeMicroseconds)]), RoundStatistics.Median([.. samples.Select(s => s.DeserializeMicroseconds)])),
        };
    }
}
