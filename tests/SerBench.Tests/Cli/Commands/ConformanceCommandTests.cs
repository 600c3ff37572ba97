using SerBench.Core.Conformance;
using SerBench.Core.Contenders;

namespace SerBench.Tests.Cli.Commands;

/// <summary><c>serbench conformance</c> end to end, with the built-in System.Text.Json contenders (no agent to build).</summary>
[Collection(SerialCollection.Name)]
public sealed class ConformanceCommandTests : IDisposable
{
    private readonly TempDirectory _temp = new();

    public void Dispose()
    {
        Environment.SetEnvironmentVariable(ContenderRegistry.DiagnosticsVariable, null);
        _temp.Dispose();
    }

    private static ConformanceReport Read(string directory)
    {
        using var stream = File.OpenRead(Path.Combine(directory, "conformance.json"));
        return ConformanceReport.Read(stream);
    }

    [Fact]
    public void Conformance_OnAFolder_WritesTheMatrixOfBuiltInAndUserDocuments()
    {
        Directory.CreateDirectory(_temp.File("mine"));
        File.WriteAllText(_temp.File("mine/orders.json"), """{"id":1,"note":"ok"}""");
        File.WriteAllText(_temp.File("mine/n_trailing.json"), "[1,]");
        var output = _temp.File("out");

        var (exitCode, console, error) = CliTester.Run("conformance", _temp.File("mine"), "--contenders", "stj-reader,stj-document", "--out", output);

        Assert.True(exitCode == 0, error + console);
        var report = Read(output);
        Assert.Equal(TrickyDocuments.All.Count + 2, report.Documents.Count);
        Assert.Equal(["stj-reader", "stj-document"], report.Contenders.Select(c => c.Name));
        Assert.Equal(2 * report.Documents.Count, report.Cells.Count);
        Assert.Equal((ConformanceOutcome.Accepted, ConformanceRating.Right), (report.Cell("stj-document", "orders.json")!.Outcome, report.Cell("stj-document", "orders.json")!.Rating));
        Assert.Equal((ConformanceOutcome.Rejected, ConformanceRating.Right), (report.Cell("stj-reader", "n_trailing.json")!.Outcome, report.Cell("stj-reader", "n_trailing.json")!.Rating));
        Assert.Equal(ConformanceOutcome.Rejected, report.Cell("stj-document", "deep-nesting")!.Outcome);
        Assert.Equal(ConformanceRating.Wrong, report.Cell("stj-document", "invalid-utf8")!.Rating);
        // One child process per contender, its folder kept inside the output folder.
        Assert.Equal(["001-stj-reader", "002-stj-document"], Directory.GetDirectories(Path.Combine(output, "conformance-children")).Select(Path.GetFileName).Order());
        Assert.Contains("<td class=\"wrong\"", File.ReadAllText(Path.Combine(output, "conformance.html")), StringComparison.Ordinal);
        Assert.Contains("| n\\_trailing.json | invalid | 🟢 rejected | 🟢 rejected |", File.ReadAllText(Path.Combine(output, "conformance.md")), StringComparison.Ordinal);
        // The console summarises by group (the built-in documents, the user's folder), then names the problems only.
        Assert.DoesNotContain("│ orders.json ", console, StringComparison.Ordinal);
        Assert.Contains("│ mine · other ", console, StringComparison.Ordinal);
        Assert.Contains("│ built-in ", console, StringComparison.Ordinal);
        Assert.Contains("stj-document: wrong on 1 document: invalid-utf8 (accepted)", console, StringComparison.Ordinal);
        Assert.Contains("stj-document: System.Text.Json ", console, StringComparison.Ordinal);
        Assert.Contains("[2/2] stj-document: 29 document(s)", error, StringComparison.Ordinal);
    }

    [Fact]
    public void DocumentHoldingUFFFF_GoesThroughTheConsoleTables_WithoutThrowing()
    {
        // JSONTestSuite's y_string_nonCharacterInUTF-8_U+FFFF.json; a name holding U+FFFF reaches a table cell as it is.
        Directory.CreateDirectory(_temp.File("mine"));
        File.WriteAllText(_temp.File("mine/y_string_nonCharacterInUTF-8_U+FFFF.json"), "[\"\uFFFF\"]");
        File.WriteAllText(_temp.File("mine/y_\uFFFF\uFDD0.json"), "[\"\uFDD0\"]");
        var output = _temp.File("out");

        foreach (var details in new[] { false, true })
        {
            string[] arguments = ["conformance", _temp.File("mine"), "--contenders", "stj-reader,stj-document", "--out", output];
            var (exitCode, console, error) = CliTester.Run(details ? [.. arguments, "--details"] : arguments);

            Assert.True(exitCode == 0, error + console);
            Assert.Contains(details ? "y_string_nonCharacterInUTF-8_U+FFFF.json" : "│ mine · ", console, StringComparison.Ordinal);
        }

        Assert.Contains("⟨U+FFFF⟩", File.ReadAllText(Path.Combine(output, "conformance.md")), StringComparison.Ordinal);
    }

