using System.Globalization;
using SerBench.Core.Payloads;
using SerBench.Core.Results;
using SerBench.Core.Sizes;

namespace SerBench.Reports;

// One row per contender × payload × case: sizes do not depend on the operation.
internal static class SizeTable
{
    public static TableModel Build(IReadOnlyList<ResultCell> cells)
    {
        var contenderOrder = cells.Select(c => c.Contender).Distinct().ToList();
        var sized = cells
            .Where(c => c.PayloadBytes is not null)
            .GroupBy(c => (c.Contender, c.Payload, c.Shape, c.Count))
            .Select(g => g.First())
            .OrderBy(c => c.Payload, StringComparer.Ordinal).ThenBy(c => c.Shape == Shape.Object ? 0 : 1).ThenBy(c => c.Count)
            .ThenBy(c => contenderOrder.IndexOf(c.Contender))
            .ToList();

        // A compressor no cell was measured with (--compressions, or a results file older than it) gets no column.
        var measured = Compressor.All.Where(k => sized.Any(c => k.Of(c).Bytes is not null)).ToList();
        var rows = sized.Select(c => (IReadOnlyList<string>)
            [
                c.Contender, c.Payload, c.Case, Formatting.ExactBytes(c.PayloadBytes),
                Formatting.Number((double)c.PayloadBytes!.Value / c.Count, "N0") + " B",
                .. measured.Select(k => Compressed(k.Of(c), c.PayloadBytes.Value)),
            ])
            .ToList();
        var footnotes = measured.Count == 0 ? Array.Empty<string>() :
            [string.Join(", ", measured.Select(k => k.Level)) + "; percentages are of the raw size, times the median of up to " + PayloadSizes.Repetitions + " compressions (fewer past " + PayloadSizes.TimedFor.TotalSeconds.ToString("0.#", CultureInfo.InvariantCulture) + " s), outside the timed operation, "
             + "in the gate's fresh process: first uses, their code not yet optimized, so an upper bound, several times a warm process's time. "
             + "For N calls each payload is compressed alone."];
        return new TableModel("Sizes", ["Contender", "Payload", "Case", "Bytes", "Bytes/object", .. measured.Select(k => k.Column)], rows, footnotes);
    }

    private static string Compressed(Compressed compressed, long raw) => compressed.Bytes is { } size
        ? $"{size.ToString("N0", CultureInfo.InvariantCulture)} B ({(raw == 0 ? 0 : 100.0 * size / raw).ToString("0", CultureInfo.InvariantCulture)}%)"
          + (compressed.Ns is { } ns ? " · " + Formatting.Time(ns, Core.Results.TimeUnits.For(ns)) : "")
        : "—";
}
