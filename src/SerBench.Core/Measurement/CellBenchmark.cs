using System.Runtime.CompilerServices;
using BenchmarkDotNet.Attributes;

namespace SerBench.Core.Measurement;

/// <summary>Runs in-process, one cell at a time, so the body comes through a static; public and unsealed as BenchmarkDotNet requires.</summary>
public class CellBenchmark
{
    internal static Func<object?> Body { get; set; } = static () => null;

    /// <summary>The first exception the body threw during this cell, so a CRASH can name it.</summary>
    internal static Exception? Fault { get; set; }

    /// <remarks>Fully optimized at once, like BenchmarkDotNet's own loop: left to tiering it ran instrumented in one process in four (docs/performance.md).</remarks>
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
