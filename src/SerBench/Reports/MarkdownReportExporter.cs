using SerBench.Results;
using SerBench.Studies;

namespace SerBench.Reports;

/// <summary><c>report.md</c>: GitHub-flavoured Markdown, one section per study, each table in the study's shape.</summary>
/// <param name="chartImages">Charts whose SVG image was written to charts/; each study links its own.</param>
public sealed class MarkdownReportExporter(IReadOnlyList<ChartSpec>? chartImages = null) : IReportExporter
{
    public string FileName => "report.md";

    public void Export(ResultsDocument document, TextWriter writer)
    {
        writer.WriteLine("# SerBench report");
        writer.WriteLine();
        writer.WriteLine($"`{document.Command}` · profile **{document.Profile}** · started {document.StartedAt:yyyy-MM-dd HH:mm:ss zzz}" +
                         (document.FinishedAt is { } finished ? $" · finished {finished:HH:mm:ss}" : " · **not finished** (stopped or still running)"));
        writer.WriteLine();
        var env = document.Environment;
        writer.WriteLine($"- {document.Tool.Name} {document.Tool.Version}" + (document.Tool.Commit is { } commit ? $" ({commit})" : ""));
        writer.WriteLine($"- {env.Runtime} ({env.Architecture}) on {env.Os}");
        writer.WriteLine($"- CPU: {env.CpuModel}, {env.LogicalCores} logical cores");
        writer.WriteLine($"- Runtime knobs: {Formatting.Knobs(env)}");
        writer.WriteLine($"- Measured with {env.MeasurementEngine}; build: {env.BuildConfiguration}");
        foreach (var (label, text) in RunConditions.Describe(document))
        {
            writer.WriteLine($"- {label}: {Escape(text)}");
        }

        if (RunConditions.Warning(document) is { } warning)
        {
            writer.WriteLine();
            writer.WriteLine($"> **Warning:** {Escape(warning)}");
        }
        if (env.BuildConfiguration != "Release")
        {
            writer.WriteLine();
            writer.WriteLine("> **Warning:** SerBench was built without optimizations; these numbers are not fit for comparison.");
        }

        writer.WriteLine();
        writer.WriteLine("Packages: " + string.Join(", ", document.Packages.Select(p => $"{p.Key} {p.Value}")));
        writer.WriteLine();
        writer.WriteLine("Mean and Error are per operation; Error is half the 99.9% confidence interval. Gen0/1/2 are collections per 1,000 operations. " +
                         "Payload is the UTF-8 (or binary) size of what was written; for *N calls* it is the sum of the N payloads. " +
                         "Statuses: OK; DIFFERS (round-trips but writes another document; timed and flagged); MISMATCH, UNSUPPORTED, CRASH, UNAVAILABLE (not timed).");
        foreach (var studyCells in document.Cells.GroupBy(c => c.Study))
        {
            WriteStudy(writer, StudyDefinition.Resolve(document, studyCells.Key), studyCells.ToList());
        }
    }

    private void WriteStudy(TextWriter writer, StudyDefinition study, List<ResultCell> cells)
    {
        var studyName = study.Name;
        writer.WriteLine();
        writer.WriteLine($"## {studyName}" + (study.Title == studyName ? "" : $" — {study.Title}"));
        writer.WriteLine();
        if (study.Contenders.Count > 0)
        {
            writer.WriteLine($"Reproduces {study.Source}. Conventions: {study.Conventions.Name}. Baseline: `{study.Baseline}`.");
            foreach (var note in study.Notes)
            {
                writer.WriteLine($"- {note}");
            }
        }

        var findings = Findings.For(study, cells);
        if (findings.Count > 0)
        {
            writer.WriteLine();
            writer.WriteLine("**Findings**");
            writer.WriteLine();
            foreach (var finding in findings)
            {
                writer.WriteLine($"- {Escape(finding)}");
            }
        }

        var images = (chartImages ?? []).Where(c => c.Study == studyName).ToList();
        if (images.Count > 0)
        {
            writer.WriteLine();
            writer.WriteLine("**Charts:** " + string.Join(" · ", images.Select(c => $"[{Escape(c.Title)}](charts/{c.Id}.svg)")));
        }

        foreach (var table in (IEnumerable<TableModel>)[.. SummaryTable.Build(study, cells), ContenderTable.Build(cells), .. StudyTables.Build(study, cells), SizeTable.Build(cells)])
        {
            writer.WriteLine();
            writer.WriteLine($"### {table.Title}");
            writer.WriteLine();
            WriteTable(writer, table);
        }
    }

    internal static void WriteTable(TextWriter writer, TableModel table)
    {
        writer.WriteLine("| " + string.Join(" | ", table.Headers.Select(Escape)) + " |");
        writer.WriteLine("|" + string.Join("|", table.Headers.Select((_, i) => i < 2 ? "---" : "---:")) + "|");
        foreach (var row in table.Rows)
        {
            writer.WriteLine("| " + string.Join(" | ", row.Select(Escape)) + " |");
        }

        if (table.Footnotes.Count > 0)
        {
            writer.WriteLine();
            for (var i = 0; i < table.Footnotes.Count; i++)
            {
                writer.WriteLine($"{i + 1}. {Escape(table.Footnotes[i])}");
            }
        }
    }

    /// <summary>Keeps text from results (reasons, exception messages) from breaking the table or injecting markup.</summary>
    internal static string Escape(string text) => text
        .Replace("\\", "\\\\", StringComparison.Ordinal)
        .Replace("|", "\\|", StringComparison.Ordinal)
        .Replace("<", "&lt;", StringComparison.Ordinal)
        .Replace(">", "&gt;", StringComparison.Ordinal)
        .Replace("\r", " ", StringComparison.Ordinal)
        .Replace("\n", " ", StringComparison.Ordinal);
}
