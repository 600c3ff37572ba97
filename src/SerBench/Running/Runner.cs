using System.Diagnostics;
using System.Globalization;
using System.Reflection;
using SerBench.Contenders;
using SerBench.Measurement;
using SerBench.Payloads;
using SerBench.Results;
using SerBench.Studies;
using SerBench.Verification;

namespace SerBench.Running;

/// <summary>
/// Runs a plan: for each case, the correctness gate, then (for OK and DIFFERS) one BenchmarkDotNet measurement per
/// operation. Every cell goes to the <see cref="ResultsStore"/> as soon as it is known. Cases of contenders that could
/// crash the process go to <paramref name="isolation"/> when one is given.
/// </summary>
public sealed class Runner(IMeasurer measurer, IRunObserver observer, TimeProvider clock, IIsolatedCaseRunner? isolation = null)
{
    private readonly Dictionary<(string Study, string Contender), IsolatedCaseResult> _isolatedGroups = [];

    /// <summary>Builds the results header for a run (everything but the cells).</summary>
    public static ResultsDocument NewDocument(RunRequest request, IReadOnlyList<PlannedCase> plan, string commandLine, DateTimeOffset startedAt)
    {
        var packages = new SortedDictionary<string, string>(StringComparer.Ordinal)
        {
            ["BenchmarkDotNet"] = Contender.VersionOf(typeof(BenchmarkDotNet.Running.BenchmarkRunner).Assembly),
            ["Bogus"] = Contender.VersionOf(typeof(Bogus.Faker).Assembly),
        };
        // Only libraries that are loaded: an unavailable one has no version (its reason is in its cells).
        foreach (var contender in plan.Select(p => p.Contender).Distinct().Where(c => c.UnavailableReason is null))
        {
            packages[contender.Library] = contender.LibraryVersion;
        }

        return new ResultsDocument
        {
            Tool = Tool,
            Command = commandLine,
            Profile = request.Profile.Name,
            StartedAt = startedAt,
            Environment = EnvironmentProbe.Capture(),
            Packages = packages,
            Studies = [.. request.Studies.Where(s => plan.Any(p => p.Study == s)).Select(StudyDefinition.From)],
        };
    }

    public static ToolInfo Tool { get; } = CreateTool();

    public void Run(IReadOnlyList<PlannedCase> plan, MeasurementProfile profile, ResultsStore store, CancellationToken cancellation)
    {
        // Another runtime's cells can only be measured in that runtime's agent, which the rounds runner sends them to.
        if ((profile.Rounds > 1 || plan.Any(p => !p.Runtime.IsCurrent)) && isolation is not null)
        {
            new RoundRunner(measurer, observer, isolation).Run(plan, profile, store, cancellation);
            RunFirstCalls(plan, profile, store, cancellation);
            store.Finish(clock.GetUtcNow());
            return;
        }

        // A child process (no isolation of its own) measures for a parent that records the method and calibration itself.
        if (isolation is not null)
        {
            store.Update(d => d.Method = new MeasurementMethod(1, "in-process", "BenchmarkDotNet's 99.9% confidence interval over the iterations of one process",
                MeasurementClocks.Name(profile.Clock)));
            if (plan.Any(p => p.UnavailableReason is null))
            {
                var calibration = measurer.Measure(HarnessCalibration.CreateBody(), profile, HarnessCalibration.Name);
                store.Update(d => d.Calibration = new HarnessCalibrationResult(calibration.MeanNs, calibration.ErrorNs, [calibration.MeanNs]));
            }
        }

        var total = plan.Sum(p => p.Operations.Count);
        var done = 0;
        var measuredSeconds = new List<double>();
        var baselines = new Dictionary<string, (double Mean, long? Allocated)>(StringComparer.Ordinal);
        foreach (var planned in plan)
        {
            if (cancellation.IsCancellationRequested)
            {
                return;
            }

            var firstProgress = Progress(done, total, planned, planned.Operations[0], measuredSeconds);
            observer.CellStarting(firstProgress);
            if (isolation is not null && planned.NeedsChildProcess)
            {
                foreach (var cell in RunIsolated(planned, plan, profile, baselines, cancellation))
                {
                    if (cell.MeanNs is not null && cell.Seconds is { } spent)
                    {
                        measuredSeconds.Add(spent);
                    }

                    store.Add(cell);
                    done++;
                    observer.CellFinished(cell, Progress(done, total, planned, RunRequest.ParseOperation(cell.Operation), measuredSeconds));
                }

                continue;
            }

            var gateWatch = Stopwatch.StartNew();
            var prepared = Prepare(planned);
            var gateSeconds = gateWatch.Elapsed.TotalSeconds;
            foreach (var operation in planned.Operations)
            {
                if (cancellation.IsCancellationRequested)
                {
                    return;
                }

                if (operation != planned.Operations[0])
                {
                    observer.CellStarting(Progress(done, total, planned, operation, measuredSeconds));
                }

                var watch = Stopwatch.StartNew();
                var cell = Measure(planned, prepared, operation, profile, baselines);
                var seconds = watch.Elapsed.TotalSeconds + (operation == planned.Operations[0] ? gateSeconds : 0);
                cell = cell with { Seconds = Math.Round(seconds, 3) };
                if (cell.MeanNs is not null)
                {
                    measuredSeconds.Add(seconds);
                }

                store.Add(cell);
                done++;
                observer.CellFinished(cell, Progress(done, total, planned, operation, measuredSeconds));
            }
        }

        RunFirstCalls(plan, profile, store, cancellation);
        store.Finish(clock.GetUtcNow());
    }

