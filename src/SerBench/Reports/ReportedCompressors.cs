using SerBench.Results;
using SerBench.Sizes;

namespace SerBench.Reports;

/// <summary>
/// The four compressors as every report shows them, in one place: the size table's column and footnote, the size
/// chart's bars and the verdict's "Smallest output" questions all read this list, so adding a compressor is one line.
/// </summary>
internal static class ReportedCompressors
{
    /// <param name="Column">Its name with its level, as columns and chart bars say it (<see cref="PayloadSizes.Levels"/>).</param>
    /// <param name="Name">Its short name, as the verdict's question says it.</param>
    /// <param name="Bytes">A cell's size after it; null when the run left it out.</param>
    /// <param name="Ns">A cell's median compress time with it.</param>
    /// <param name="Level">What the size table's footnote says of its level and implementation.</param>
    public sealed record Compressor(string Column, string Name, Func<ResultCell, long?> Bytes, Func<ResultCell, double?> Ns, string Level);

    public static IReadOnlyList<Compressor> All { get; } =
    [
        new(PayloadSizes.Levels[0], "gzip", c => c.GzipBytes, c => c.GzipNs, "gzip at CompressionLevel.Optimal (in-box encoder)"),
        new(PayloadSizes.Levels[1], "Brotli", c => c.BrotliBytes, c => c.BrotliNs, "Brotli at CompressionLevel.Optimal (in-box encoder)"),
        new(PayloadSizes.Levels[2], "zstd", c => c.ZstdBytes, c => c.ZstdNs, $"zstd at level {PayloadSizes.ZstdLevel} (its default; ZstdSharp)"),
        new(PayloadSizes.Levels[3], "LZ4", c => c.Lz4Bytes, c => c.Lz4Ns, "LZ4 at L00, its fast default (K4os, one block without frame)"),
    ];
}
