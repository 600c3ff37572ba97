using System.Diagnostics;
using System.Runtime.CompilerServices;
using Perfolizer.Horology;

namespace SerBench.Core.Measurement;

/// <summary>
/// How fast the host's core runs right now, read from a few microseconds of fixed work. Here a 2-core VM's core ran
/// 1.6–1.9× slower in spells of 0.01–5 s with no steal time (a busy sibling hyperthread, by its signature); it slows
/// serializer code as much, and it was what split one cell's processes into two speeds.
/// </summary>
internal sealed class HostSpeed(Func<double> canaryNs)
{
    /// <summary>A reading this much slower than the fastest counts as slow; a cold start after a cell's loop stays below it (1.2×).</summary>
    public const double SlowRatio = 1.3;

    public static HostSpeed Process { get; } = new(Canary.Ns);

    public double FastestNs { get; private set; } = double.MaxValue;

    public double Read()
    {
        var ns = canaryNs();
        FastestNs = Math.Min(FastestNs, ns);
        return ns;
    }

    public bool IsSlow(double ns) => ns > FastestNs * SlowRatio;

    /// <summary>Readings <see cref="Calibrate"/> takes 5 ms apart, as <see cref="AwaitFast"/> does.</summary>
    public const int SpacedReadings = 6;

    /// <summary>Of the <see cref="SpacedReadings"/>, how many were slow: on a host slow most of the time, a wait for a fast spell fails.</summary>
    public int SlowWhenSpaced { get; private set; }

    /// <summary>Sets the fastest reading before any cell, so a process's first cell is judged like its last.</summary>
    public void Calibrate()
    {
        for (var i = 0; i < 200; i++)
        {
            Read();
        }

        // Back to back the canary reads fast; 1–5 ms apart, a host here read 2× its fastest 80–95% of the time.
        SlowWhenSpaced = 0;
        for (var i = 0; i < SpacedReadings; i++)
        {
            Thread.Sleep(5);
            SlowWhenSpaced += IsSlow(Read()) ? 1 : 0;
        }
    }

    /// <summary>Waits, at most <paramref name="limit"/>, for three fast readings in a row 5 ms apart; false when none came.</summary>
    public bool AwaitFast(TimeSpan limit)
    {
        var waited = Stopwatch.StartNew();
        for (var fastInARow = 0; fastInARow < 3;)
        {
            fastInARow = IsSlow(Read()) ? 0 : fastInARow + 1;
            if (waited.Elapsed >= limit)
            {
                return false;
            }

            Thread.Sleep(5);
        }

        return true;
    }

    private static class Canary
    {
        private const int Steps = 10_000;

        private static ulong _sink;

        // One add per loop turn, a turn per cycle: bound by how fast the core issues instructions, which a busy sibling
        // hyperthread nearly halves (1.7× here) as it does serializer code. A latency-bound chain (multiply-add) did not notice.
        [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
        public static double Ns()
        {
            var start = Stopwatch.GetTimestamp();
            var x = _sink;
            for (var i = 0; i < Steps; i++)
            {
                x += (ulong)i;
            }

            _sink = x;
            return (Stopwatch.GetTimestamp() - start) * (1e9 / Stopwatch.Frequency);
        }
    }
}

/// <summary>The measuring clock, with a <see cref="HostSpeed"/> reading after each read, so each iteration is bracketed by two.</summary>
internal sealed class HostSpeedClock(IClock inner, HostSpeed host) : IClock
{
    private readonly List<(long Timestamp, double CanaryNs)> _reads = new(128);

    public string Title => inner.Title;

    public bool IsAvailable => inner.IsAvailable;

    public Frequency Frequency => inner.Frequency;

    public long GetTimestamp()
    {
        var timestamp = inner.GetTimestamp();
        _reads.Add((timestamp, host.Read()));
        return timestamp;
    }

    /// <summary>
    /// Of the last <paramref name="iterations"/> spans between reads at least half <paramref name="iterationTime"/> long (the
    /// measured iterations; the engine's overhead iterations are far shorter), how many had a slow reading at either end.
    /// </summary>
    public (int Judged, int Slow) Judge(TimeSpan iterationTime, int iterations)
    {
        var longEnough = iterationTime.TotalSeconds * inner.Frequency.Hertz / 2;
        var spans = Enumerable.Range(1, Math.Max(0, _reads.Count - 1))
            .Where(i => _reads[i].Timestamp - _reads[i - 1].Timestamp >= longEnough)
            .TakeLast(iterations)
            .ToList();
        return (spans.Count, spans.Count(i => host.IsSlow(_reads[i - 1].CanaryNs) || host.IsSlow(_reads[i].CanaryNs)));
    }
}