    /// <summary>After the steady state, the first use in fresh processes: only a parent that can start them does this.</summary>
    private void RunFirstCalls(IReadOnlyList<PlannedCase> plan, MeasurementProfile profile, ResultsStore store, CancellationToken cancellation)
    {
        if (profile.FirstCallLaunches > 0 && isolation is FirstCall.IFirstCallLauncher launcher && !cancellation.IsCancellationRequested)
        {
            FirstCall.FirstCallRunner.Run(plan, profile.FirstCallLaunches, launcher, store, observer, cancellation);
        }
    }

    /// <summary>
    /// Measures a case of a crash-prone contender in another process. The first case of a contender in a study starts
    /// one process for all of its cases; their cells are kept and handed out case by case, with ratios against this
    /// run's baselines. If that process died, each case it did not finish is retried alone, so a crash costs only the
    /// cells of the case that crashes, which are recorded as CRASH with the reason the process ended.
    /// </summary>
    private IEnumerable<ResultCell> RunIsolated(PlannedCase planned, IReadOnlyList<PlannedCase> plan, MeasurementProfile profile,
        Dictionary<string, (double Mean, long? Allocated)> baselines, CancellationToken cancellation)
    {
        var key = (planned.Study.Name, planned.Contender.Name);
        if (!_isolatedGroups.TryGetValue(key, out var group))
        {
            var cases = plan.Where(p => p.Study.Name == key.Item1 && p.Contender.Name == key.Item2).ToList();
            group = isolation!.RunGroup(cases, profile, cancellation);
            _isolatedGroups[key] = group;
        }

        IsolatedCaseResult? alone = null;
        foreach (var operation in planned.Operations)
        {
            var measured = Find(group.Cells, planned, operation);
            if (measured is null && group.Failure is not null && !cancellation.IsCancellationRequested)
            {
                alone ??= isolation!.Run(planned, profile, cancellation);
                measured = Find(alone.Cells, planned, operation);
            }

            if (measured is not null)
            {
                yield return WithRatios(measured with { Baseline = planned.Baseline }, planned, operation, baselines);
                continue;
            }

            if (cancellation.IsCancellationRequested)
            {
                yield break;
            }

            var reason = "the separate process measuring this contender ended before this cell: " + (alone?.Failure ?? group.Failure ?? "no result written");
            yield return Describe(planned, operation, new Verdict(VerificationStatus.Crash, reason));
        }
    }

