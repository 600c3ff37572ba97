using System.IO.Compression;
using K4os.Compression.LZ4;
using SerBench.Core.Results;
using ZstdCompressor = ZstdSharp.Compressor;

namespace SerBench.Core.Sizes;

/// <summary>
/// <paramref name="Name"/> is the <c>--compressions</c> name and the results.json fields (<c>gzipBytes</c>, <c>gzipNs</c>);
/// <paramref name="Label"/> the verdict's word, <paramref name="Column"/> the name with its level, <paramref name="Level"/> the size table's footnote.
/// </summary>
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

    /// <summary>In the order of columns and JSON fields.</summary>
    public static IReadOnlyList<Compressor> All => Substitute.Value ?? Measured;

    /// <summary>Replaces <see cref="All"/> in the calling flow only (null restores it), so a test can add a compressor without touching other tests.</summary>
    internal static void Use(IReadOnlyList<Compressor>? compressors) => Substitute.Value = compressors;

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

/// <summary>A size and a median compress time; either is null when not measured.</summary>
internal readonly record struct Compressed(long? Bytes, double? Ns);
