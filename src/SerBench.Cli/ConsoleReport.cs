using SerBench.Reports;
using SerBench.Results;
using Spectre.Console;

namespace SerBench.Cli;

/// <summary>The console table: the same study tables as report.md, drawn by Spectre.Console.</summary>
internal static class ConsoleReport
{
    public static void Write(IAnsiConsole console, ResultsDocument document)
    {
        foreach (var study in ReportSections.Of(document).GroupBy(s => s.Study.Name))
        {
            foreach (var section in study)
            {
                console.Write(new Rule($"[bold]{Markup.Escape(section.Key)}[/]") { Justification = Justify.Left });
                foreach (var model in StudyTables.Build(section.Study, section.Cells))
                {
                    WriteTable(console, model);
                }
            }

            var cells = study.SelectMany(s => s.Cells).ToList();
            foreach (var model in RuntimeComparison.Tables(cells))
            {
                console.Write(new Rule($"[bold]{Markup.Escape(study.Key)} across runtimes[/]") { Justification = Justify.Left });
                WriteTable(console, model);
                foreach (var finding in RuntimeComparison.Findings(cells))
                {
                    console.WriteLine("  " + finding);
                }
            }
        }
    }

    /// <summary>Draws a <see cref="TableModel"/>: first two columns left-aligned (names), the rest right-aligned (numbers).</summary>
    public static void WriteTable(IAnsiConsole console, TableModel model)
    {
        var table = new Table().Title(Markup.Escape(model.Title));
        for (var i = 0; i < model.Headers.Count; i++)
        {
            table.AddColumn(new TableColumn(Markup.Escape(model.Headers[i])) { Alignment = i < 2 ? Justify.Left : Justify.Right });
        }

        foreach (var row in model.Rows)
        {
            table.AddRow([.. row.Select(Markup.Escape)]);
        }

        console.Write(table);
        for (var i = 0; i < model.Footnotes.Count; i++)
        {
            console.WriteLine($"  [{i + 1}] {model.Footnotes[i]}");
        }
    }
}