    internal static ResultCell? Find(IReadOnlyList<ResultCell> cells, PlannedCase planned, Operation operation)
    {
        var expected = Describe(planned, operation, Verdict.Ok).Key;
        return cells.FirstOrDefault(c => c.Key == expected);
    }

    /// <summary>Sets Ratio and Alloc Ratio of every cell against its baseline's cell in the same list (same study, payload, shape, count, operation).</summary>
    internal static IReadOnlyList<ResultCell> WithRatios(IReadOnlyList<ResultCell> cells)
    {
        var baselines = cells.Where(c => c.Contender == c.Baseline && c.MeanNs is not null)
            .GroupBy(c => c.Key with { Contender = "" }).ToDictionary(g => g.Key, g => g.First());
        return [.. cells.Select(cell => cell.MeanNs is not { } mean || !baselines.TryGetValue(cell.Key with { Contender = "" }, out var baseline)
            ? cell with { Ratio = null, AllocRatio = null }
            : cell with
            {
                Ratio = baseline.MeanNs > 0 ? mean / baseline.MeanNs : null,
                AllocRatio = baseline.AllocatedBytes > 0 && cell.AllocatedBytes is { } allocated ? (double)allocated / baseline.AllocatedBytes.Value : null,
            })];
    }

    /// <summary>Runs only the correctness gate for every case of the plan.</summary>
    public static IReadOnlyList<(PlannedCase Case, Verdict Verdict, long? PayloadBytes)> Verify(IReadOnlyList<PlannedCase> plan) =>
        [.. plan.Select(p =>
        {
            var prepared = Prepare(p);
            return (p, prepared.Verdict, prepared.PayloadBytes);
        })];

    internal static PreparedCase Prepare(PlannedCase planned)
    {
        if (planned.RuntimeUnavailableReason is { } agentMissing)
        {
            return PreparedCase.Failed(new Verdict(VerificationStatus.Unavailable, agentMissing));
        }

        try
        {
            return Verifier.Prepare(planned.Contender, planned.Study.Conventions, planned.Workload);
        }
#pragma warning disable CA1031 // Whatever escapes the gate is a CRASH of that contender, not of the run.
        catch (Exception exception)
#pragma warning restore CA1031
        {
            return PreparedCase.Failed(Verdict.CrashFrom("verification", exception));
        }
    }

    private ResultCell Measure(PlannedCase planned, PreparedCase prepared, Operation operation, MeasurementProfile profile,
        Dictionary<string, (double Mean, long? Allocated)> baselines)
    {
        var verdict = prepared.VerdictFor(operation);
        var cell = Describe(planned, operation, verdict) with
        {
            PayloadBytes = prepared.Sizes?.Bytes,
            GzipBytes = prepared.Sizes?.GzipBytes,
            BrotliBytes = prepared.Sizes?.BrotliBytes,
        };
        if (!verdict.IsTimed)
        {
            return cell;
        }

        CellMeasurement measured;
        try
        {
            measured = measurer.Measure(prepared.CreateBody(operation), profile, CellLabel(planned, operation));
        }
        catch (MeasurementException exception)
        {
            return cell with { Status = Verdict.LabelOf(VerificationStatus.Crash), Reason = Verdict.FirstLine(exception.Message) };
        }

        return WithRatios(cell with
        {
            MeanNs = measured.MeanNs,
            ErrorNs = measured.ErrorNs,
            StdDevNs = measured.StdDevNs,
            MedianNs = measured.MedianNs,
            AllocatedBytes = measured.AllocatedBytes,
            Gen0 = measured.Gen0,
            Gen1 = measured.Gen1,
            Gen2 = measured.Gen2,
            Noisy = measured.MeanNs > 0 && measured.ErrorNs / measured.MeanNs > profile.TargetRelativeError,
            IterationsNs = measured.IterationsNs,
        }, planned, operation, baselines);
    }

