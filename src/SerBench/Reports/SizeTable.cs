using System.Globalization;
using SerBench.Payloads;
using SerBench.Results;
using SerBench.Sizes;

namespace SerBench.Reports;

/// <summary>
/// Output size per contender and case: bytes, bytes per object, and the gzip / Brotli / zstd / LZ4 compressed sizes with
/// the share of the raw size they keep and the time each took to compress. One row per contender × payload × case (sizes
/// do not depend on the operation).
/// </summary>
public static class SizeTable
{
    public static TableModel Build(IReadOnlyList<ResultCell> cells)
    {
        var contenderOrder = cells.Select(c => c.Contender).Distinct().ToList();
        var rows = cells
            .Where(c => c.PayloadBytes is not null)
            .GroupBy(c => (c.Contender, c.Payload, c.Shape, c.Count))
            .Select(g => g.First())
            .OrderBy(c => c.Payload, StringComparer.Ordinal).ThenBy(c => c.Shape == Shape.Object ? 0 : 1).ThenBy(c => c.Count)
            .ThenBy(c => contenderOrder.IndexOf(c.Contender))
            .Select(c => (IReadOnlyList<string>)
            [
                c.Contender, c.Payload, c.Case, Formatting.ExactBytes(c.PayloadBytes),
                Formatting.Number((double)c.PayloadBytes!.Value / c.Count, "N0") + " B",
                Compressed(c.GzipBytes, c.GzipNs, c.PayloadBytes.Value), Compressed(c.BrotliBytes, c.BrotliNs, c.PayloadBytes.Value),
                Compressed(c.ZstdBytes, c.ZstdNs, c.PayloadBytes.Value), Compressed(c.Lz4Bytes, c.Lz4Ns, c.PayloadBytes.Value),
            ])
            .ToList();
        return new TableModel("Sizes", ["Contender", "Payload", "Case", "Bytes", "Bytes/object", .. PayloadSizes.Levels], rows,
            ["gzip and Brotli at CompressionLevel.Optimal (in-box encoders), zstd at level 3 (its default; ZstdSharp), LZ4 at L00, its fast default "
             + "(K4os, one block without frame); percentages are of the raw size, times the median of 5 compressions, outside the timed operation. "
             + "For N calls each payload is compressed alone."]);
    }

    private static string Compressed(long? compressed, double? nanoseconds, long raw) => compressed is { } size
        ? $"{size.ToString("N0", CultureInfo.InvariantCulture)} B ({(raw == 0 ? 0 : 100.0 * size / raw).ToString("0", CultureInfo.InvariantCulture)}%)"
          + (nanoseconds is { } ns ? " · " + Formatting.Time(ns, Formatting.TimeUnit(ns)) : "")
        : "—";
}
