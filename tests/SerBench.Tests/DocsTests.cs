using System.Globalization;
using System.Text.RegularExpressions;
using SerBench.Core.Measurement;
using SerBench.Core.Results;

namespace SerBench.Tests;

/// <summary>The docs state what the code does today: each figure they share with the code is read from the code here.</summary>
public sealed partial class DocsTests
{
    private const int LongestTableCell = 300;

    private static readonly string Root = Repository.Root;

    // Whitespace collapsed: a sentence the docs wrap over two lines still reads as one.
    private static string Read(params string[] parts) => Whitespace().Replace(File.ReadAllText(Path.Combine([Root, .. parts])), " ");

    [Fact]
    public void TableCells_InTheReadmeAndDocs_AreAtMost300Characters()
    {
        // A cell of a paragraph's length is unreadable in a rendered table; its detail belongs in text below the table.
        var documents = Directory.GetFiles(Path.Combine(Root, "docs"), "*.md").Append(Path.Combine(Root, "README.md"));
        var longCells = documents
            .SelectMany(doc => File.ReadAllLines(doc).Select((line, index) => (Doc: Path.GetFileName(doc), Line: index + 1, Text: line)))
            .Where(row => row.Text.StartsWith('|'))
            .SelectMany(row => CellSeparator().Split(row.Text.Trim().Trim('|')).Select(cell => (row.Doc, row.Line, Cell: cell.Trim())))
            .Where(cell => cell.Cell.Length > LongestTableCell)
            .Select(cell => $"{cell.Doc}:{cell.Line}: {cell.Cell.Length} characters: {cell.Cell[..60]}…")
            .ToList();

        Assert.True(longCells.Count == 0, string.Join("\n", longCells));
    }

    [Fact]
    public void ResultsFormat_NamesTheSchemaVersionTheCodeWrites()
    {
        var doc = Read("docs", "results-format.md");
        var named = SchemaVersion().Matches(doc).Select(m => int.Parse(m.Groups[1].Value, CultureInfo.InvariantCulture)).ToList();

        Assert.NotEmpty(named);
        Assert.All(named, version => Assert.Equal(ResultsDocument.CurrentSchemaVersion, version));
        Assert.Contains($"| `schemaVersion` | int | `{ResultsDocument.CurrentSchemaVersion}` ", doc, StringComparison.Ordinal);
        Assert.Contains($"other than `{ResultsDocument.OldestReadableSchemaVersion}` to `{ResultsDocument.CurrentSchemaVersion}`", doc, StringComparison.Ordinal);
    }

    [Fact]
    public void Profiles_AsTheDocsDescribeThem_AreTheCodes()
    {
        var quick = MeasurementProfile.Quick;
        var full = MeasurementProfile.Full;
        var budgetMinutes = (int)quick.Budget!.Value.TotalMinutes;
        var commands = Read("docs", "commands.md");

        Assert.Contains($"(at most {budgetMinutes} minutes, or what {quick.Rounds} processes a cell take on a slower machine: --budget)", Read("README.md"), StringComparison.Ordinal);
        Assert.True(quick.BudgetYieldsToRounds);
        Assert.Contains($"precision target ({quick.TargetRelativeError.ToString("0%", CultureInfo.InvariantCulture)} in `quick`)", Read("README.md"), StringComparison.Ordinal);
        Assert.Contains($"at most {budgetMinutes} minutes for everything", Read("docs", "ci.md"), StringComparison.Ordinal);
        Assert.Contains($"`quick` measures every cell in **{quick.Rounds} rounds**", commands, StringComparison.Ordinal);
        Assert.Contains($"up to {quick.MaximumRounds} rounds a cell (`full`: {full.Rounds} rounds, up to {full.MaximumRounds})", commands, StringComparison.Ordinal);
        Assert.Contains($"`--budget` (quick: `{budgetMinutes}m`;", commands, StringComparison.Ordinal);
        Assert.Contains($"each cell runs a short BenchmarkDotNet job ({quick.JobText})", commands, StringComparison.Ordinal);
        Assert.Contains($"`smoke` is one short measurement per cell ({MeasurementProfile.Smoke.JobText})", Read("docs", "performance.md"), StringComparison.Ordinal);
        // Every profile measures in child processes (RoundRunner is the only runner); none is in-process any more.
        Assert.DoesNotMatch(InProcessSmoke(), commands);
    }

    [Fact]
    public void RunHelp_PromisesOnlyWhatTheProfilesDo()
    {
        // The snapshot is the real `run --help` (SnapshotTests holds them equal), so this reads what a user reads.
        var help = Read("tests", "SerBench.Tests", "Snapshots", "run-help.txt");
        var quick = MeasurementProfile.Quick;
        var full = MeasurementProfile.Full;

        // The precision target only flags a noisy cell; it bounds no Error.
        Assert.DoesNotMatch(ErrorBound(), help);
        Assert.Contains($"(quick: {quick.Rounds}, full: {full.Rounds}, smoke: {MeasurementProfile.Smoke.Rounds};", help, StringComparison.Ordinal);
        Assert.Contains($"up to the profile's most (quick {quick.MaximumRounds}, full {full.MaximumRounds})", help, StringComparison.Ordinal);
        Assert.Contains($"(quick: {(int)quick.Budget!.Value.TotalMinutes}m; full and smoke: none", help, StringComparison.Ordinal);
    }

    [Fact]
    public void Readme_QuotesItsRunTimes_FromPerformanceMd()
    {
        // A figure lives in docs/performance.md; the README may quote it, never keep a figure of its own.
        var performance = Read("docs", "performance.md");
        var quoted = RunTime().Matches(Read("README.md")).Select(m => m.Value).ToList();

        Assert.NotEmpty(quoted);
        Assert.All(quoted, time => Assert.Contains(time, performance, StringComparison.Ordinal));
    }

    [GeneratedRegex(@"\s+")]
    private static partial Regex Whitespace();

    [GeneratedRegex(@"(?<!\\)\|")]
    private static partial Regex CellSeparator();

    /// <summary>"schema version 3", "schemaVersion` 3".</summary>
    [GeneratedRegex(@"schema ?version\W{0,3}(\d+)", RegexOptions.IgnoreCase)]
    private static partial Regex SchemaVersion();

    [GeneratedRegex(@"`smoke`[^.;]*in-process")]
    private static partial Regex InProcessSmoke();

    /// <summary>"Error ≤ 3%", "Error <= 3%", "Error under 3%".</summary>
    [GeneratedRegex(@"Error\s*(?:≤|<=?|under|below|at most)\s*\d", RegexOptions.IgnoreCase)]
    private static partial Regex ErrorBound();

    /// <summary>"9 min 30 s".</summary>
    [GeneratedRegex(@"\d+ min \d+ s")]
    private static partial Regex RunTime();
}
