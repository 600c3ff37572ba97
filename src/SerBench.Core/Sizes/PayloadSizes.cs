using System.Diagnostics;
using System.IO.Compression;
using K4os.Compression.LZ4;
using SerBench.Statistics;
using ZstdSharp;

namespace SerBench.Sizes;

/// <summary>
/// How large a workload's output is, raw and after each chosen compressor (<see cref="Compressions"/>) at the level a
/// web server or a file writer typically uses (<see cref="Levels"/>), and how long each took to compress it. For the
/// "many" shape each payload is compressed on its own, as N separate messages would be, and the sizes and times are
/// summed. A compressor left out has no size and no time.
/// </summary>
/// <param name="Bytes">The raw output.</param>
public sealed record PayloadSizes(long Bytes)
{
    /// <summary>Each compressor as the tables name it, with its level.</summary>
    public static IReadOnlyList<string> Levels { get; } = ["gzip Optimal", "Brotli Optimal", "zstd level 3", "LZ4 L00 fast"];

    /// <summary>zstd's own default level: what the zstd tool, and HTTP servers that offer zstd, use unless told otherwise.</summary>
    public const int ZstdLevel = 3;

    /// <summary>How many times each compressor runs on the output (after one untimed call); the median is kept.</summary>
    public const int Repetitions = 5;

    /// <summary>After gzip, <see cref="CompressionLevel.Optimal"/>.</summary>
    public long? GzipBytes { get; init; }

    /// <summary>After Brotli, <see cref="CompressionLevel.Optimal"/>.</summary>
    public long? BrotliBytes { get; init; }

    /// <summary>After zstd at <see cref="ZstdLevel"/>: one zstd frame per payload, as a .zst file or a zstd-encoded HTTP body.</summary>
    public long? ZstdBytes { get; init; }

    /// <summary>After LZ4 at its default fast level (L00): one LZ4 block per payload, without the 7–19 byte frame header.</summary>
    public long? Lz4Bytes { get; init; }

    /// <summary>Median nanoseconds to gzip the output (all N payloads for the many shape), measured outside any timed operation.</summary>
    public double? GzipNs { get; init; }

    /// <summary>Median nanoseconds to compress the output with Brotli.</summary>
    public double? BrotliNs { get; init; }

    /// <summary>Median nanoseconds to compress the output with zstd.</summary>
    public double? ZstdNs { get; init; }

    /// <summary>Median nanoseconds to compress the output with LZ4.</summary>
    public double? Lz4Ns { get; init; }

    public static PayloadSizes Measure(IEnumerable<ReadOnlyMemory<byte>> payloads, Compressions compressions = Compressions.All)
    {
        var all = payloads.ToArray();
        (long Bytes, double Nanoseconds)? Run(Compressions compressor, Func<ReadOnlyMemory<byte>, long> compress) =>
            compressions.HasFlag(compressor) ? Compress(all, compress) : null;

        using var zstd = compressions.HasFlag(Compressions.Zstd) ? new Compressor(ZstdLevel) : null;
        var gzip = Run(Compressions.Gzip, payload => StreamLength(payload, stream => new GZipStream(stream, CompressionLevel.Optimal, leaveOpen: true)));
        var brotli = Run(Compressions.Brotli, payload => StreamLength(payload, stream => new BrotliStream(stream, CompressionLevel.Optimal, leaveOpen: true)));
        var zstandard = Run(Compressions.Zstd, payload => zstd!.Wrap(payload.Span, new byte[Compressor.GetCompressBound(payload.Length)]));
        var lz4 = Run(Compressions.Lz4, payload => LZ4Codec.Encode(payload.Span, new byte[LZ4Codec.MaximumOutputSize(payload.Length)], LZ4Level.L00_FAST));
        return new PayloadSizes(all.Sum(p => (long)p.Length))
        {
            GzipBytes = gzip?.Bytes,
            BrotliBytes = brotli?.Bytes,
            ZstdBytes = zstandard?.Bytes,
            Lz4Bytes = lz4?.Bytes,
            GzipNs = gzip?.Nanoseconds,
            BrotliNs = brotli?.Nanoseconds,
            ZstdNs = zstandard?.Nanoseconds,
            Lz4Ns = lz4?.Nanoseconds,
        };
    }

    /// <summary>Compresses every payload once for the size, then <see cref="Repetitions"/> more times for the median time.</summary>
    private static (long Bytes, double Nanoseconds) Compress(ReadOnlyMemory<byte>[] payloads, Func<ReadOnlyMemory<byte>, long> compress)
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

        return (bytes, RoundStatistics.Median(times));
    }

    private static long StreamLength(ReadOnlyMemory<byte> payload, Func<Stream, Stream> compressor)
    {
        using var output = new MemoryStream();
        using (var compressing = compressor(output))
        {
            compressing.Write(payload.Span);
        }

        return output.Length;
    }
}
