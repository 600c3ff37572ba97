using System.Collections.Immutable;
using System.Diagnostics;
using SerBench.Core.Statistics;

namespace SerBench.Core.Sizes;

/// <summary>
/// A workload's output, raw and per chosen <see cref="Compressor"/> (by name). For "many", each payload is compressed
/// on its own, as N separate messages would be, and sizes and times are summed.
/// </summary>
internal sealed record PayloadSizes(long Bytes, ImmutableDictionary<string, Compressed> Compressed)
{
    /// <summary>Timed runs after one untimed call; the median is kept.</summary>
    public const int Repetitions = 5;

    public static PayloadSizes Measure(IEnumerable<ReadOnlyMemory<byte>> payloads, Compressions? compressions = null)
    {
        var all = payloads.ToArray();
        return new PayloadSizes(all.Sum(p => (long)p.Length), (compressions ?? Compressions.All).Chosen.ToImmutableDictionary(c => c.Name, c => Compress(all, c.Compress)));
    }

    private static Compressed Compress(ReadOnlyMemory<byte>[] payloads, Func<ReadOnlyMemory<byte>, long> compress)
    {
        long bytes = 0;
        foreach (var payload in payloads)
        {
            bytes += compress(payload);
        }

        var times = new double[Repetitions];
        for (var i = 0; i < Repetitions; i++)
        {
            var start = Stopwatch.GetTimestamp();
            foreach (var payload in payloads)
            {
                compress(payload);
            }

            times[i] = Stopwatch.GetElapsedTime(start).TotalNanoseconds;
        }

        return new Compressed(bytes, RoundStatistics.Median(times));
    }
}
