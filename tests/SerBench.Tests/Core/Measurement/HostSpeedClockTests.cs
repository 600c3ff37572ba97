using Perfolizer.Horology;
using SerBench.Core.Measurement;

namespace SerBench.Tests.Core.Measurement;

public sealed class HostSpeedClockTests
{
    [Fact]
    public void ASlowIterationIsOneWithASlowReadingAtEitherEnd_AndOnlyTheLastMeasuredIterationsAreJudged()
    {
        // Reads in ms, as BenchmarkDotNet's engine makes them: two short overhead iterations, then four 15 ms iterations.
        var times = new[] { 0.0, 0.1, 0.2, 0.3, 1.0, 16.0, 16.1, 31.1, 31.2, 46.2, 46.3, 61.3 };
        var canary = new[] { 9.0, 9.0, 9.0, 9.0, 3.0, 3.1, 3.0, 5.0, 3.0, 3.2, 3.0, 3.0 };
        var host = new HostSpeed(Sequence(canary));
        var clock = new HostSpeedClock(new FakeClock(times), host);
        var stamps = times.Select(_ => clock.GetTimestamp()).ToList();

        Assert.Equal(times.Select(ms => (long)(ms * 1000)), stamps);
        Assert.Equal(3.0, host.FastestNs);
        // The overhead reads were slow (9 ns) but bound no measured iteration; the second iteration ended on a slow one (5 > 3.9).
        Assert.Equal((4, 1), clock.Judge(TimeSpan.FromMilliseconds(15), 4));
        Assert.Equal((2, 0), clock.Judge(TimeSpan.FromMilliseconds(15), 2));
        // A cold first reading after a cell (1.2× the fastest) is not slow.
        Assert.False(host.IsSlow(3.6));
        Assert.True(host.IsSlow(4.0));
    }

    [Fact]
    public void AwaitFastWaitsForThreeFastReadingsInARow_AndGivesUpAtItsLimit()
    {
        var recovering = new HostSpeed(Sequence([3.0, 6.0, 6.0, 3.0, 6.0, 3.0, 3.0, 3.0]));
        recovering.Read();
        Assert.True(recovering.AwaitFast(TimeSpan.FromSeconds(10)));

        var stuck = new HostSpeed(Sequence([3.0, .. Enumerable.Repeat(6.0, 1000)]));
        stuck.Read();
        Assert.False(stuck.AwaitFast(TimeSpan.FromMilliseconds(50)));
    }

    [Fact]
    public void TheProcessCanaryDoesRealWork()
    {
        HostSpeed.Process.Calibrate();
        Assert.InRange(HostSpeed.Process.FastestNs, 100, 1_000_000);
    }

    private static Func<double> Sequence(double[] values)
    {
        var next = 0;
        return () => values[Math.Min(next++, values.Length - 1)];
    }

    private sealed class FakeClock(double[] milliseconds) : IClock
    {
        private int _next;

        public string Title => "fake";

        public bool IsAvailable => true;

        public Frequency Frequency => Frequency.FromMHz(1);

        public long GetTimestamp() => (long)(milliseconds[_next++] * 1000);
    }
}