    [Fact]
    public void Conformance_AgainIntoTheSameFolder_ReplacesItsOwnFilesAndNothingElse_BesideTheUsersOnlyWithForce()
    {
        var output = _temp.File("out");
        Directory.CreateDirectory(output);
        File.WriteAllText(Path.Combine(output, "mine.txt"), "keep me");
        Assert.Equal(2, CliTester.Run("conformance", "--contenders", "stj-node", "--out", output).ExitCode);
        Assert.Equal(0, CliTester.Run("conformance", "--contenders", "stj-node", "--out", output, "--force").ExitCode);

        var (exitCode, _, error) = CliTester.Run("conformance", "--contenders", "stj-reader", "--out", output);

        Assert.True(exitCode == 0, error);
        Assert.Equal(["stj-reader"], Read(output).Contenders.Select(c => c.Name));
        Assert.Equal(["001-stj-reader"], Directory.GetDirectories(Path.Combine(output, "conformance-children")).Select(Path.GetFileName));
        Assert.Equal("keep me", File.ReadAllText(Path.Combine(output, "mine.txt")));
        Assert.Equal([".serbench.json", "conformance-children", "conformance.html", "conformance.json", "conformance.md", "mine.txt"],
            Directory.EnumerateFileSystemEntries(output).Select(Path.GetFileName).Order(StringComparer.Ordinal));
    }

    [Fact]
    public void LibraryThatOverflowsTheStack_IsCrashedOnThatDocumentOnly()
    {
        Environment.SetEnvironmentVariable(ContenderRegistry.DiagnosticsVariable, "1");
        var output = _temp.File("out");

        var (exitCode, console, error) = CliTester.Run("conformance", "--contenders", "diagnostic-recursive-dom", "--out", output);

        Assert.True(exitCode == 0, error + console);
        var report = Read(output);
        var crashed = Assert.Single(report.Cells, c => c.Outcome == ConformanceOutcome.Crashed);
        Assert.Equal("deep-nesting", crashed.Document);
        Assert.Contains("Stack overflow", crashed.Detail, StringComparison.Ordinal);
        // The documents after it ran in a second process.
        Assert.Equal((ConformanceOutcome.Rejected, ConformanceRating.Right), (report.Cell("diagnostic-recursive-dom", "trailing-comma-array")!.Outcome,
            report.Cell("diagnostic-recursive-dom", "trailing-comma-array")!.Rating));
        Assert.Equal(ConformanceOutcome.Accepted, report.Cell("diagnostic-recursive-dom", "top-level-string")!.Outcome);
        Assert.Equal(2, Directory.GetDirectories(Path.Combine(output, "conformance-children")).Length);
        Assert.Contains("deep-nesting: CRASHED (exit code ", error, StringComparison.Ordinal);
    }

    [Fact]
    public void FileThatIsNotJson_IsOneLineNamingFileLineAndColumn_Exit2_AndNothingIsWritten()
    {
        Directory.CreateDirectory(_temp.File("mine"));
        File.WriteAllText(_temp.File("mine/broken.json"), "{\"a\": [1, 2,, 3]}");
        var output = _temp.File("out");

        var (exitCode, console, error) = CliTester.Run("conformance", _temp.File("mine"), "--out", output);

        Assert.Equal(2, exitCode);
        Assert.Equal($"serbench: {Path.Combine(_temp.File("mine"), "broken.json")}: not JSON: line 1, column 13: expected a value, found ','. " +
                     "Name it n_broken.json if parsers should refuse it, or i_broken.json if either outcome is right.", error.TrimEnd());
        Assert.Equal("", console);
        Assert.False(Directory.Exists(output));
    }

    [Fact]
    public void EmptyFolder_SaysSo_Exit2()
    {
        Directory.CreateDirectory(_temp.File("empty"));

        var (exitCode, console, error) = CliTester.Run("conformance", _temp.File("empty"), "--out", _temp.File("out"));

        Assert.Equal(2, exitCode);
        Assert.StartsWith($"serbench: {_temp.File("empty")}: the folder holds no .json files", error, StringComparison.Ordinal);
        Assert.Single(error.TrimEnd().Split('\n'));
        Assert.Equal("", console);
    }

    [Fact]
    public void OutputFolderThatCannotBeMade_IsOneLine_Exit2()
    {
        File.WriteAllText(_temp.File("a-file"), "in the way");

        var (exitCode, console, error) = CliTester.Run("conformance", "--contenders", "stj-node", "--out", _temp.File("a-file/out"));

        Assert.Equal(2, exitCode);
        Assert.StartsWith($"serbench: Cannot write to output folder '{_temp.File("a-file/out")}': ", error, StringComparison.Ordinal);
        Assert.Single(error.TrimEnd().Split('\n'));
        Assert.Equal("", console);
    }

    [Fact]
    public void TypedContender_IsNotADocumentModel_Exit2WithTheValidNames()
    {
        var (exitCode, _, error) = CliTester.Run("conformance", "--contenders", "stj-reflection-utf8", "--out", _temp.File("out"));

        Assert.Equal(2, exitCode);
        Assert.StartsWith("serbench: Unknown document-model contender 'stj-reflection-utf8'. Valid document-model contenders: ", error, StringComparison.Ordinal);
        Assert.Contains("newtonsoft-jtoken", error, StringComparison.Ordinal);
        Assert.DoesNotContain("diagnostic-", error, StringComparison.Ordinal);
    }
}
