using System.CommandLine;
using SerBench.Comparison;
using SerBench.Reports;
using SerBench.Running;
using Spectre.Console;

namespace SerBench.Cli.Commands;

/// <summary><c>serbench report RESULTS.json [--out DIR]</c>: renders the reports again from a results file, without measuring.</summary>
internal static class ReportCommand
{
    public static Command Create(CliContext context)
    {
        var results = new Argument<string>("results") { Description = "A results.json written by 'serbench run'." };
        var output = new Option<string?>("--out") { Description = "Folder for report.md, report.html, results.csv and charts/ (default: the results file's folder)." };
        var command = new Command("report", "Render report.md, report.html and the chart images again from a results.json, without measuring.") { results, output };
        command.SetAction(parse =>
        {
            var path = parse.GetValue(results)!;
            var document = ResultsFileReader.ReadDocument(path);
            var directory = parse.GetValue(output) ?? Path.GetDirectoryName(Path.GetFullPath(path))!;
            ReportOutput written;
            try
            {
                written = ReportWriter.Write(document, directory, context.ChartImages);
            }
            catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
            {
                throw new UsageException($"Cannot write the reports to '{directory}' (the previous reports there are unchanged): {exception.Message} Choose another folder with --out DIR.");
            }

            if (written.Note is not null)
            {
                context.Console.MarkupLine($"[yellow]{Markup.Escape(written.Note)}[/]");
            }

            context.Console.MarkupLine($"Wrote {written.Files.Count} files to {Markup.Escape(directory)}: {Markup.Escape(string.Join(", ", written.Files.Select(Path.GetFileName).Take(4)))}" +
                                       (written.Files.Count > 4 ? ", …" : ""));
            return CliApp.ExitOk;
        });
        return command;
    }
}