    /// <summary>Sets Ratio and Alloc Ratio against the baseline measured earlier in this run (the baseline is planned first).</summary>
    private static ResultCell WithRatios(ResultCell cell, PlannedCase planned, Operation operation, Dictionary<string, (double Mean, long? Allocated)> baselines)
    {
        if (cell.MeanNs is not { } mean)
        {
            return cell;
        }

        var groupKey = string.Join('|', planned.Study.Name, planned.Workload.Payload.Name, planned.Workload.Shape, planned.Workload.Count, operation);
        if (planned.Contender.Name == planned.Baseline)
        {
            baselines[groupKey] = (mean, cell.AllocatedBytes);
        }

        if (!baselines.TryGetValue(groupKey, out var baseline))
        {
            return cell with { Ratio = null, AllocRatio = null };
        }

        return cell with
        {
            Ratio = baseline.Mean > 0 ? mean / baseline.Mean : null,
            AllocRatio = baseline.Allocated > 0 && cell.AllocatedBytes is { } allocated ? (double)allocated / baseline.Allocated.Value : null,
        };
    }

    internal static ResultCell Describe(PlannedCase planned, Operation operation, Verdict verdict) => Describe(planned, RunRequest.OperationName(operation), verdict);

    internal static ResultCell Describe(PlannedCase planned, string operation, Verdict verdict) => new()
    {
        Study = planned.Study.Name,
        Contender = planned.Contender.Name,
        Library = planned.Contender.Library,
        LibraryVersion = planned.Contender.LibraryVersion,
        Format = planned.Contender.Format.ToString().ToLowerInvariant(),
        TextMode = planned.Contender.TextMode.ToString().ToLowerInvariant(),
        Generation = GenerationName(planned.Contender.Generation),
        NativeAot = AotName(planned.Contender.NativeAot),
        Licence = planned.Contender.Licence,
        Reference = planned.Contender.IsReference,
        Note = planned.Contender.Note,
        Payload = planned.Workload.Payload.Name,
        Shape = RunRequest.ShapeName(planned.Workload.Shape),
        Count = planned.Workload.CellCount,
        Operation = operation,
        Status = verdict.Label,
        Reason = verdict.Reason,
        Baseline = planned.Baseline,
        Runtime = planned.Runtime.Name,
        // Only a process of that runtime knows its exact version; the parent describes other runtimes' cells without one.
        RuntimeVersion = planned.Runtime.IsCurrent ? Environment.Version.ToString() : null,
    };

    public static string GenerationName(Generation generation) => generation switch
    {
        Generation.SourceGenerated => "source-generated",
        Generation.HandWritten => "hand-written",
        Generation.RuntimeIlEmit => "run-time-il-emit",
        _ => "reflection",
    };

    public static string AotName(AotSupport support) => support == AotSupport.Safe ? "safe" : "not-safe";

    public static string CellLabel(PlannedCase planned, Operation operation)
    {
        var workload = planned.Workload;
        var shape = workload.Shape switch
        {
            Shape.Object => "1 object",
            Shape.List => $"list of {workload.Count.ToString("N0", CultureInfo.InvariantCulture)}",
            _ => $"{workload.Count.ToString("N0", CultureInfo.InvariantCulture)} calls",
        };
        return $"{planned.Study.Name} · {planned.Contender.Name} · {workload.Payload.Name} {shape} · {RunRequest.OperationName(operation)}";
    }

    private static RunProgress Progress(int done, int total, PlannedCase planned, Operation operation, List<double> measuredSeconds) =>
        new(done, total, CellLabel(planned, operation),
            measuredSeconds.Count == 0 ? null : TimeSpan.FromSeconds(measuredSeconds.Average() * (total - done)));

    private static ToolInfo CreateTool()
    {
        var informational = typeof(Runner).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion ?? "0.0.0";
        var plus = informational.IndexOf('+', StringComparison.Ordinal);
        return plus < 0
            ? new ToolInfo("SerBench", informational, null)
            : new ToolInfo("SerBench", informational[..plus], informational[(plus + 1)..]);
    }
}
