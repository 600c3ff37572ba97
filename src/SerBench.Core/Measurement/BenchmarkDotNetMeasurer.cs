using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using System.Reflection;
using System.Runtime.CompilerServices;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Engines;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using BenchmarkDotNet.Toolchains.InProcess.NoEmit;
using Perfolizer.Horology;

namespace SerBench.Core.Measurement;

/// <summary>One cell per BenchmarkDotNet run, in-process (no generated child projects), with the memory diagnoser, after <see cref="WarmUpRule"/>'s warm-up.</summary>
internal sealed class BenchmarkDotNetMeasurer(TextWriter log, string artifactsPath, HostSpeed? hostSpeed = null) : IMeasurer
{
    private readonly HostSpeed _host = hostSpeed ?? HostSpeed.Process;

    public static bool IsDebugBuild { get; } =
        typeof(CellBenchmark).Assembly.GetCustomAttribute<DebuggableAttribute>()?.IsJITOptimizerDisabled ?? false;

    // CellBenchmark takes its body through a static: two measurers in one process would time each other's bodies.
    private static readonly object OneRunAtATime = new();

    private bool _engineWarmedUp;

    /// <summary>Set after a run passed BenchmarkDotNet's check that CellBenchmark's assembly and its references are optimized: the same answer every run, ~4 ms each.</summary>
    private bool _optimizationsChecked;

    /// <summary>Set once a spell outlasted <see cref="SpellWait"/>, or the host read slow most of the time from the start: on such a host a re-measure is as slow, and the other rounds outvote the process.</summary>
    private bool _spellsOutlastTheWait;

    /// <summary>Bodies warmed by <see cref="WarmTogether"/>, with their time per call, until each is measured.</summary>
    private readonly Dictionary<Func<object?>, double> _warmedTogether = new(ReferenceEqualityComparer.Instance);

    public CellMeasurement Measure(Func<object?> body, MeasurementProfile profile, string cellName)
    {
        // A body not warmed with others (the calibration cell, a single cell) is warmed on its own first.
        if (!_warmedTogether.ContainsKey(body))
        {
            WarmTogether([body], profile);
        }

        EnsureEngineWarmedUp(profile);
        return Run(body, profile, cellName, _warmedTogether.Remove(body, out var nanosecondsPerCall) ? nanosecondsPerCall : 0);
    }

    public string? LastWarmUp { get; private set; }

    public IReadOnlyList<Exception?> WarmTogether(IReadOnlyList<Func<object?>> bodies, MeasurementProfile profile)
    {
        var faults = new Exception?[bodies.Count];
        if (profile.PreWarm <= TimeSpan.Zero || bodies.Count == 0)
        {
            return faults;
        }

        using var tiering = WarmUpRule.TiersUp ? new TieringWatch() : null;
        EnsureEngineWarmedUp(profile, tiering);
        // Each body gets a turn per cycle, so the limits grow a little with the number of bodies; the tiering queue is shared.
        var extra = TimeSpan.FromMilliseconds(100 * (bodies.Count - 1));
        var warm = WarmUpRule.WarmUntilSteady(bodies, profile.PreWarm, profile.MaximumWarm + extra, profile.MaximumWarmWhileCompiling + extra + extra, faults, tiering);
        LastWarmUp = $"{warm.Elapsed.TotalMilliseconds:0} ms {warm.Ending} ({warm.Compiled} compiled meanwhile)";
        log.WriteLine($"// SerBench: warmed {bodies.Count} cell(s) together {LastWarmUp}; " +
            string.Join(", ", warm.NanosecondsPerCall.Select(ns => ns.ToString("0.#", CultureInfo.InvariantCulture))) + " ns per call");
        for (var i = 0; i < bodies.Count; i++)
        {
            if (faults[i] is null)
            {
                _warmedTogether[bodies[i]] = warm.NanosecondsPerCall[i];
            }
        }

        return faults;
    }

