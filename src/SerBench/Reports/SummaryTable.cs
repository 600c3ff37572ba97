using System.Globalization;
using SerBench.Core.Payloads;
using SerBench.Core.Results;

namespace SerBench.Reports;

/// <summary>A row per contender, a column per workload, the geometric mean of its ratios; OK everywhere first, then the reference and DIFFERS, then the rest.</summary>
internal static class SummaryTable
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    public static IReadOnlyList<TableModel> Build(StudyDefinition study, IReadOnlyList<ResultCell> cells)
    {
        // Steady state only: a first call is milliseconds of JIT and start-up, a different question with its own table.
        var steady = cells.Where(c => c.Operation != Core.Studies.Operation.FirstCall).ToList();
        return [.. StudySections.Of(study, steady).Where(s => s.Cells.Count > 0).Select(s => BuildSection(s.Title, s.Cells))];
    }

    private static TableModel BuildSection(string title, IReadOnlyList<ResultCell> cells)
    {
        var workloads = cells.Select(c => (c.Payload, c.Shape, c.Count, c.Operation)).Distinct()
            .OrderBy(w => w.Payload, StringComparer.Ordinal).ThenBy(w => CellText.Name(w.Operation), StringComparer.Ordinal)
            .ThenBy(w => w.Shape == Shape.Object ? 0 : 1).ThenBy(w => w.Count).ToList();
        var rows = new List<(int Order, double Score, IReadOnlyList<string> Cells)>();
        foreach (var contender in cells.GroupBy(c => c.Contender))
        {
            var byWorkload = contender.ToDictionary(c => (c.Payload, c.Shape, c.Count, c.Operation));
            var ratios = contender.Where(c => c.Ratio is > 0).Select(c => c.Ratio!.Value).ToList();
            var complete = workloads.All(w => byWorkload.TryGetValue(w, out var c) && c.MeanNs is not null);
            var allOk = contender.All(Findings.IsRankable);
            var reference = contender.Any(c => c.Reference);
            var geometricMean = complete && ratios.Count == workloads.Count ? Core.Statistics.Tallies.GeometricMean(ratios) : null;
            var order = geometricMean is null ? 2 : allOk && !reference ? 0 : 1;
            var status = contender.Select(c => c.StatusLabel).Distinct().ToList();
            var row = new List<string> { contender.Key, string.Join("/", status) };
            row.AddRange(workloads.Select(w => byWorkload.TryGetValue(w, out var c) && c.MeanNs is { } mean
                ? (mean / c.Count).ToString(mean / c.Count >= 100 ? "N0" : "N1", Invariant)
                : "—"));
            row.Add(geometricMean is { } g ? g.ToString("0.00", Invariant) + "×" : "—");
            rows.Add((order, geometricMean ?? double.MaxValue, row));
        }

        // No rank column: the one rank is the verdict's, which ties contenders the data cannot tell apart.
        var body = rows.OrderBy(r => r.Order).ThenBy(r => r.Score).Select(r => r.Cells).ToList();
        var headers = new List<string> { "Contender", "Status" };
        headers.AddRange(workloads.Select(w => $"{w.Payload} {CellText.Case(w.Shape, w.Count)} {CellText.ShortName(w.Operation)}"));
        headers.Add("Geo-mean ratio");
        return new TableModel((title.Length == 0 ? "" : title + " · ") + "Summary: ns per object", headers, body,
        [
            "Geo-mean ratio: geometric mean over all workloads of mean / baseline mean (lower is faster). Ordered by it: first those OK in every workload (on your own documents, DIFFERS in form only counts too), then the reference and DIFFERS rows; '—' = not timed (see status). The rank is the verdict's, above.",
        ]);
    }

}
