using System.Runtime.CompilerServices;
using BenchmarkDotNet.Attributes;

namespace SerBench.Measurement;

/// <summary>
/// The one benchmark class SerBench hands BenchmarkDotNet. It runs in-process and one cell at a time, so the body
/// to time is passed through a static. Public and unsealed because BenchmarkDotNet requires it.
/// </summary>
public class CellBenchmark
{
    internal static Func<object?> Body { get; set; } = static () => null;

    /// <summary>The first exception the body threw during this cell, so a CRASH can name it.</summary>
    internal static Exception? Fault { get; set; }

    /// <remarks>
    /// Compiled fully optimized at once, outside tiered compilation, like the loop BenchmarkDotNet emits around it. The
    /// warm-up calls the body directly, so this method first ran hot inside BenchmarkDotNet's measured iterations: it
    /// stayed at tier 0 there, and in about one process in four it had just been recompiled with tier-0 instrumentation
    /// (which samples every delegate call), and a 33 ns cell measured 50 ns in exactly those processes, with the
    /// library's own code compiled identically in both.
    /// </remarks>
    [Benchmark]
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public object? Run()
    {
        try
        {
            return Body();
        }
#pragma warning disable CA1031 // Recorded, then rethrown for BenchmarkDotNet to fail the cell.
        catch (Exception exception)
#pragma warning restore CA1031
        {
            Fault ??= exception;
            throw;
        }
    }
}
