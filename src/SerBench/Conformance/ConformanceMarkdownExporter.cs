using System.Globalization;
using SerBench.Core.Conformance;
using SerBench.Reports;

namespace SerBench.Conformance;

/// <summary>Everything from a document or a library's message is escaped: it cannot break the table or form a link, HTML or a heading.</summary>
internal sealed class ConformanceMarkdownExporter : IConformanceExporter
{
    public string FileName => "conformance.md";

    public void Export(ConformanceReport report, TextWriter writer)
    {
        var e = (Func<string, string>)MarkdownReportExporter.Escape;
        writer.WriteLine("# SerBench conformance");
        writer.WriteLine();
        writer.WriteLine($"{MarkdownReportExporter.Code(report.Command)} · {e(report.Tool.Name)} {e(report.Tool.Version)} · {e(report.Runtime)} · " +
                         report.StartedAt.ToString("yyyy-MM-dd HH:mm:ss zzz", CultureInfo.InvariantCulture));
        writer.WriteLine();
        writer.WriteLine(ConformanceExporters.Summary);
        writer.WriteLine();
        writer.WriteLine(string.Join(" · ", ConformanceExporters.Ratings.Select(r => $"{Mark(r)} {ConformanceExporters.Meaning(r)}")));
        writer.WriteLine();
        writer.WriteLine("## Summary");
        writer.WriteLine();
        MarkdownReportExporter.WriteTable(writer, ConformanceSummary.Groups(report));
        var problems = ConformanceSummary.ProblemCells(report);
        writer.WriteLine();
        writer.WriteLine($"## {problems.Title}");
        writer.WriteLine();
        if (problems.Rows.Count == 0)
        {
            writer.WriteLine("None: every library was right, or changed only the form, on every document.");
        }
        else
        {
            MarkdownReportExporter.WriteTable(writer, problems);
        }

        writer.WriteLine();
        writer.WriteLine("## Full matrix");
        writer.WriteLine();
        writer.WriteLine("| Document | RFC 8259 | " + string.Join(" | ", report.Contenders.Select(c => e(c.Name))) + " |");
        writer.WriteLine("|---|---|" + string.Concat(report.Contenders.Select(_ => "---|")));
        foreach (var document in report.Documents)
        {
            var cells = report.Contenders.Select(c => report.Cell(c.Name, document.Name) is { } cell ? $"{Mark(cell.Rating)} {cell.Label}" : "");
            writer.WriteLine($"| {e(document.Name)} | {document.Expectation} | {string.Join(" | ", cells)} |");
        }

        writer.WriteLine();
        writer.WriteLine("## Libraries");
        writer.WriteLine();
        writer.WriteLine("| Contender | Library | Version | Ratings |");
        writer.WriteLine("|---|---|---|---|");
        foreach (var contender in report.Contenders)
        {
            var ratings = contender.Unavailable is { } reason ? "UNAVAILABLE: " + e(reason) : ConformanceExporters.Tally(report, contender.Name);
            writer.WriteLine($"| {e(contender.Name)} | {e(contender.Library)} | {e(contender.Version)} | {ratings} |");
        }

        writer.WriteLine();
        writer.WriteLine("## Documents");
        foreach (var document in report.Documents)
        {
            writer.WriteLine();
            writer.WriteLine($"### {e(document.Name)}");
            writer.WriteLine();
            var origin = document.Source == ConformanceDocument.BuiltInSource ? "built in" : "from " + MarkdownReportExporter.Code(document.Source);
            writer.WriteLine((document.Description is { } description ? e(description) + " · " : "") +
                             $"{origin} · {document.Bytes.ToString("N0", CultureInfo.InvariantCulture)} bytes · {MarkdownReportExporter.Code(document.Preview)}");
            writer.WriteLine();
            writer.WriteLine("RFC 8259: " + (document.Valid ? "a JSON text." : $"not a JSON text: {e(document.Problem ?? "")}.") +
                             string.Concat(document.Leeway.Select(l => $" Leeway: {e(l)}.")));
            writer.WriteLine();
            foreach (var contender in report.Contenders)
            {
                if (report.Cell(contender.Name, document.Name) is { } cell)
                {
                    writer.WriteLine($"- {Mark(cell.Rating)} {e(contender.Name)}: {cell.Label}" + (cell.Detail is { } detail ? " — " + e(detail) : ""));
                }
            }
        }
    }

    private static string Mark(ConformanceRating rating) => rating switch
    {
        ConformanceRating.Right => "🟢",
        ConformanceRating.Form => "🟡",
        ConformanceRating.Changed => "🟠",
        ConformanceRating.Wrong => "🔴",
        _ => "⚪",
    };
}
