using SerBench.Core.Results;

namespace SerBench.Tests.Core.Results;

public sealed class TimeUnitsTests
{
    [Theory]
    [InlineData(0.5, "ns", 1)]
    [InlineData(999.9, "ns", 1)]
    [InlineData(1_000, "μs", 1_000)]
    [InlineData(999_999, "μs", 1_000)]
    [InlineData(1_000_000, "ms", 1_000_000)]
    [InlineData(1_000_000_000, "s", 1_000_000_000)]
    public void For_PicksTheLargestUnitTheValueReachesOneOf(double nanoseconds, string unit, double divisor)
    {
        Assert.Equal((unit, divisor), TimeUnits.For(nanoseconds));
    }
}
