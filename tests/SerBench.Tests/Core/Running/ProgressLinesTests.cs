using SerBench.Core.Running;
using SerBench.Tests.Builders;

namespace SerBench.Tests.Core.Running;

public class ProgressLinesTests
{
    [Fact]
    public void OneProcessesFigure_IsShownWithoutItsInterval()
    {
        // 3 iterations in one process gave "±2832%" lines while the run went on.
        var once = SampleResults.Cell("stj-reflection-utf8", 5_040_000, errorFraction: 28.32) with { RoundsNs = [5_040_000] };

        Assert.Equal("OK 5.04 ms (one process)", ProgressLines.Outcome(once));
    }

    [Fact]
    public void ACellOfSeveralProcesses_ShowsItsInterval()
    {
        var combined = SampleResults.Cell("stj-reflection-utf8", 5_040_000, errorFraction: 0.031) with { RoundsNs = [4_900_000, 5_040_000, 5_180_000] };

        Assert.Equal("OK 5.04 ms ±3.1%", ProgressLines.Outcome(combined));
    }

    [Fact]
    public void AnIntervalOverTheMean_IsShownAsTheProcessesRange()
    {
        // Three first calls printed "OK 11.54 ms ±8391.4%" in run D15.
        var firstCalls = SampleResults.Cell("memorypack", 11_540_000, errorFraction: 83.914) with { RoundsNs = [9_800_000, 10_320_000, 14_500_000] };

        Assert.Equal("OK 11.54 ms (3 processes, 9.80–14.50 ms)", ProgressLines.Outcome(firstCalls));
    }
}
