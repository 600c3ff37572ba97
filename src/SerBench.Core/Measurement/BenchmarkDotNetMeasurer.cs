using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using System.Reflection;
using System.Runtime.CompilerServices;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using BenchmarkDotNet.Toolchains.InProcess.NoEmit;

namespace SerBench.Core.Measurement;

/// <summary>
/// Measures with BenchmarkDotNet: in-process emit toolchain (no generated child projects), memory diagnoser,
/// one cell per BenchmarkDotNet run. BenchmarkDotNet's own log goes to <paramref name="log"/>.
/// </summary>
internal sealed class BenchmarkDotNetMeasurer(TextWriter log, string artifactsPath) : IMeasurer
{
    /// <summary>True when SerBench itself was built without optimizations; results are then marked as such.</summary>
    public static bool IsDebugBuild { get; } =
        typeof(CellBenchmark).Assembly.GetCustomAttribute<DebuggableAttribute>()?.IsJITOptimizerDisabled ?? false;

    /// <summary>
    /// <see cref="CellBenchmark"/> takes its body through a static, so two measurers in one process (the run's calibration
    /// and an in-process agent in tests, or any host that measures from two threads) would time each other's bodies and
    /// blame a contender for the other's fault. One BenchmarkDotNet run at a time per process, whoever asks.
    /// </summary>
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

