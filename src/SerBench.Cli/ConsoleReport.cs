using SerBench.Reports;
using SerBench.Reports.Verdict;
using Spectre.Console;

namespace SerBench.Cli;

/// <summary>The study tables, then the verdict last, so the answer is what is left on screen when the run ends.</summary>
internal static class ConsoleReport
{
    public static void Write(IAnsiConsole console, RunSummary summary)
    {
        WriteDetails(console, summary);
        WriteVerdict(console, summary.Verdict);
        if (summary.Decisive is { } decisive)
        {
            console.MarkupLine("[bold]Decisive:[/] " + Text(decisive));
        }
    }

    // Each study's standing, then What to use: the answer is the last screen a run leaves.
    private static void WriteVerdict(IAnsiConsole console, RunVerdict verdict)
    {
        foreach (var study in verdict.Studies)
        {
            console.Write(new Rule($"[bold]{Text(study.Title)}[/]") { Justification = Justify.Left });
            foreach (var finding in study.Findings)
            {
                console.WriteLine("  • " + finding);
            }

            if (study.Standings.Count > 1)
            {
                WriteTable(console, VerdictTables.Standings(study, withCases: false) with { Title = "" });
            }

            foreach (var line in study.NotRanked)
            {
                console.WriteLine("  not ranked: " + line);
            }
        }

        console.Write(new Rule("[bold]Verdict[/]") { Justification = Justify.Left });
        if (verdict.Caution is { } caution)
        {
            console.MarkupLine($"[yellow]{Text(caution)}[/]");
        }

        if (verdict.Answers.Count > 0)
        {
            WriteTable(console, VerdictTables.WhatToUse(verdict));
        }
    }

    private static void WriteDetails(IAnsiConsole console, RunSummary summary)
    {
        foreach (var study in summary.Studies)
        {
            foreach (var slice in study.Slices)
            {
                console.Write(new Rule($"[bold]{Text(slice.Key)}[/]") { Justification = Justify.Left });
                foreach (var model in StudyTables.Build(slice.Study, slice.Cells))
                {
                    WriteTable(console, model);
                }
            }

            foreach (var model in study.RuntimeTables)
            {
                console.Write(new Rule($"[bold]{Text(study.Name)} across runtimes[/]") { Justification = Justify.Left });
                WriteTable(console, model);
                foreach (var finding in study.RuntimeFindings)
                {
                    console.WriteLine("  " + finding);
                }
            }
        }
    }

    public static void WriteTable(IAnsiConsole console, TableModel model)
    {
        var table = new Table();
        if (model.Title.Length > 0)
        {
            table.Title(Text(model.Title));
        }

        for (var i = 0; i < model.Headers.Count; i++)
        {
            table.AddColumn(new TableColumn(Text(model.Headers[i])) { Alignment = i < model.TextColumns ? Justify.Left : Justify.Right });
        }

        foreach (var row in model.Rows)
        {
            table.AddRow([.. row.Select((text, column) => model.Bold.Contains((table.Rows.Count, column)) ? $"[bold]{Text(text)}[/]" : Text(text))]);
        }

        console.Write(table);
        for (var i = 0; i < model.Footnotes.Count; i++)
        {
            console.WriteLine($"  [{i + 1}] {Core.Files.InvisibleText.Show(model.Footnotes[i])}");
        }
    }

    /// <summary>No markup can form, and an escape or U+202E shows as its code point.</summary>
    internal static string Text(string text) => Markup.Escape(Core.Files.InvisibleText.Show(text));
}
