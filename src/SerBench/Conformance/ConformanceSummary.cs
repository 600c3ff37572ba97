using System.Globalization;
using SerBench.Core.Conformance;
using SerBench.Reports;

namespace SerBench.Conformance;

/// <summary>Per group of documents and library, how many it read and refused and how those rate; then only the wrong or changed cells.</summary>
internal static class ConformanceSummary
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    public const int NamesPerLine = 3;

    public static TableModel Groups(ConformanceReport report)
    {
        var rows = new List<IReadOnlyList<string>>();
        foreach (var group in report.Documents.GroupBy(d => d.Group))
        {
            var names = group.Select(d => d.Name).ToHashSet(StringComparer.Ordinal);
            foreach (var contender in report.Contenders)
            {
                var cells = report.Cells.Where(c => c.Contender == contender.Name && names.Contains(c.Document)).ToList();
                if (contender.Unavailable is not null || cells.All(c => c.Rating == ConformanceRating.NotRun))
                {
                    rows.Add([group.Key, contender.Name, Count(names.Count), "—", "—", "not run", "", "", ""]);
                    continue;
                }

                var read = cells.Count(c => c.Outcome is ConformanceOutcome.Accepted or ConformanceOutcome.ChangedForm or ConformanceOutcome.ChangedData or ConformanceOutcome.WroteInvalid);
                rows.Add(
                [
                    group.Key, contender.Name, Count(names.Count), Count(read), Count(cells.Count(c => c.Outcome == ConformanceOutcome.Rejected)),
                    Count(cells.Count(c => c.Rating == ConformanceRating.Right)), Count(cells.Count(c => c.Rating == ConformanceRating.Form)),
                    Count(cells.Count(c => c.Rating == ConformanceRating.Changed)), Count(cells.Count(c => c.Rating == ConformanceRating.Wrong)),
                ]);
            }
        }

        return new TableModel("Conformance by group", ["Group", "Library", "Documents", "Read", "Refused", "Right", "Form only", "Changed data", "Wrong"], rows,
        [
            "Right by RFC 8259: a valid document read and written back unchanged, an invalid one refused; for an i_ file either outcome is right. " +
            "Form only: same data written in another form. Wrong: read an invalid document, refused a valid one, wrote non-JSON or crashed.",
        ]) { TextColumns = 2 };
    }

    public static IReadOnlyList<string> Problems(ConformanceReport report)
    {
        var lines = new List<string>();
        foreach (var contender in report.Contenders.Where(c => c.Unavailable is null))
        {
            foreach (var (rating, what) in new[] { (ConformanceRating.Wrong, "wrong on"), (ConformanceRating.Changed, "changed the data of") })
            {
                var documents = report.Cells.Where(c => c.Contender == contender.Name && c.Rating == rating).ToList();
                if (documents.Count == 0)
                {
                    continue;
                }

                var named = string.Join(", ", documents.Take(NamesPerLine).Select(c => $"{c.Document} ({c.Label})"));
                lines.Add($"{contender.Name}: {what} {Count(documents.Count)} document{(documents.Count == 1 ? "" : "s")}: {named}" +
                          (documents.Count > NamesPerLine ? $" and {Count(documents.Count - NamesPerLine)} more" : ""));
            }
        }

        return lines;
    }

    public static TableModel ProblemCells(ConformanceReport report) =>
        new("Where a library was wrong or changed the data", ["Document", "Library", "RFC 8259", "Outcome", "Detail"],
            [.. report.Documents.SelectMany(d => report.Contenders
                .Select(c => report.Cell(c.Name, d.Name))
                .Where(cell => cell is { Rating: ConformanceRating.Wrong or ConformanceRating.Changed })
                .Select(cell => (IReadOnlyList<string>)[d.Name, cell!.Contender, d.Expectation, cell.Label, cell.Detail ?? ""]))],
            []) { TextColumns = 5 };

    private static string Count(int count) => count.ToString("N0", Invariant);
}
