using System.Linq.Expressions;
using SerBench.Core.Measurement;

namespace SerBench.Tests.Core.Measurement;

[Collection(SerialCollection.Name)]
public sealed class WarmUpRuleTests
{
    [Fact]
    public void WarmUntilSteady_KeepsWarmingPastTheLimit_WhileTheBodyKeepsTheJitBusy()
    {
        // Every call compiles a new lambda, so the runtime never has a quiet spell: the warm-up must go on to the longer
        // limit for code still being compiled, and say that is why it stopped.
        var counter = 0;
        object? Compiling() => Expression.Lambda<Func<int>>(Expression.Constant(counter++)).Compile()();

        var warm = WarmUpRule.WarmUntilSteady([Compiling], TimeSpan.Zero, TimeSpan.FromMilliseconds(100), TimeSpan.FromMilliseconds(400), new Exception?[1]);

        Assert.True(warm.Elapsed >= TimeSpan.FromMilliseconds(400), $"stopped after {warm.Elapsed.TotalMilliseconds:0} ms");
        Assert.Contains("still being compiled", warm.Ending, StringComparison.Ordinal);
        Assert.True(warm.Compiled > 0);
    }

    [Fact]
    public void WarmUntilSteady_StopsAtTheFirstLimit_WhenTheJitIsQuiet()
    {
        var warm = WarmUpRule.WarmUntilSteady([() => null], TimeSpan.Zero, TimeSpan.FromMilliseconds(100), TimeSpan.FromSeconds(30), new Exception?[1]);

        Assert.True(warm.Elapsed < TimeSpan.FromSeconds(30), $"warmed {warm.Elapsed.TotalMilliseconds:0} ms");
        Assert.DoesNotContain("still being compiled", warm.Ending, StringComparison.Ordinal);
    }

    [Fact]
    public void WarmUntilSteady_InTurns_RecordsTheBodyThatThrows_AndWarmsTheOthers()
    {
        var calls = 0;
        object? Throws() => ++calls > 3 ? throw new InvalidOperationException("tired") : null;
        var faults = new Exception?[2];

        var warm = WarmUpRule.WarmUntilSteady([Throws, () => new byte[8]], TimeSpan.Zero, TimeSpan.FromMilliseconds(200), TimeSpan.FromMilliseconds(400), faults);

        Assert.Equal("tired", faults[0]?.Message);
        Assert.Null(faults[1]);
        Assert.True(warm.NanosecondsPerCall[1] > 0);
    }
}
