using System.Globalization;
using SerBench.Payloads;
using SerBench.Results;

namespace SerBench.Reports;

/// <summary>
/// Output size per contender and case: bytes, bytes per object, and gzip / Brotli compressed sizes with the share of
/// the raw size they keep. One row per contender × payload × case (sizes do not depend on the operation).
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
                Compressed(c.GzipBytes, c.PayloadBytes.Value), Compressed(c.BrotliBytes, c.PayloadBytes.Value),
            ])
            .ToList();
        return new TableModel("Sizes", ["Contender", "Payload", "Case", "Bytes", "Bytes/object", "gzip", "Brotli"], rows,
            ["gzip and Brotli at the optimal level (in-box encoders); percentages are of the raw size. For N calls each payload is compressed alone."]);
    }

    private static string Compressed(long? compressed, long raw) => compressed is { } size
        ? $"{size.ToString("N0", CultureInfo.InvariantCulture)} B ({(raw == 0 ? 0 : 100.0 * size / raw).ToString("0", CultureInfo.InvariantCulture)}%)"
        : "—";
}
