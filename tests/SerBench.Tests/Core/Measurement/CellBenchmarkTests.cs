using System.Reflection;
using BenchmarkDotNet.Attributes;
using SerBench.Core.Measurement;

namespace SerBench.Tests.Core.Measurement;

public sealed class CellBenchmarkTests
{
    [Fact]
    public void Run_IsTheBenchmarkAndIsCompiledOutsideTieredCompilation()
    {
        // The warm-up never calls Run, so under tiered compilation it would first run hot inside BenchmarkDotNet's
        // measured iterations (tier 0, sometimes instrumented): that put ~18 ns into a quarter of the processes.
        var run = typeof(CellBenchmark).GetMethod(nameof(CellBenchmark.Run))!;
        Assert.NotNull(run.GetCustomAttribute<BenchmarkAttribute>());
        Assert.True(run.MethodImplementationFlags.HasFlag(MethodImplAttributes.AggressiveOptimization));
    }
}
