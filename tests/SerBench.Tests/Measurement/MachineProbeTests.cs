using SerBench.Measurement;

namespace SerBench.Tests.Measurement;

public sealed class MachineProbeTests
{
    [Fact]
    public void Measure_TimesBothHalves_AndTheTotalIsTheirSum()
    {
        var reading = MachineProbe.Measure();

        Assert.True(reading.CoreNs > 0, $"core {reading.CoreNs} ns");
        Assert.True(reading.MemoryNs > 0, $"memory {reading.MemoryNs} ns");
        Assert.Equal(reading.CoreNs + reading.MemoryNs, reading.TotalNs);
    }

    [Theory]
    [InlineData(new double[] { 100, 110, 105 }, 0.10)]
    [InlineData(new double[] { 100, 100 }, 0.0)]
    public void Variation_IsTheSlowestOverTheFastestMinusOne(double[] probes, double expected) =>
        Assert.Equal(expected, MachineProbe.Variation(probes)!.Value, 6);

    [Fact]
    public void Variation_NeedsTwoProbes() => Assert.Null(MachineProbe.Variation([100]));
}
