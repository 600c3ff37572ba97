using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace SerBench.Measurement;

/// <summary>
/// A small fixed workload timed now and then during a run, so the report can say how much the machine's own speed
/// moved while cells were measured (a busy neighbour, a throttled CPU, a noisy cloud host). The work is the same on
/// every call and does not allocate: hashing a buffer that fits in the L2 cache, with a data-dependent loop so the JIT
/// cannot fold it away.
/// </summary>
public static class MachineProbe
{
    private const int BufferBytes = 64 * 1024;
    private const int Passes = 40;
    private const int Samples = 5;

    private static readonly byte[] Buffer = CreateBuffer();

    /// <summary>Times the workload <see cref="Samples"/> times and returns the fastest, in nanoseconds (about 2–5 ms each).</summary>
    public static double MeasureNs()
    {
        GC.KeepAlive(Work());
        var best = double.MaxValue;
        for (var i = 0; i < Samples; i++)
        {
            var start = Stopwatch.GetTimestamp();
            GC.KeepAlive(Work());
            best = Math.Min(best, Stopwatch.GetElapsedTime(start).TotalNanoseconds);
        }

        return best;
    }

    /// <summary>
    /// How much the machine's speed varied: the slowest probe over the fastest, minus one (0.05 = 5% slower at worst).
    /// Null with fewer than two probes.
    /// </summary>
    public static double? Variation(IReadOnlyList<double> probesNs) =>
        probesNs.Count < 2 || probesNs.Min() <= 0 ? null : (probesNs.Max() / probesNs.Min()) - 1;

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static object Work()
    {
        // FNV-1a over the buffer, many passes; the hash feeds the next pass so no pass can be skipped.
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

    private static byte[] CreateBuffer()
    {
        var buffer = new byte[BufferBytes];
        new Random(20261122).NextBytes(buffer);
        return buffer;
    }
}
