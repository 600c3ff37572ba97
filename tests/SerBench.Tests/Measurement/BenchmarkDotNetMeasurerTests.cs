using System.Linq.Expressions;
using SerBench.Measurement;

namespace SerBench.Tests.Measurement;

[Collection(SerialCollection.Name)]
public sealed class BenchmarkDotNetMeasurerTests
{
    [Fact]
    public void WarmUntilSteady_KeepsWarmingPastTheLimit_WhileTheBodyKeepsTheJitBusy()
    {
        // Every call compiles a new lambda, so the runtime never has a quiet spell: the warm-up must go on to the longer
        // limit for code still being compiled, and say that is why it stopped.
        var counter = 0;
        object? Compiling() => Expression.Lambda<Func<int>>(Expression.Constant(counter++)).Compile()();

        var warm = BenchmarkDotNetMeasurer.WarmUntilSteady(Compiling, TimeSpan.Zero, TimeSpan.FromMilliseconds(100), TimeSpan.FromMilliseconds(400));

        Assert.True(warm.Elapsed >= TimeSpan.FromMilliseconds(400), $"stopped after {warm.Elapsed.TotalMilliseconds:0} ms");
        Assert.Contains("still being compiled", warm.Ending, StringComparison.Ordinal);
        Assert.True(warm.Compiled > 0);
    }

    [Fact]
    public void WarmUntilSteady_StopsAtTheFirstLimit_WhenTheJitIsQuiet()
    {
        var warm = BenchmarkDotNetMeasurer.WarmUntilSteady(() => null, TimeSpan.Zero, TimeSpan.FromMilliseconds(100), TimeSpan.FromSeconds(30));

        Assert.True(warm.Elapsed < TimeSpan.FromSeconds(30), $"warmed {warm.Elapsed.TotalMilliseconds:0} ms");
        Assert.DoesNotContain("still being compiled", warm.Ending, StringComparison.Ordinal);
    }
}
