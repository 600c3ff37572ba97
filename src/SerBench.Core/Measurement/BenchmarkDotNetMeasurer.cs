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

namespace SerBench.Core.Measurement;

/// <summary>One cell per BenchmarkDotNet run, in-process (no generated child projects), with the memory diagnoser.</summary>
internal sealed class BenchmarkDotNetMeasurer(TextWriter log, string artifactsPath) : IMeasurer
{
    public static bool IsDebugBuild { get; } =
        typeof(CellBenchmark).Assembly.GetCustomAttribute<DebuggableAttribute>()?.IsJITOptimizerDisabled ?? false;

    // CellBenchmark takes its body through a static: two measurers in one process would time each other's bodies.
    private static readonly object OneRunAtATime = new();

    private bool _engineWarmedUp;

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

        using var tiering = TiersUp ? new TieringWatch() : null;
        EnsureEngineWarmedUp(profile, tiering);
        // Each body gets a turn per cycle, so the limits grow a little with the number of bodies; the tiering queue is shared.
        var extra = TimeSpan.FromMilliseconds(100 * (bodies.Count - 1));
        var warm = WarmUntilSteady(bodies, profile.PreWarm, profile.MaximumWarm + extra, profile.MaximumWarmWhileCompiling + extra + extra, faults, tiering);
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
        var scratch = new byte[256];
        Func<object?> warmUpBody = () => Convert.ToBase64String(scratch);
        // Three batches only size the throwaway's iterations: waiting for its tiering cost 0.4 s a process and the cells' warm-up drains the queue anyway.
        var warmUpNs = profile.PreWarm > TimeSpan.Zero ? Enumerable.Range(0, 3).Select(_ => RunBatch(warmUpBody, Stopwatch.StartNew())).Last() : 0;
        Run(warmUpBody, profile, "(engine warm-up, discarded)", warmUpNs, engineWarmUp: true);
        if (profile.PreWarm > TimeSpan.Zero && tiering is not { Enabled: true })
        {
            // Without the runtime's tiering events the cells' warm-up cannot see the first wave pass: wait for it here.
            var (waited, compiled) = AwaitFirstTieringWave(warmUpBody);
            log.WriteLine($"// SerBench: waited {waited.TotalMilliseconds:0} ms for the process's first tier-1 wave ({compiled} compiled meanwhile)");
        }
    }

    /// <summary>
    /// Keeps the process busy until the first tier-1 wave has passed, so no first cell is measured at tier 0; only where
    /// the runtime's tiering events are not available (evidence: docs/performance.md#the-method).
    /// </summary>
    private static (TimeSpan Elapsed, long Compiled) AwaitFirstTieringWave(Func<object?> body)
    {
        // A wave is at least WaveSize methods, over once nothing compiles for a while; the limit covers tiered compilation being off.
        const int WaveSize = 100;
        var waveOverFor = TimeSpan.FromMilliseconds(100);
        var limit = TimeSpan.FromSeconds(1);
        var watch = Stopwatch.StartNew();
        var compiles = new CompileWatch();
        while (watch.Elapsed < limit)
        {
            RunBatch(body, watch);
            if (compiles.QuietFor(watch.Elapsed) >= waveOverFor && compiles.Compiled >= WaveSize)
            {
                break;
            }
        }

        return (watch.Elapsed, compiles.Compiled);
    }

    // Longer than the ~200 ms tiered compilation may wait before its first promotion (docs/performance.md#the-method).
    private static readonly TimeSpan SteadyFor = TimeSpan.FromMilliseconds(250);

    // With the runtime's events: the queue must be seen empty this long (and a whole turn of the bodies), as a method counted in the last turn is queued only then.
    private static readonly TimeSpan IdleFor = TimeSpan.FromMilliseconds(100);

    /// <summary>
    /// Calls the bodies in turns until tiered compilation has nothing left to promote and each body's last batches run
    /// within 5% of its best (15% after half of <paramref name="limit"/>). Both signals are needed and the bodies must keep
    /// running (evidence: docs/performance.md#the-method). With <paramref name="tiering"/> enabled, "nothing left" is the
    /// runtime's own word: not paused, no method waiting; otherwise a JIT quiet for <see cref="SteadyFor"/> after at least
    /// a few promotions. <paramref name="limitWhileCompiling"/> is longer, for code that keeps the JIT busy for seconds.
    /// </summary>
    internal static WarmUp WarmUntilSteady(IReadOnlyList<Func<object?>> bodies, TimeSpan minimum, TimeSpan limit, TimeSpan limitWhileCompiling, Exception?[] faults,
        TieringWatch? tiering = null)
    {
        const int SettledBatches = 3;
        var watch = Stopwatch.StartNew();
        var compiles = new CompileWatch();
        var best = bodies.Select(_ => double.MaxValue).ToArray();
        var recent = bodies.Select(_ => new Queue<double>()).ToArray();
        var compilingLimit = limitWhileCompiling > limit ? limitWhileCompiling : limit;
        var idleFor = IdleFor + (BatchTime * bodies.Count);
        var quietSince = TimeSpan.Zero;
        var byEvents = tiering is { Enabled: true };
        var ending = byEvents ? "once tiered compilation had nothing left to promote" : $"until no method was compiled for {SteadyFor.TotalMilliseconds:0} ms and the speed held";
        // Without the events, a quiet JIT means the code has settled only once its promotions have come: on a busy machine
        // the tiering worker can wait longer than the quiet spell. The engine's own warm-up body may have no promotions left.
        var expectedCompiles = minimum >= MinimumForPromotions && TiersUp ? PromotionsExpected : 0;
        bool Settled(TimeSpan now)
        {
            var compileQuiet = compiles.QuietFor(now);
            if (!byEvents)
            {
                return compileQuiet >= SteadyFor && compiles.Compiled >= expectedCompiles;
            }

            // Idle at every look for idleFor: a late straggler (a method a slow body calls once per call) that came and went
            // between two looks does not restart the wait; it cost 3 s a process and moved no mean (docs/performance.md#the-method).
            if (!tiering!.Idle)
            {
                quietSince = now;
            }

            // No tiering event at all since the warm-up began: nothing was left to promote, once the JIT is quiet too.
            return tiering.Events == 0 ? compileQuiet >= SteadyFor : now - quietSince >= idleFor && compileQuiet >= IdleFor;
        }

        while (faults.Any(f => f is null))
        {
            if (watch.Elapsed >= limit)
            {
                var compiling = !Settled(watch.Elapsed);
                if (!compiling || watch.Elapsed >= compilingLimit)
                {
                    ending = compiling
                        ? byEvents
                            ? $"to its limit with tiering not done: {tiering!.Pending} method(s) waiting for tier 1{(tiering.Paused ? ", promotion paused by new tier-0 code" : "")} ({compilingLimit.TotalMilliseconds:0} ms)"
                            : $"to its limit while methods were still being compiled ({compilingLimit.TotalMilliseconds:0} ms)"
                        : $"to its limit with tiering done but the speed not yet steady ({limit.TotalMilliseconds:0} ms)";
                    break;
                }
            }

            for (var i = 0; i < bodies.Count; i++)
            {
                if (faults[i] is not null)
                {
                    continue;
                }

                double perCall;
                try
                {
                    perCall = RunBatch(bodies[i], watch);
                }
#pragma warning disable CA1031 // The body's fault is recorded against its cell; BenchmarkDotNet's run reports it again.
                catch (Exception exception)
#pragma warning restore CA1031
                {
                    faults[i] = exception;
                    continue;
                }

                best[i] = Math.Min(best[i], perCall);
                recent[i].Enqueue(perCall);
                if (recent[i].Count > SettledBatches)
                {
                    recent[i].Dequeue();
                }

                // Looked at after each body, not each turn: a turn with slow bodies in it lasts most of a second.
                if (byEvents && watch.Elapsed >= minimum && Settled(watch.Elapsed) && Enumerable.Range(0, bodies.Count).All(j => faults[j] is not null || recent[j].Count > 0))
                {
                    break;
                }
            }

            // Several cells in turns see more of a busy host's swings than one: each may sit 10% off its best (20% late on).
            var tolerance = (watch.Elapsed < limit / 2 ? 1.05 : 1.15) + (bodies.Count > 1 ? 0.05 : 0);
            // With the runtime's word that tiering is done, the code is what it will be: what still moves is the host, which
            // the rounds measure. Without it, a steady speed is the only sign left that the code has settled.
            if (Settled(watch.Elapsed) && watch.Elapsed >= minimum
                && (byEvents || Enumerable.Range(0, bodies.Count).All(i => faults[i] is not null || (recent[i].Count == SettledBatches && recent[i].Min() <= best[i] * tolerance))))
            {
                break;
            }
        }

        return new WarmUp(watch.Elapsed, compiles.Compiled, [.. recent.Select(r => r.Count == 0 ? 0 : r.Min())], ending);
    }

    private const int PromotionsExpected = 10;

    // The engine's short warm-up of its own code does not wait for promotions.
    private static readonly TimeSpan MinimumForPromotions = TimeSpan.FromMilliseconds(100);

    // False under Native AOT or with tiered compilation off, where no promotion ever comes.
    private static bool TiersUp { get; } = RuntimeFeature.IsDynamicCodeSupported
        && AppContext.GetData("System.Runtime.TieredCompilation") is not (false or "false" or "False")
        && Environment.GetEnvironmentVariable("DOTNET_TieredCompilation") != "0"
        && Environment.GetEnvironmentVariable("COMPlus_TieredCompilation") != "0";

    internal readonly record struct WarmUp(TimeSpan Elapsed, long Compiled, IReadOnlyList<double> NanosecondsPerCall, string Ending);

    private static readonly TimeSpan BatchTime = TimeSpan.FromMilliseconds(10);

    private static double RunBatch(Func<object?> body, Stopwatch watch)
    {
        var start = watch.Elapsed;
        var end = start + BatchTime;
        long calls = 0;
        do
        {
            GC.KeepAlive(body());
            calls++;
        }
        while (watch.Elapsed < end);

        return (watch.Elapsed - start).TotalNanoseconds / calls;
    }

    /// <summary>Follows the runtime's count of compiled methods (all threads, tier-1 promotions included) from batch to batch.</summary>
    private sealed class CompileWatch
    {
        private readonly long _first = System.Runtime.JitInfo.GetCompiledMethodCount();
        private long _last;
        private TimeSpan _quietSince;

        public CompileWatch() => _last = _first;

        // As of the last QuietFor.
        public long Compiled => _last - _first;

        public TimeSpan QuietFor(TimeSpan now)
        {
            var count = System.Runtime.JitInfo.GetCompiledMethodCount();
            if (count != _last)
            {
                _last = count;
                _quietSince = now;
            }

            return now - _quietSince;
        }
    }

    private CellMeasurement Run(Func<object?> body, MeasurementProfile profile, string cellName, double nanosecondsPerCall, bool engineWarmUp = false)
    {
        lock (OneRunAtATime)
        {
            return RunAlone(body, profile, cellName, nanosecondsPerCall, engineWarmUp);
        }
    }

    private CellMeasurement RunAlone(Func<object?> body, MeasurementProfile profile, string cellName, double nanosecondsPerCall, bool engineWarmUp)
    {
        CellBenchmark.Body = body;
        CellBenchmark.Fault = null;
        log.WriteLine($"=== {cellName}");
        var job = WithInvocationCount(profile, nanosecondsPerCall, engineWarmUp).WithToolchain(Toolchain(profile));
        if (profile.Clock == MeasurementClock.Cpu)
        {
            job = job.WithClock(CpuTimeClock.Instance);
        }

        var config = ManualConfig.CreateEmpty()
            .AddJob(job)
            .AddDiagnoser(profile.MeasuresAllocations ? [MemoryDiagnoser.Default] : [])
            .AddLogger(new TextWriterLogger(log))
            .WithArtifactsPath(artifactsPath)
            .WithOptions(ConfigOptions.DisableLogFile | (IsDebugBuild ? ConfigOptions.DisableOptimizationsValidator : ConfigOptions.Default));
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
