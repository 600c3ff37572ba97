using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace SerBench.Core.Measurement;

/// <summary>
/// A fixed workload timed during a run to show how the machine's speed moved. Two halves, as neighbours disturb them
/// differently: a hash within L2 (the core) and a dependent walk larger than a last-level cache share (memory latency).
/// </summary>
internal static class MachineProbe
{
    private const int BufferBytes = 64 * 1024;
    private const int Passes = 40;
    private const int Samples = 5;

    private const int ChainLength = 32 * 1024 * 1024 / sizeof(int);
    private const int ChainSteps = 50_000;

    private static readonly byte[] Buffer = CreateBuffer();
    private static readonly int[] Chain = CreateChain();

    /// <summary>Where each half's result goes, so the JIT cannot drop the work (and nothing is boxed).</summary>
    private static uint _sink;

    /// <summary>The fastest of <see cref="Samples"/> timings of each half, on the clock the cells are timed with.</summary>
    public static MachineProbeReading Measure(MeasurementClock clock = MeasurementClock.Wall)
    {
        _sink ^= Hash() ^ Walk();
        var (core, memory) = (double.MaxValue, double.MaxValue);
        for (var i = 0; i < Samples; i++)
        {
            core = Math.Min(core, Time(Hash, clock));
            memory = Math.Min(memory, Time(Walk, clock));
        }

        return new MachineProbeReading(core, memory);
    }

    /// <summary>The slowest probe over the fastest, minus one (0.05 = 5% slower at worst).</summary>
    public static double? Variation(IReadOnlyList<double> probesNs) =>
        probesNs.Count < 2 || probesNs.Min() <= 0 ? null : (probesNs.Max() / probesNs.Min()) - 1;

    private static double Time(Func<uint> work, MeasurementClock clock)
    {
        if (clock == MeasurementClock.Cpu && CpuTimeClock.ProcessCpuTime() is { } cpuBefore)
        {
            _sink ^= work();
            return (CpuTimeClock.ProcessCpuTime()!.Value - cpuBefore).TotalNanoseconds;
        }

        var start = Stopwatch.GetTimestamp();
        _sink ^= work();
        return Stopwatch.GetElapsedTime(start).TotalNanoseconds;
    }

    /// <summary>FNV-1a over the buffer, many passes; the hash feeds the next pass so no pass can be skipped.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static uint Hash()
    {
        var hash = 2166136261u;
        for (var pass = 0; pass < Passes; pass++)
        {
            foreach (var b in Buffer)
            {
                hash = (hash ^ b) * 16777619u;
            }
        }

        return hash;
    }

    /// <summary>A random cycle through 32 MB: every step is a cache miss that depends on the one before.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static uint Walk()
    {
        var index = 0;
        for (var step = 0; step < ChainSteps; step++)
        {
            index = Chain[index];
        }

        return (uint)index;
    }

    private static int[] CreateChain()
    {
        // Sattolo's algorithm: a random permutation that is one single cycle, so the walk never short-circuits.
        var chain = new int[ChainLength];
        for (var i = 0; i < chain.Length; i++)
        {
            chain[i] = i;
        }

        var random = new Random(20261122);
        for (var i = chain.Length - 1; i > 0; i--)
        {
            var j = random.Next(i);
            (chain[i], chain[j]) = (chain[j], chain[i]);
        }

        return chain;
    }

    private static byte[] CreateBuffer()
    {
        var buffer = new byte[BufferBytes];
        new Random(20261122).NextBytes(buffer);
        return buffer;
    }
}

internal readonly record struct MachineProbeReading(double CoreNs, double MemoryNs)
{
    public double TotalNs => CoreNs + MemoryNs;
}
