using System.CommandLine;
using System.Globalization;
using SerBench.Comparison;
using SerBench.Core.Running;
using SerBench.Results;
using Spectre.Console;

namespace SerBench.Cli.Commands;

/// <summary>Exit code 1 on a regression when asked, so it can gate a CI pipeline.</summary>
internal static class CompareCommand
{
    public const string DefaultThreshold = "10%";

    public static Command Create(CliContext context)
    {
        var basePath = new Argument<string>("base") { Description = "The earlier results: a SerBench results.json or a BenchmarkDotNet *-report-full.json." };
        var newPath = new Argument<string>("new") { Description = "The later results, same formats." };
        var threshold = new Option<string>("--threshold") { Description = "Smallest change that counts (default 10%); a change must also be statistically significant to count.", DefaultValueFactory = _ => DefaultThreshold };
        var failOnRegression = new Option<bool>("--fail-on-regression") { Description = "Exit with code 1 when any cell is significantly slower, allocates more beyond the threshold, stopped passing the gate, or was timed on both sides but could not be compared." };
        var failOnInconclusive = new Option<bool>("--fail-on-inconclusive") { Description = "Exit with code 1 when any cell is inconclusive: slower beyond the threshold, but not significantly (too noisy to tell)." };
        var markdown = new Option<string?>("--markdown") { Description = "Also write the comparison as Markdown to this file (never one of the inputs)." };
        var force = new Option<bool>("--force") { Description = "Let --markdown replace an existing file that is not an earlier SerBench comparison." };
        var command = new Command("compare", "Compare two results files cell by cell, with a significance test, geometric means per study, allocation and size changes.")
        {
            basePath, newPath, threshold, failOnRegression, failOnInconclusive, markdown, force,
        };
        command.SetAction(parse =>
        {
            var fraction = ParseThreshold(parse.GetValue(threshold)!);
            var gated = parse.GetValue(failOnRegression) || parse.GetValue(failOnInconclusive);
            var oneFile = Path.GetFullPath(parse.GetValue(basePath)!) == Path.GetFullPath(parse.GetValue(newPath)!);
            if (oneFile && !gated)
            {
                throw new UsageException($"'{parse.GetValue(basePath)}' is given as both BASE and NEW; a file compared with itself shows nothing. Give the earlier results first, then the later.");
            }

            var (before, after) = (ResultsFileReader.ReadComparable(parse.GetValue(basePath)!), ResultsFileReader.ReadComparable(parse.GetValue(newPath)!));
            if (gated && (oneFile || SameBytes(before.Path, after.Path)))
            {
                // A gate that compared a run with itself checked nothing: it fails rather than pass.
                context.Error.WriteLine($"serbench: nothing to gate on: BASE '{before.Path}' and NEW '{after.Path}' are {(oneFile ? "one file" : "the same bytes")}, so one run. " +
                                        "Give the earlier results first, then the later.");
                return CliApp.ExitFailures;
            }

            var markdownPath = parse.GetValue(markdown);
            if (markdownPath is not null)
            {
                ComparisonMarkdownFile.Check(markdownPath, [before.Path, after.Path], parse.GetValue(force));
            }

            var report = Comparer.Compare(before, after, fraction);
            foreach (var warning in report.Warnings)
            {
                context.Console.MarkupLine($"[yellow]Warning: {ConsoleReport.Text(warning)}; the files were measured under different runtime settings.[/]");
            }
            if (report.Contention is { } contention)
            {
                context.Console.MarkupLine($"[yellow]Machine speed differed: {ConsoleReport.Text(contention.Describe())}[/]");
            }

            foreach (var table in ComparisonTables.Build(report))
            {
                ConsoleReport.WriteTable(context.Console, table);
            }

            if (markdownPath is not null)
            {
                ComparisonMarkdownFile.Write(report, before.Path, after.Path, markdownPath);
            }

            var verdict = ComparisonTables.Verdict(report);
            context.Console.MarkupLine($"{report.Cells.Count} cells compared ({before.Kind} → {after.Kind}), threshold {ComparisonTables.Percent(fraction)}: " +
                                       (report.Fails ? $"[red]{verdict}[/]" : report.HasInconclusive ? $"[yellow]{verdict}[/]" : verdict) +
                                       $"; {report.OnlyInBase.Count} only in BASE, {report.OnlyInNew.Count} only in NEW.");
            return (gated && report.ComparedNothing) || (parse.GetValue(failOnRegression) && report.Fails) || (parse.GetValue(failOnInconclusive) && report.HasInconclusive)
                ? CliApp.ExitFailures
                : CliApp.ExitOk;
        });
        return command;
    }

    // Another run never writes the same file, so a copy with the same bytes is the same run.
    private static bool SameBytes(string basePath, string newPath) =>
        File.ReadAllBytes(basePath).AsSpan().SequenceEqual(File.ReadAllBytes(newPath));

    /// <summary>"5%", "5" and "0.5%" are percentages; returns a fraction (0.05).</summary>
    internal static double ParseThreshold(string text)
    {
        var number = text.Trim().TrimEnd('%').Trim();
        if (double.TryParse(number, NumberStyles.Float, CultureInfo.InvariantCulture, out var percent) && percent is >= 0 and <= 1000)
        {
            return percent / 100;
        }

        throw new UsageException($"Invalid --threshold '{text}'. Give a percentage from 0% to 1000%, e.g. --threshold 5%.");
    }
}
