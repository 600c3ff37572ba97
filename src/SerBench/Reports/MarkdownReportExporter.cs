using System.Text;
using SerBench.Core.Results;
using SerBench.Reports.Verdict;

namespace SerBench.Reports;

// chartImages: charts whose SVG image was written to charts/; each study links its own.
internal sealed class MarkdownReportExporter(IReadOnlyList<ChartSpec>? chartImages = null) : IReportExporter
{
    public string FileName => "report.md";

    public void Export(RunSummary summary, TextWriter writer)
    {
        var (document, verdict) = (summary.Document, summary.Verdict);
        writer.WriteLine("# SerBench report");
        writer.WriteLine();
        // Everything below comes from the results file: code spans and escaping keep it from adding markup, links or headings.
        writer.WriteLine($"{Code(document.Command)} · profile **{Escape(document.Profile)}** · {Escape(document.Environment.Runtime)} · started {document.StartedAt:yyyy-MM-dd HH:mm:ss zzz}" +
                         (document.FinishedAt is { } finished ? $" · finished {finished:HH:mm:ss}" : " · **not finished** (stopped or still running)"));
        WriteParagraphs(writer, [.. summary.Warnings.Select(w => $"> **Warning:** {Escape(w)}"), .. summary.Decisive is { } d ? [$"**Decisive:** {Escape(d)}"] : Array.Empty<string>()]);

        WriteVerdict(writer, verdict);
        WriteDetailsHeader(writer, summary);
        foreach (var upgrade in verdict.Upgrades)
        {
            var table = VerdictTables.Upgrade(upgrade);
            writer.WriteLine();
            writer.WriteLine($"## {Escape(table.Title)}, case by case");
            writer.WriteLine();
            WriteTable(writer, table);
        }

        foreach (var study in summary.Studies)
        {
            foreach (var slice in study.Slices)
            {
                WriteStudy(writer, slice, summary.VerdictsOf(slice));
            }

            WriteRuntimeComparison(writer, study);
        }
    }

    private static void WriteVerdict(TextWriter writer, RunVerdict verdict)
    {
        if (verdict.Answers.Count > 0)
        {
            writer.WriteLine();
            writer.WriteLine("## What to use");
            writer.WriteLine();
            WriteTable(writer, VerdictTables.WhatToUse(verdict));
            writer.WriteLine();
            writer.WriteLine(Escape(VerdictTables.UseLegend));
        }

        writer.WriteLine();
        writer.WriteLine("## Verdict by study");
        foreach (var study in verdict.Studies)
        {
            writer.WriteLine();
            writer.WriteLine($"### {Escape(study.Title)}");
            writer.WriteLine();
            foreach (var finding in study.Findings)
            {
                writer.WriteLine($"- {Escape(finding)}");
            }

            if (study.Standings.Count > 0)
            {
                writer.WriteLine();
                WriteTable(writer, VerdictTables.Standings(study, withCases: true));
            }

            if (study.NotRanked.Count > 0)
            {
                writer.WriteLine();
                writer.WriteLine("Not ranked:");
                foreach (var line in study.NotRanked)
                {
                    writer.WriteLine($"- {Escape(line)}");
                }
            }
        }
    }

    private static void WriteDetailsHeader(TextWriter writer, RunSummary summary)
    {
        writer.WriteLine();
        writer.WriteLine("## Details");
        writer.WriteLine();
        foreach (var line in summary.Details.Select(d => $"{d.Label}: {d.Text}").Concat(summary.Undecided))
        {
            writer.WriteLine($"- {Escape(line)}");
        }

        writer.WriteLine();
        writer.WriteLine("Mean and Error are per operation; Error is half the 99.9% confidence interval. " + Escape(VerdictTables.RankLegend) + " Gen0/1/2 are collections per 1,000 operations. " +
                         "Payload is the UTF-8 (or binary) size of what was written; for *N calls* it is the sum of the N payloads. " +
                         "Statuses: OK; DIFFERS (round-trips but writes another document; timed and flagged); MISMATCH, UNSUPPORTED, CRASH, UNAVAILABLE (not timed).");
    }

    private static void WriteRuntimeComparison(TextWriter writer, StudyPart study)
    {
        if (study.RuntimeTables.Count == 0)
        {
            return;
        }

        writer.WriteLine();
        writer.WriteLine($"## {Escape(study.Name)} across runtimes");
        writer.WriteLine();
        foreach (var finding in study.RuntimeFindings)
        {
            writer.WriteLine($"- {Escape(finding)}");
        }

        foreach (var table in study.RuntimeTables)
        {
            writer.WriteLine();
            writer.WriteLine($"### {Escape(table.Title)}");
            writer.WriteLine();
            WriteTable(writer, table);
        }
    }

