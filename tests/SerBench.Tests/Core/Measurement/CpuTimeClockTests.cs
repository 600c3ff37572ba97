using System.Diagnostics;
using SerBench.Core.Measurement;

namespace SerBench.Tests.Core.Measurement;

/// <summary>In the serial collection: the CPU-time clock counts the whole process, so tests running beside it would count too.</summary>
[Collection(SerialCollection.Name)]
public sealed class CpuTimeClockTests
{
    [Fact]
    public void IsSupportedOnLinuxAndMacOS_AndTheWallClockIsTheDefault()
    {
        Assert.Equal(OperatingSystem.IsLinux() || OperatingSystem.IsMacOS(), CpuTimeClock.IsSupported);
        Assert.Equal(MeasurementClock.Wall, MeasurementClocks.Default);
    }

    [CpuClockFact]
    public void CountsCpuWorkButNotSleep()
    {
        var clock = CpuTimeClock.Instance;
        var before = clock.GetTimestamp();
        var spin = Stopwatch.StartNew();
        while (spin.ElapsedMilliseconds < 30)
        {
        }

        var afterSpin = clock.GetTimestamp();
        Thread.Sleep(200);
        var afterSleep = clock.GetTimestamp();

        // 30 ms of spinning is at least ~30 ms of CPU (less only if the machine took the core away); 200 ms asleep is next to none (other threads of the test host may add a little).
        Assert.InRange((afterSpin - before) / 1e6, 5, 1000);
        Assert.InRange((afterSleep - afterSpin) / 1e6, 0, 150);
    }

    [Theory]
    [InlineData("cpu", nameof(MeasurementClock.Cpu))]
    [InlineData("wall", nameof(MeasurementClock.Wall))]
    [InlineData("Wall", null)]
    [InlineData("", null)]
    public void Names_ParseExactly(string name, string? expectedName) =>
        Assert.Equal(expectedName is null ? null : Enum.Parse<MeasurementClock>(expectedName), MeasurementClocks.Parse(name));

    [Fact]
    public void Profile_KeepsItsClockThroughOtherChanges()
    {
        var profile = MeasurementProfile.Quick with { Clock = MeasurementClock.Cpu, Rounds = 4, FirstCallLaunches = 0 };

        Assert.Equal(MeasurementClock.Cpu, profile.Clock);
        Assert.Equal(4, profile.Rounds);
    }
}