    public IReadOnlyList<Exception?> WarmTogether(IReadOnlyList<Func<object?>> bodies, MeasurementProfile profile)
    {
        var faults = new Exception?[bodies.Count];
        if (profile.PreWarm <= TimeSpan.Zero || bodies.Count == 0)
        {
            return faults;
        }

        EnsureEngineWarmedUp(profile);
        // Each body gets a turn per cycle, so the limits grow a little with the number of bodies; the JIT's quiet spell is shared.
        var extra = TimeSpan.FromMilliseconds(100 * (bodies.Count - 1));
        var warm = WarmUntilSteady(bodies, profile.PreWarm, profile.MaximumWarm + extra, profile.MaximumWarmWhileCompiling + extra + extra, faults);
        log.WriteLine($"// SerBench: warmed {bodies.Count} cell(s) together {warm.Elapsed.TotalMilliseconds:0} ms {warm.Ending} ({warm.Compiled} compiled meanwhile); " +
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

    private void EnsureEngineWarmedUp(MeasurementProfile profile)
    {
        if (_engineWarmedUp)
        {
            return;
        }

        // A throwaway cell and the first tier-1 wave settle BenchmarkDotNet's engine and start-up code before any real cell (docs/performance.md#the-method).
        _engineWarmedUp = true;
        var scratch = new byte[256];
        Func<object?> warmUpBody = () => Convert.ToBase64String(scratch);
        // Long enough (0.4 s at most) for the engine's code to be counted for promotion, or the first wave never comes.
        var warmUpNs = profile.PreWarm > TimeSpan.Zero
            ? WarmUntilSteady([warmUpBody], TimeSpan.FromMilliseconds(50), TimeSpan.FromMilliseconds(400), TimeSpan.Zero, new Exception?[1]).NanosecondsPerCall[0]
            : 0;
        Run(warmUpBody, profile, "(engine warm-up, discarded)", warmUpNs, engineWarmUp: true);
        if (profile.PreWarm > TimeSpan.Zero)
        {
            var (waited, compiled) = AwaitFirstTieringWave(warmUpBody);
            log.WriteLine($"// SerBench: waited {waited.TotalMilliseconds:0} ms for the process's first tier-1 wave ({compiled} compiled meanwhile)");
        }
    }

    /// <summary>
    /// Keeps the process busy until the runtime's first tier-1 wave has come and gone, so that a process's first cell is not
    /// measured at tier 0 and each cell's warm-up sees only its own promotions (evidence: docs/performance.md#the-method).
    /// </summary>
    /// <returns>How long it took and how many methods were compiled meanwhile.</returns>
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

    /// <summary>
    /// How long the runtime must compile nothing, while the body keeps running, before the code counts as settled: longer
    /// than the ~200 ms tiered compilation may wait before its first promotion (evidence: docs/performance.md#the-method).
    /// </summary>
    private static readonly TimeSpan SteadyFor = TimeSpan.FromMilliseconds(250);

    /// <summary>
    /// Calls the bodies in turns, one batch each per cycle, until their code has settled, before BenchmarkDotNet sees them:
    /// at least <paramref name="minimum"/>, then until the runtime has compiled no method for <see cref="SteadyFor"/> and
    /// each body's last few batches run within 5% of its best (15% once half the limit has passed, when a busy machine's
    /// noise rather than tiering keeps them apart). Both signals are needed, and the bodies must keep running: a quiet JIT
    /// alone, or a sleeping wait, measured tier-0 code several times too slow (evidence: docs/performance.md#the-method).
    /// A body that throws leaves the turns, with its exception in <paramref name="faults"/>.
    /// </summary>
    /// <param name="bodies">The cells' bodies.</param>
    /// <param name="minimum">The least time it warms, however quiet the runtime is.</param>
    /// <param name="limit">The longest it warms while the runtime has gone quiet but the batches' speed has not settled.</param>
    /// <param name="limitWhileCompiling">
    /// The longest it warms while the runtime is still compiling (no quiet spell of <see cref="SteadyFor"/> yet), when that is
    /// longer than <paramref name="limit"/>: code that builds serializer options on every call keeps the JIT busy for seconds.
    /// </param>
    /// <param name="faults">Per body, the exception it threw (left null for a body that ran).</param>
    /// <returns>How long it took, how many methods were compiled meanwhile, each body's time per call once steady, and why it ended.</returns>
    internal static WarmUp WarmUntilSteady(IReadOnlyList<Func<object?>> bodies, TimeSpan minimum, TimeSpan limit, TimeSpan limitWhileCompiling, Exception?[] faults)
    {
        const int SettledBatches = 3;
        var watch = Stopwatch.StartNew();
        var compiles = new CompileWatch();
        var best = bodies.Select(_ => double.MaxValue).ToArray();
        var recent = bodies.Select(_ => new Queue<double>()).ToArray();
        var compilingLimit = limitWhileCompiling > limit ? limitWhileCompiling : limit;
        var ending = $"until no method was compiled for {SteadyFor.TotalMilliseconds:0} ms and the speed held";
        // A quiet JIT means the code has settled only once its promotions have come: on a busy machine the tiering worker
        // can wait longer than the quiet spell, and processes warmed without a single promotion were measured 2.5–4.5×
        // too slow at tier 0 (docs/performance.md#the-method). The engine's own warm-up body may have no promotions left.
        var expectedCompiles = minimum >= MinimumForPromotions && TiersUp ? PromotionsExpected : 0;
        while (faults.Any(f => f is null))
        {
            if (watch.Elapsed >= limit)
            {
                var compiling = compiles.QuietFor(watch.Elapsed) < SteadyFor;
                if (!compiling || watch.Elapsed >= compilingLimit)
                {
                    ending = compiling
                        ? $"to its limit while methods were still being compiled ({compilingLimit.TotalMilliseconds:0} ms)"
                        : $"to its limit with the JIT quiet but the speed not yet steady ({limit.TotalMilliseconds:0} ms)";
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
            }

            // Several cells in turns see more of a busy host's swings than one: each may sit 10% off its best (20% late on).
            var tolerance = (watch.Elapsed < limit / 2 ? 1.05 : 1.15) + (bodies.Count > 1 ? 0.05 : 0);
            if (compiles.QuietFor(watch.Elapsed) >= SteadyFor && watch.Elapsed >= minimum && compiles.Compiled >= expectedCompiles
                && Enumerable.Range(0, bodies.Count).All(i => faults[i] is not null || (recent[i].Count == SettledBatches && recent[i].Min() <= best[i] * tolerance)))
            {
                break;
            }
        }

        return new WarmUp(watch.Elapsed, compiles.Compiled, [.. recent.Select(r => r.Count == 0 ? 0 : r.Min())], ending);
    }

    /// <summary>The least tier-1 promotions a cell's warm-up waits for, where the runtime tiers code up at all.</summary>
    private const int PromotionsExpected = 10;

    /// <summary>Warm-ups at least this long wait for promotions (the engine's short warm-up of its own code does not).</summary>
    private static readonly TimeSpan MinimumForPromotions = TimeSpan.FromMilliseconds(100);

    /// <summary>
    /// True when this process compiles code at run time in tiers (JIT with tiered compilation, the runtime's default);
    /// false under Native AOT, or with tiered compilation turned off, where no promotion ever comes.
    /// </summary>
    private static bool TiersUp { get; } = RuntimeFeature.IsDynamicCodeSupported
        && AppContext.GetData("System.Runtime.TieredCompilation") is not (false or "false" or "False")
        && Environment.GetEnvironmentVariable("DOTNET_TieredCompilation") != "0"
        && Environment.GetEnvironmentVariable("COMPlus_TieredCompilation") != "0";

    /// <summary>What a warm-up did: how long, how many methods were compiled, each body's time per call at the end, and why it ended.</summary>
    internal readonly record struct WarmUp(TimeSpan Elapsed, long Compiled, IReadOnlyList<double> NanosecondsPerCall, string Ending);

    private static readonly TimeSpan BatchTime = TimeSpan.FromMilliseconds(10);

    /// <summary>Calls the body for <see cref="BatchTime"/>; returns the nanoseconds per call.</summary>
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

        /// <summary>Methods compiled since this watch started, as of the last <see cref="QuietFor"/>.</summary>
        public long Compiled => _last - _first;

        /// <summary>How long, as of <paramref name="now"/>, no method has been compiled (zero right after one was).</summary>
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
            .AddDiagnoser(MemoryDiagnoser.Default)
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
            double PerThousand(int collections) => operations == 0 ? 0 : collections * 1000.0 / operations;
            return new CellMeasurement
            {
                MeanNs = statistics.Mean,
                ErrorNs = double.IsNaN(statistics.ConfidenceInterval.Margin) ? 0 : statistics.ConfidenceInterval.Margin,
                StdDevNs = statistics.StandardDeviation,
                MedianNs = statistics.Median,
                AllocatedBytes = report.GcStats.GetBytesAllocatedPerOperation(report.BenchmarkCase),
                Gen0 = PerThousand(report.GcStats.Gen0Collections),
                Gen1 = PerThousand(report.GcStats.Gen1Collections),
                Gen2 = PerThousand(report.GcStats.Gen2Collections),
                IterationsNs = statistics.WithoutOutliers(),
            };
        }
        finally
        {
            CellBenchmark.Body = static () => null;
            log.Flush();
        }
    }

    /// <summary>
    /// In-process emit (BenchmarkDotNet's usual in-process toolchain) where code can be generated at run time; under Native
    /// AOT, where it cannot, the no-emit one, which calls the benchmark through a delegate instead. The no-emit runner
    /// finds two of its own types by name and makes one generic at run time; without these dependencies the trimmer
    /// drops them and BenchmarkDotNet finds no benchmark (or fails with "missing native code or metadata").
    /// </summary>
    [DynamicDependency(DynamicallyAccessedMemberTypes.All, typeof(CellBenchmark))]
    [DynamicDependency("RunCore", "BenchmarkDotNet.Toolchains.InProcess.NoEmit.InProcessNoEmitRunner.Runnable", "BenchmarkDotNet")]
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicConstructors, "BenchmarkDotNet.Toolchains.InProcess.NoEmit.BenchmarkActionFactory.BenchmarkAction`1", "BenchmarkDotNet")]
    private static BenchmarkDotNet.Toolchains.IToolchain Toolchain(MeasurementProfile profile) => RuntimeFeature.IsDynamicCodeSupported
        ? new InProcessEmitToolchain(profile.Timeout, logOutput: false)
        : new InProcessNoEmitToolchain(profile.Timeout, logOutput: false);

    /// <summary>
    /// The profile's job, with the invocations per iteration set from the warm-up's own time per call when the profile
    /// asks for it: BenchmarkDotNet then skips its pilot stage, which in a short round cost as much as the measurement.
    /// Unrolled 16 times like BenchmarkDotNet's default, except for calls so slow that 16 of them overfill an iteration.
    /// </summary>
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

    /// <summary>Sends BenchmarkDotNet's console output to a file instead of the user's terminal.</summary>
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
