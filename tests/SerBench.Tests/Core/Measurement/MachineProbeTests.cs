using SerBench.Core.Measurement;

namespace SerBench.Tests.Core.Measurement;

public sealed class MachineProbeTests
{
    [Fact]
    public void Measure_TimesRealWork_AndTheWalkMissesTheCacheWhereTheHashDoesNot()
    {
        var reading = MachineProbe.Measure();

        // 40 passes over 64 KB and 50,000 dependent steps through 32 MB: a millisecond or more each on any machine, unless the
        // JIT dropped the work or the walk stayed in a cache; never seconds.
        Assert.InRange(reading.CoreNs, 100_000, 2e9);
        Assert.InRange(reading.MemoryNs, 100_000, 2e9);
        // A step of the walk waits for memory; a byte of the hash stays in L2. Per unit of work the walk is far slower
        // (~40–180 ns against ~1 ns on the project's machine), which is what lets the two halves tell the core from memory.
        var nsPerStep = reading.MemoryNs / 50_000;
        var nsPerByte = reading.CoreNs / (40.0 * 64 * 1024);
        Assert.True(nsPerStep > 4 * nsPerByte, $"walk {nsPerStep:0.0} ns per step, hash {nsPerByte:0.00} ns per byte");
    }

    [Theory]
    [InlineData(new double[] { 100, 110, 105 }, 0.10)]
    [InlineData(new double[] { 100, 100 }, 0.0)]
    public void Variation_IsTheSlowestOverTheFastestMinusOne(double[] probes, double expected) =>
        Assert.Equal(expected, MachineProbe.Variation(probes)!.Value, 6);

    [Fact]
    public void Variation_NeedsTwoProbes() => Assert.Null(MachineProbe.Variation([100]));
}
