using SerBench.Reports;
using SerBench.Results;
using Spectre.Console;

namespace SerBench.Cli;

/// <summary>The console table: the same study tables as report.md, drawn by Spectre.Console.</summary>
internal static class ConsoleReport
{
    public static void Write(IAnsiConsole console, ResultsDocument document)
    {
        foreach (var study in document.Cells.GroupBy(c => c.Study))
        {
            console.Write(new Rule($"[bold]{Markup.Escape(study.Key)}[/]") { Justification = Justify.Left });
            foreach (var model in StudyTables.Build(StudyDefinition.Resolve(document, study.Key), study.ToList()))
            {
                WriteTable(console, model);
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