    private void EnsureEngineWarmedUp(MeasurementProfile profile, TieringWatch? tiering = null)
    {
        if (_engineWarmedUp)
        {
            return;
        }

        // A throwaway cell settles BenchmarkDotNet's engine and start-up code before any real cell (docs/performance.md#the-method).
        _engineWarmedUp = true;
        QuietHostEnvironment.Install();
        _host.Calibrate();
        // Such a host fails most waits anyway (51–56 of 66 processes in a default run), and each failed wait ends re-measures.
        _spellsOutlastTheWait = _host.SlowWhenSpaced >= HostSpeed.SpacedReadings - 1;
        var never = _spellsOutlastTheWait ? "; no cell of this process waits for a fast spell or is measured again (its other rounds outvote a slow process)" : "";
        log.WriteLine(string.Create(CultureInfo.InvariantCulture, $"// SerBench: the host read slow in {_host.SlowWhenSpaced} of {HostSpeed.SpacedReadings} readings 5 ms apart{never}"));

        var scratch = new byte[256];
        Func<object?> warmUpBody = () => Convert.ToBase64String(scratch);
        // Three batches only size the throwaway's iterations: waiting for its tiering cost 0.4 s a process and the cells' warm-up drains the queue anyway.
        var warmUpNs = profile.PreWarm > TimeSpan.Zero ? Enumerable.Range(0, 3).Select(_ => WarmUpRule.RunBatch(warmUpBody, Stopwatch.StartNew())).Last() : 0;
        Run(warmUpBody, profile, "(engine warm-up, discarded)", warmUpNs, engineWarmUp: true);
        if (profile.PreWarm > TimeSpan.Zero && tiering is not { Enabled: true })
        {
            // Without the runtime's tiering events the cells' warm-up cannot see the first wave pass: wait for it here.
            var (waited, compiled) = WarmUpRule.AwaitFirstTieringWave(warmUpBody);
            log.WriteLine($"// SerBench: waited {waited.TotalMilliseconds:0} ms for the process's first tier-1 wave ({compiled} compiled meanwhile)");
        }
    }

    /// <summary>Measures a cell again when the host was slow for more than this share of its measured iterations.</summary>
    private const double SlowShareToRedo = 0.25;

    private const int MostRedos = 2;

    // A tenth of a second: of 32 waits that passed in run D15 (a host slow most of the time), 26 did within it; 47 failed at 0.25 s.
    private static readonly TimeSpan SpellWait = TimeSpan.FromMilliseconds(100);

    private CellMeasurement Run(Func<object?> body, MeasurementProfile profile, string cellName, double nanosecondsPerCall, bool engineWarmUp = false)
    {
        lock (OneRunAtATime)
        {
            var job = WithInvocationCount(profile, nanosecondsPerCall, engineWarmUp).WithToolchain(Toolchain(profile));
            if (!engineWarmUp && AllocatesOnTheLargeObjectHeap(body))
            {
                job = ForLargeObjects(job);
            }

            var iterationTime = TimeSpan.FromMilliseconds(job.ResolveValue(BenchmarkDotNet.Jobs.RunMode.IterationTimeCharacteristic, EngineResolver.Instance).ToMilliseconds());
            var iterations = job.HasValue(BenchmarkDotNet.Jobs.RunMode.IterationCountCharacteristic) ? job.Run.IterationCount : int.MaxValue;
            (CellMeasurement Measured, double SlowShare)? best = null;
            for (var attempt = 0; ; attempt++)
            {
                var clock = new HostSpeedClock(profile.Clock == MeasurementClock.Cpu ? CpuTimeClock.Instance : Chronometer.BestClock, _host);
                var measured = RunAlone(body, job.WithClock(clock), profile, cellName);
                var (judged, slow) = clock.Judge(iterationTime, iterations);
                var share = judged == 0 ? 0 : (double)slow / judged;
                log.WriteLine(string.Create(CultureInfo.InvariantCulture, $"// SerBench: host slow in {slow} of {judged} measured iterations"));
                if (best is null || share < best.Value.SlowShare)
                {
                    best = (measured, share);
                }

                if (engineWarmUp || share <= SlowShareToRedo || attempt == MostRedos || _spellsOutlastTheWait)
                {
                    return best.Value.Measured;
                }

                // A slow spell of the host (HostSpeed) covered the iterations: wait for it to pass and measure again, keeping the least slowed.
                var waited = Stopwatch.StartNew();
                if (!_host.AwaitFast(SpellWait))
                {
                    _spellsOutlastTheWait = true;
                    log.WriteLine(string.Create(CultureInfo.InvariantCulture, $"// SerBench: the host stayed slow through a {SpellWait.TotalMilliseconds:0} ms wait; no cell of this process is measured again (its other rounds outvote a slow process)"));
                    return best.Value.Measured;
                }

                log.WriteLine(string.Create(CultureInfo.InvariantCulture, $"// SerBench: the host was fast again after {waited.ElapsedMilliseconds} ms; measuring the cell again"));
            }
        }
    }

