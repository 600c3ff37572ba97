using System.IO.Compression;
using K4os.Compression.LZ4;
using SerBench.Core.Results;
using ZstdCompressor = ZstdSharp.Compressor;

namespace SerBench.Core.Sizes;

/// <summary>
/// A compressor that sizes and compress times are measured with; every one is listed in <see cref="All"/>.
/// </summary>
/// <param name="Name">Its name in <c>--compressions</c>, and its results.json fields: gzip → <c>gzipBytes</c>, <c>gzipNs</c>.</param>
/// <param name="Label">Its short name, as the verdict's question says it.</param>
/// <param name="Column">Its name with its level, as columns and chart bars say it.</param>
/// <param name="Level">What the size table's footnote says of its level and implementation.</param>
/// <param name="Compress">Compresses one payload at that level and returns the compressed length.</param>
internal sealed record Compressor(string Name, string Label, string Column, string Level, Func<ReadOnlyMemory<byte>, long> Compress)
{
    /// <summary>zstd's own default level: what the zstd tool, and HTTP servers that offer zstd, use unless told otherwise.</summary>
    public const int ZstdLevel = 3;

    // One zstd context per thread, reused as a file writer would: creating it is not part of compressing.
    private static readonly ThreadLocal<ZstdCompressor> Zstd = new(() => new ZstdCompressor(ZstdLevel));

    // Adding a compressor is one entry here: measurement, --compressions, results.json, CSV, size table, chart and What to use read it.
    private static readonly IReadOnlyList<Compressor> Measured =
    [
        new("gzip", "gzip", "gzip Optimal", "gzip at CompressionLevel.Optimal (in-box encoder)",
            payload => StreamLength(payload, stream => new GZipStream(stream, CompressionLevel.Optimal, leaveOpen: true))),
        new("brotli", "Brotli", "Brotli Optimal", "Brotli at CompressionLevel.Optimal (in-box encoder)",
            payload => StreamLength(payload, stream => new BrotliStream(stream, CompressionLevel.Optimal, leaveOpen: true))),
        new("zstd", "zstd", $"zstd level {ZstdLevel}", $"zstd at level {ZstdLevel} (its default; ZstdSharp)",
            payload => Zstd.Value!.Wrap(payload.Span, new byte[ZstdCompressor.GetCompressBound(payload.Length)])),
        new("lz4", "LZ4", "LZ4 L00 fast", "LZ4 at L00, its fast default (K4os, one block without frame)",
            payload => LZ4Codec.Encode(payload.Span, new byte[LZ4Codec.MaximumOutputSize(payload.Length)], LZ4Level.L00_FAST)),
    ];

    private static readonly AsyncLocal<IReadOnlyList<Compressor>?> Substitute = new();

    /// <summary>Every compressor, in the order of columns and JSON fields.</summary>
    public static IReadOnlyList<Compressor> All => Substitute.Value ?? Measured;

    /// <summary>Replaces <see cref="All"/> in the calling flow only (null restores it), so a test can add a compressor without touching other tests.</summary>
    internal static void Use(IReadOnlyList<Compressor>? compressors) => Substitute.Value = compressors;

    /// <summary>The cell's size and compress time with this compressor; both null when it was left out.</summary>
    public Compressed Of(ResultCell cell) => cell.Compressed.GetValueOrDefault(Name);

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

/// <summary>An output after one compressor: its size, and the median time to compress it. Either is null when not measured.</summary>
internal readonly record struct Compressed(long? Bytes, double? Ns);