    private void WriteStudy(TextWriter writer, StudySlice slice, IReadOnlyList<StudyVerdict> verdicts)
    {
        var (study, cells) = (slice.Study, slice.Cells);
        writer.WriteLine();
        writer.WriteLine($"## {Escape(slice.Key)}" + (study.Title == study.Name ? "" : $" — {Escape(study.Title)}"));
        writer.WriteLine();
        if (study.Contenders.Count > 0)
        {
            // The definition comes from the results file, so it is as untrusted as any other text in it.
            writer.WriteLine($"Reproduces {Escape(study.Source)}. Conventions: {Escape(study.Conventions.Name)}. Baseline: {Code(study.Baseline)}.");
            foreach (var note in study.Notes)
            {
                writer.WriteLine($"- {Escape(note)}");
            }
        }

        foreach (var ranking in verdicts.SelectMany(v => v.Cases))
        {
            writer.WriteLine();
            writer.WriteLine($"### Ranking · {Escape(ranking.Title)}");
            writer.WriteLine();
            WriteTable(writer, VerdictTables.Case(ranking));
        }

        var images = (chartImages ?? []).Where(c => c.Study == slice.Key).ToList();
        if (images.Count > 0)
        {
            writer.WriteLine();
            writer.WriteLine("**Charts:** " + string.Join(" · ", images.Select(c => $"[{Escape(c.Title)}](charts/{c.Id}.svg)")));
        }

        foreach (var table in (IEnumerable<TableModel>)[.. SummaryTable.Build(study, cells), ContenderTable.Build(cells), .. StudyTables.Build(study, cells), SizeTable.Build(cells)])
        {
            writer.WriteLine();
            writer.WriteLine($"### {Escape(table.Title)}");
            writer.WriteLine();
            WriteTable(writer, table);
        }
    }

    /// <summary>Each after a blank line.</summary>
    internal static void WriteParagraphs(TextWriter writer, IEnumerable<string> paragraphs)
    {
        foreach (var paragraph in paragraphs)
        {
            writer.WriteLine();
            writer.WriteLine(paragraph);
        }
    }

    internal static void WriteTable(TextWriter writer, TableModel table)
    {
        writer.WriteLine("| " + string.Join(" | ", table.Headers.Select(Escape)) + " |");
        writer.WriteLine("|" + string.Join("|", table.Headers.Select((_, i) => i < table.TextColumns ? "---" : "---:")) + "|");
        foreach (var (row, index) in table.Rows.Select((r, i) => (r, i)))
        {
            writer.WriteLine("| " + string.Join(" | ", row.Select((text, column) => table.Bold.Contains((index, column)) ? $"**{Escape(text)}**" : Escape(text))) + " |");
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

    /// <summary>Literal Markdown on one line: no table break, HTML, link, emphasis, code span or heading can form.</summary>
    internal static string Escape(string text)
    {
        var escaped = new StringBuilder(text.Length + 8);
        foreach (var c in OneVisibleLine(text))
        {
            _ = c switch
            {
                '<' => escaped.Append("&lt;"),
                '>' => escaped.Append("&gt;"),
                '&' => escaped.Append("&amp;"),
                // '(' needs no escape once '[' has one: no link or image can open; '#' never starts a line here.
                '\\' or '|' or '[' or ']' or '`' or '*' or '_' => escaped.Append('\\').Append(c),
                _ => escaped.Append(c),
            };
        }

        return escaped.ToString();
    }

    private static string OneVisibleLine(string text) =>
        Core.Files.InvisibleText.Show(text.Replace('\r', ' ').Replace('\n', ' '));

    // Fenced with more backticks than any run inside, '|' escaped: GitHub splits table cells on it even in code.
    internal static string Code(string text)
    {
        var line = OneVisibleLine(text).Replace("|", "\\|", StringComparison.Ordinal);
        var longestRun = 0;
        for (int i = 0, run = 0; i < line.Length; i++)
        {
            run = line[i] == '`' ? run + 1 : 0;
            longestRun = Math.Max(longestRun, run);
        }

        var fence = new string('`', longestRun + 1);
        var pad = line.StartsWith('`') || line.EndsWith('`') ? " " : "";
        return fence + pad + line + pad + fence;
    }
}