    /// <summary>
    /// As BenchmarkDotNet's default job, one iteration's large objects are collected before the next, not inside it. No
    /// overhead iterations: each would force a full collection too (~20 a cell, 0.9 s for a 2 MB document's serialize),
    /// to subtract ~1 ns from a call that makes an 85,000 B object.
    /// </summary>
    internal static Job ForLargeObjects(Job job) => job.WithGcForce(true).WithEvaluateOverhead(false);

    /// <summary>
    /// Whether one call puts an object on the large-object heap (85,000 B or more), collected only with gen 2. Counting all of a
    /// call's bytes instead forced collections on half the cells (10,000 small objects), 0.35 s a cell and round.
    /// </summary>
    internal static bool AllocatesOnTheLargeObjectHeap(Func<object?> body)
    {
        // A young collection records every generation's size, the large-object heap's included, which it leaves alone.
        GC.Collect(0, GCCollectionMode.Forced, blocking: true);
        var (before, fullCollections) = (LargeObjectHeapBytes(), GC.CollectionCount(2));
        try
        {
            GC.KeepAlive(body());
        }
        catch (Exception)
        {
            return false; // The measurement itself records the fault.
        }

        GC.Collect(0, GCCollectionMode.Forced, blocking: true);
        return GC.CollectionCount(2) != fullCollections || LargeObjectHeapBytes() > before;
    }

    // Less its free space: a new object in a hole an older one left grows this, not the heap's size.
    private static long LargeObjectHeapBytes() =>
        GC.GetGCMemoryInfo(GCKind.Ephemeral).GenerationInfo[3] is var heap ? heap.SizeBeforeBytes - heap.FragmentationBeforeBytes : 0;

