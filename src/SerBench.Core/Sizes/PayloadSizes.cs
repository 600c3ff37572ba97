using System.Collections.Immutable;
using System.Diagnostics;
using SerBench.Core.Statistics;

namespace SerBench.Core.Sizes;

/// <summary>
/// How large a workload's output is, raw and after each chosen <see cref="Compressor"/> at the level a web server or a
/// file writer typically uses, and how long each took to compress it. For the "many" shape each payload is compressed on
/// its own, as N separate messages would be, and the sizes and times are summed. A compressor left out has no entry.
/// </summary>
/// <param name="Bytes">The raw output.</param>
/// <param name="Compressed">Each chosen compressor's size and median compress time, by <see cref="Compressor.Name"/>.</param>
internal sealed record PayloadSizes(long Bytes, ImmutableDictionary<string, Compressed> Compressed)
{
    /// <summary>How many times each compressor runs on the output (after one untimed call); the median is kept.</summary>
    public const int Repetitions = 5;

    public static PayloadSizes Measure(IEnumerable<ReadOnlyMemory<byte>> payloads, Compressions? compressions = null)
    {
        var all = payloads.ToArray();
        return new PayloadSizes(all.Sum(p => (long)p.Length), (compressions ?? Compressions.All).Chosen.ToImmutableDictionary(c => c.Name, c => Compress(all, c.Compress)));
    }

    /// <summary>Compresses every payload once for the size, then <see cref="Repetitions"/> more times for the median time.</summary>
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
