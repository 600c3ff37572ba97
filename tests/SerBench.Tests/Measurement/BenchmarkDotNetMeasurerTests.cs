using System.Linq.Expressions;
using SerBench.Measurement;

namespace SerBench.Tests.Measurement;

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

    [Fact]
    public void WarmTogether_LetsEachBodyOfTheWorkloadCheckBriefly_WhileAnotherBodyWaitsOutTheFullQuietSpell()
    {
        using var directory = new TempDirectory();
        using var log = new StringWriter();
        var measurer = new BenchmarkDotNetMeasurer(log, directory.Path);
        var data = new byte[64];
        Func<object?> serialize = () => Convert.ToBase64String(data);
        Func<object?> deserialize = () => Convert.FromBase64String("AAECAwQFBgcICQ==");
        Func<object?> alone = () => Convert.ToHexString(data);

        ((IMeasurer)measurer).WarmTogether([serialize, deserialize], MeasurementProfile.Quick);
        var measured = new[] { serialize, deserialize, alone }.Select(b => measurer.Measure(b, MeasurementProfile.Quick, "cell")).ToList();

        var warmed = log.ToString().Split('\n').Where(l => l.StartsWith("// SerBench: warmed", StringComparison.Ordinal)).ToList();
        Assert.Equal(4, warmed.Count);
        Assert.Contains("2 operations together", warmed[0], StringComparison.Ordinal);
        Assert.All(warmed.Skip(1).Take(2), l => Assert.True(l.Contains("compiled for 150 ms", StringComparison.Ordinal) || l.Contains("to its limit", StringComparison.Ordinal), l));
        Assert.DoesNotContain("compiled for 150 ms", warmed[3], StringComparison.Ordinal);
        Assert.All(measured, m => Assert.True(m.MeanNs > 0));
    }
}