    private CellMeasurement RunAlone(Func<object?> body, Job job, MeasurementProfile profile, string cellName)
    {
        CellBenchmark.Body = body;
        CellBenchmark.Fault = null;
        log.WriteLine($"=== {cellName}");
        var config = ManualConfig.CreateEmpty()
            .AddJob(job)
            .AddDiagnoser(profile.MeasuresAllocations ? [MemoryDiagnoser.Default] : [])
            .AddLogger(new TextWriterLogger(log))
            .WithArtifactsPath(artifactsPath)
            .WithOptions(ConfigOptions.DisableLogFile | (IsDebugBuild || _optimizationsChecked ? ConfigOptions.DisableOptimizationsValidator : ConfigOptions.Default));
        try
        {
            var summary = BenchmarkRunner.Run(typeof(CellBenchmark), config);
            var report = summary.Reports.FirstOrDefault();
            if (CellBenchmark.Fault is { } fault)
            {
                throw MeasurementException.Threw(fault);
            }

            if (report?.ResultStatistics is not { } statistics || !report.Success)
            {
                var why = summary.ValidationErrors.FirstOrDefault()?.Message
                    ?? $"BenchmarkDotNet reported no result (hung past {profile.Timeout.TotalSeconds:0} s, or failed; see benchmarkdotnet.log)";
                throw new MeasurementException(why);
            }

            _optimizationsChecked = true;
            var operations = report.GcStats.TotalOperations;
            var counted = profile.MeasuresAllocations;
            double? PerThousand(int collections) => !counted ? null : operations == 0 ? 0 : collections * 1000.0 / operations;
            return new CellMeasurement
            {
                MeanNs = statistics.Mean,
                ErrorNs = double.IsNaN(statistics.ConfidenceInterval.Margin) ? 0 : statistics.ConfidenceInterval.Margin,
                StdDevNs = statistics.StandardDeviation,
                MedianNs = statistics.Median,
                AllocatedBytes = counted ? report.GcStats.GetBytesAllocatedPerOperation(report.BenchmarkCase) : null,
                Gen0 = PerThousand(report.GcStats.Gen0Collections),
                Gen1 = PerThousand(report.GcStats.Gen1Collections),
                Gen2 = PerThousand(report.GcStats.Gen2Collections),
                IterationsNs = statistics.WithoutOutliers(),
                // Result measurements restate the actual ones, corrected for overhead: counted once.
                Calls = report.AllMeasurements.Where(m => m.IterationMode == IterationMode.Workload && m.IterationStage != IterationStage.Result).Sum(m => m.Operations),
            };
        }
        finally
        {
            CellBenchmark.Body = static () => null;
            log.Flush();
        }
    }

    /// <summary>
    /// No-emit under Native AOT. Its runner finds two of its own types by name; without these dependencies the trimmer drops
    /// them and BenchmarkDotNet finds no benchmark (or fails with "missing native code or metadata").
    /// </summary>
    [DynamicDependency(DynamicallyAccessedMemberTypes.All, typeof(CellBenchmark))]
    [DynamicDependency("RunCore", "BenchmarkDotNet.Toolchains.InProcess.NoEmit.InProcessNoEmitRunner.Runnable", "BenchmarkDotNet")]
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicConstructors, "BenchmarkDotNet.Toolchains.InProcess.NoEmit.BenchmarkActionFactory.BenchmarkAction`1", "BenchmarkDotNet")]
    private static BenchmarkDotNet.Toolchains.IToolchain Toolchain(MeasurementProfile profile) => RuntimeFeature.IsDynamicCodeSupported
        ? new InProcessEmitToolchain(profile.Timeout, logOutput: false)
        : new InProcessNoEmitToolchain(profile.Timeout, logOutput: false);

    // Unrolled 16 times like BenchmarkDotNet's default, except for calls so slow that 16 of them overfill an iteration.
    private static Job WithInvocationCount(MeasurementProfile profile, double nanosecondsPerCall, bool engineWarmUp)
    {
        var job = profile.CreateJob();
        if (!profile.InvocationsFromWarmUp || nanosecondsPerCall <= 0)
        {
            return job;
        }

        if (engineWarmUp)
        {
            // Only BenchmarkDotNet's own code needs to run here (compiled and tiered once per process), not a measurement.
            job = job.WithIterationTime(Perfolizer.Horology.TimeInterval.FromMilliseconds(5)).WithWarmupCount(1).WithIterationCount(3);
        }

        var target = job.Run.IterationTime.ToNanoseconds() / nanosecondsPerCall;
        return target >= 16
            ? job.WithUnrollFactor(16).WithInvocationCount(16 * (long)Math.Round(target / 16))
            : job.WithUnrollFactor(1).WithInvocationCount(Math.Max(1, (long)Math.Round(target)));
    }

    private sealed class TextWriterLogger(TextWriter writer) : ILogger
    {
        public string Id => nameof(TextWriterLogger);

        public int Priority => 0;

        public void Write(LogKind logKind, string text) => writer.Write(text);

        public void WriteLine() => writer.WriteLine();

        public void WriteLine(LogKind logKind, string text) => writer.WriteLine(text);

        public void Flush() => writer.Flush();
    }
}
