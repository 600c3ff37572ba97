using System.Diagnostics;
using System.Reflection;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.InProcess.Emit;

namespace SerBench.Measurement;

/// <summary>
/// Measures with BenchmarkDotNet: in-process emit toolchain (no generated child projects), memory diagnoser,
/// one cell per BenchmarkDotNet run. BenchmarkDotNet's own log goes to <paramref name="log"/>.
/// </summary>
public sealed class BenchmarkDotNetMeasurer(TextWriter log, string artifactsPath) : IMeasurer
{
    /// <summary>True when SerBench itself was built without optimizations; results are then marked as such.</summary>
    public static bool IsDebugBuild { get; } =
        typeof(CellBenchmark).Assembly.GetCustomAttribute<DebuggableAttribute>()?.IsJITOptimizerDisabled ?? false;

    private bool _engineWarmedUp;

    public CellMeasurement Measure(Func<object?> body, MeasurementProfile profile, string cellName)
    {
        if (!_engineWarmedUp)
        {
            // The first cell of a process was measured while the runtime was still tiering up BenchmarkDotNet's own
            // engine and the harness (±30-40% in trials); a throwaway cell settles that before any real one.
            _engineWarmedUp = true;
            var scratch = new byte[256];
            Run(() => Convert.ToBase64String(scratch), profile, "(engine warm-up, discarded)");
        }

        PreWarm(body, profile.PreWarm);
        if (profile.PreWarm > TimeSpan.Zero)
        {
            var waited = WaitForJitQuiescence(TimeSpan.FromSeconds(5));
            log.WriteLine($"// SerBench: waited {waited.TotalMilliseconds:0} ms for background JIT to settle");
        }

        return Run(body, profile, cellName);
    }

    /// <summary>
    /// Waits until the runtime stops compiling methods (tier-1 recompilation of startup code runs on a background
    /// thread and, on a 2-core machine, disturbed the first cells of a process by 30-300%).
    /// </summary>
    private static TimeSpan WaitForJitQuiescence(TimeSpan limit)
    {
        var watch = Stopwatch.StartNew();
        var last = System.Runtime.JitInfo.GetCompiledMethodCount();
        var quietSince = watch.Elapsed;
        while (watch.Elapsed < limit)
        {
            Thread.Sleep(20);
            var now = System.Runtime.JitInfo.GetCompiledMethodCount();
            if (now != last)
            {
                last = now;
                quietSince = watch.Elapsed;
            }
            else if (watch.Elapsed - quietSince >= TimeSpan.FromMilliseconds(200))
            {
                break;
            }
        }

        return watch.Elapsed;
    }

    /// <summary>
    /// Calls the body for a while before BenchmarkDotNet sees it. Large code paths (a serializer's whole read path)
    /// need longer than BenchmarkDotNet's few warm-up iterations to reach tier-1 code on a 2-core machine.
    /// </summary>
    private static void PreWarm(Func<object?> body, TimeSpan duration)
    {
        var watch = Stopwatch.StartNew();
        while (watch.Elapsed < duration)
        {
            GC.KeepAlive(body());
        }
    }

    private CellMeasurement Run(Func<object?> body, MeasurementProfile profile, string cellName)
    {
        CellBenchmark.Body = body;
        CellBenchmark.Fault = null;
        log.WriteLine($"=== {cellName}");
        var job = profile.CreateJob().WithToolchain(new InProcessEmitToolchain(profile.Timeout, logOutput: false));
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
                throw new MeasurementException($"threw {fault.GetType().Name} while measured: {fault.Message}", fault);
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
