using System.Text;
using SerBench.Core.Results;
using SerBench.Reports.Verdict;

namespace SerBench.Reports;

// chartImages: charts whose SVG image was written to charts/; each study links its own.
internal sealed class MarkdownReportExporter(IReadOnlyList<ChartSpec>? chartImages = null) : IReportExporter
{
    public string FileName => "report.md";

    public void Export(ResultsDocument document, TextWriter writer)
    {
        writer.WriteLine("# SerBench report");
        writer.WriteLine();
        // Everything below comes from the results file: code spans and escaping keep it from adding markup, links or headings.
        writer.WriteLine($"{Code(document.Command)} · profile **{Escape(document.Profile)}** · {Escape(document.Environment.Runtime)} · started {document.StartedAt:yyyy-MM-dd HH:mm:ss zzz}" +
                         (document.FinishedAt is { } finished ? $" · finished {finished:HH:mm:ss}" : " · **not finished** (stopped or still running)"));
        var verdict = RunVerdict.Of(document);
        foreach (var warning in (string?[])[verdict.Caution, RunConditions.Warning(document),
                     document.Environment.BuildConfiguration != "Release" ? "SerBench was built without optimizations; these numbers are not fit for comparison." : null])
        {
            if (warning is not null)
            {
                writer.WriteLine();
                writer.WriteLine($"> **Warning:** {Escape(warning)}");
            }
        }

        if (RunDecisiveness.Line(document) is { } decisive)
        {
            writer.WriteLine();
            writer.WriteLine($"**Decisive:** {Escape(decisive)}");
        }

        WriteVerdict(writer, verdict);
        WriteDetailsHeader(writer, document);
        foreach (var upgrade in verdict.Upgrades)
        {
            var table = VerdictTables.Upgrade(upgrade);
            writer.WriteLine();
            writer.WriteLine($"## {Escape(table.Title)}, case by case");
            writer.WriteLine();
            WriteTable(writer, table);
        }

        foreach (var study in StudySlices.Of(document).GroupBy(s => s.Study.Name))
        {
            foreach (var slice in study)
            {
                WriteStudy(writer, slice, verdict.Studies.Where(v => v.Slice.Key == slice.Key).ToList());
            }

            WriteRuntimeComparison(writer, study.Key, [.. study.SelectMany(s => s.Cells)]);
        }
    }

    private static void WriteVerdict(TextWriter writer, RunVerdict verdict)
    {
        if (verdict.Answers.Count > 0)
        {
            writer.WriteLine();
            writer.WriteLine("## What to use");
            writer.WriteLine();
            WriteTable(writer, VerdictTables.WhatToUse(verdict.Answers));
            writer.WriteLine();
            writer.WriteLine("Use: the fastest, and every contender whose 99% interval overlaps it. × is the time against the fastest (interval in brackets; *tied* when it holds 1). A contender that lost data or crashed in any case is named in none.");
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

    private static void WriteDetailsHeader(TextWriter writer, ResultsDocument document)
    {
        writer.WriteLine();
        writer.WriteLine("## Details");
        writer.WriteLine();
        var env = document.Environment;
        writer.WriteLine($"- {Escape(document.Tool.Name)} {Escape(document.Tool.Version)}" + (document.Tool.Commit is { } commit ? $" ({Escape(commit)})" : ""));
        writer.WriteLine($"- {Escape(env.Runtime)} ({Escape(env.Architecture)}) on {Escape(env.Os)}");
        writer.WriteLine($"- CPU: {Escape(env.CpuModel)}, {env.LogicalCores} logical cores");
        writer.WriteLine($"- Runtime knobs: {Escape(Formatting.Knobs(env))}");
        writer.WriteLine($"- Measured with {Escape(env.MeasurementEngine)}; build: {Escape(env.BuildConfiguration)}");
        foreach (var (label, text) in RunConditions.Describe(document))
        {
            writer.WriteLine($"- {label}: {Escape(text)}");
        }

        foreach (var line in RunDecisiveness.Details(document))
        {
            writer.WriteLine($"- {Escape(line)}");
        }

        writer.WriteLine();
        writer.WriteLine("Packages: " + string.Join(", ", document.Packages.Select(p => $"{Escape(p.Key)} {Escape(p.Value)}")));
        writer.WriteLine();
        writer.WriteLine("Mean and Error are per operation; Error is half the 99.9% confidence interval. Gen0/1/2 are collections per 1,000 operations. " +
                         "Payload is the UTF-8 (or binary) size of what was written; for *N calls* it is the sum of the N payloads. " +
                         "Statuses: OK; DIFFERS (round-trips but writes another document; timed and flagged); MISMATCH, UNSUPPORTED, CRASH, UNAVAILABLE (not timed).");
    }

    private static void WriteRuntimeComparison(TextWriter writer, string study, IReadOnlyList<ResultCell> cells)
    {
        var tables = RuntimeComparison.Tables(cells);
        if (tables.Count == 0)
        {
            return;
        }

        writer.WriteLine();
        writer.WriteLine($"## {Escape(study)} across runtimes");
        writer.WriteLine();
        foreach (var finding in RuntimeComparison.Findings(cells))
        {
            writer.WriteLine($"- {Escape(finding)}");
        }

        foreach (var table in tables)
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
