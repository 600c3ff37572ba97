using SerBench.Results;

namespace SerBench.Tests.Cli.Commands;

/// <summary>
/// What a run does to its output folder when it meets an earlier run, a report it cannot write, or a stop signal.
/// The runs are smoke runs of one contender on the smallest study (a couple of seconds each).
/// </summary>
public sealed class RunCommandTests : IDisposable
{
    private static readonly string[] SmallRun = Run("stj-sourcegen-utf8");

    private static readonly string[] TwoContenders = Run("stj-sourcegen-utf8,binary-utf8");

    private readonly TempDirectory _output = new();

    private static string[] Run(string contenders) => ["run", "--study", "json-vs-binary", "--contenders", contenders, "--profile", "smoke"];

    public void Dispose() => _output.Dispose();

    [Fact]
    public void IntoAFolderWithAnEarlierRun_IsRefusedBeforeMeasuring_AndTouchesNothing()
    {
        File.WriteAllText(_output.File("results.json"), SampleFiles.ValidJson());

        var (exitCode, output, error) = CliTester.Run([.. SmallRun, "--out", _output.Path]);

        Assert.Equal(2, exitCode);
        Assert.Equal($"serbench: Output folder '{_output.Path}' already holds results from an earlier run. Choose a new folder with --out DIR, " +
                     "or add --force to replace them (only the files SerBench wrote there are deleted).", error.TrimEnd());
        Assert.Equal("", output);
        Assert.Equal(SampleFiles.ValidJson(), File.ReadAllText(_output.File("results.json")));
        Assert.Single(Directory.GetFileSystemEntries(_output.Path));
    }

    [Fact]
    public void IntoAFolderWithTheUsersFiles_SaysWhatIsThere_AndTouchesNothing()
    {
        WriteUsersFiles();

        var (exitCode, output, error) = CliTester.Run([.. SmallRun, "--out", _output.Path]);

        Assert.Equal(2, exitCode);
        Assert.Equal($"serbench: Output folder '{_output.Path}' holds files SerBench did not write (charts, isolated, model.cs, notes.txt). Choose a new or empty folder with --out DIR, " +
                     "or add --force to write there anyway (files of the names SerBench writes are replaced; nothing else is deleted).", error.TrimEnd());
        Assert.Equal("", output);
        Assert.Equal(["charts", "isolated", "model.cs", "notes.txt"], Directory.GetFileSystemEntries(_output.Path).Select(Path.GetFileName).Order(StringComparer.Ordinal));
    }

    [Fact]
    public void IntoAFolderAnotherCommandIsWriting_IsRefusedInOneLine()
    {
        using var running = OutputFolderClaim.Take(_output.Path, FolderUse.NewResults, OutputFolderClaim.RunEntries, force: false);

        var (exitCode, output, error) = CliTester.Run([.. SmallRun, "--out", _output.Path, "--force"]);

        Assert.Equal((2, ""), (exitCode, output));
        Assert.Equal($"serbench: Output folder '{_output.Path}' is being written by another SerBench command. Wait for it to finish, or choose another folder with --out DIR.", error.TrimEnd());
    }

    [Fact]
    [Trait("Category", "Slow")]
    public void WithForce_ClearsWhatTheEarlierRunWrote_AndKeepsEverythingElse()
    {
        using (OutputFolderClaim.Take(_output.Path, FolderUse.NewResults, OutputFolderClaim.RunEntries, force: false))
        {
            File.WriteAllText(_output.File("results.json"), SampleFiles.ValidJson());
            Directory.CreateDirectory(_output.File("charts"));
            File.WriteAllText(_output.File("charts/stale-01-time.svg"), "<svg/>");
            Directory.CreateDirectory(_output.File("isolated/001-old"));
            File.WriteAllText(_output.File("isolated/001-old/request.txt"), "old");
        }

        WriteUsersFiles();

        var (exitCode, output, error) = CliTester.RunWithoutChartImages([.. SmallRun, "--out", _output.Path, "--force"]);

        Assert.True(exitCode == 0, error + output);
        Assert.Equal("mine", File.ReadAllText(_output.File("notes.txt")));
        Assert.Equal("mine", File.ReadAllText(_output.File("charts/mine.svg")));
        Assert.Equal("mine", File.ReadAllText(_output.File("isolated/mine/keep.txt")));
        Assert.Equal("mine", File.ReadAllText(_output.File("model.cs")));
        Assert.False(File.Exists(_output.File("charts/stale-01-time.svg")));
        Assert.False(Directory.Exists(_output.File("isolated/001-old")));
        Assert.NotEmpty(ResultsFileReader.ReadDocument(_output.File("results.json")).Cells);
    }

    /// <summary>What issue 35 found deleted by 'run --force': the user's own chart, isolated/ folder and model.cs.</summary>
    private void WriteUsersFiles()
    {
        Directory.CreateDirectory(_output.File("charts"));
        Directory.CreateDirectory(_output.File("isolated/mine"));
        foreach (var file in new[] { "notes.txt", "charts/mine.svg", "isolated/mine/keep.txt", "model.cs" })
        {
            File.WriteAllText(_output.File(file), "mine");
        }
    }

    [Fact]
    [Trait("Category", "Slow")]
    public void ReportsThatCannotBeWritten_KeepResultsJson_AndExit1WithOneLine()
    {
        var (exitCode, _, error) = CliTester.Run(FailingChartImages.Instance, [.. SmallRun, "--out", _output.Path]);

        var results = _output.File("results.json");
        Assert.Equal(1, exitCode);
        Assert.Equal($"serbench: the results are kept in {results}, but the reports could not be written: No space left on device " +
                     $"Write them with 'serbench report {results} --out DIR'.", error.TrimEnd());
        Assert.NotEmpty(ResultsFileReader.ReadDocument(results).Cells);
        Assert.False(File.Exists(_output.File("report.md")));
    }

    [SignalFact("INT")]
    [Trait("Category", "Slow")]
    public Task StoppedByCtrlC_Exits130_AndWritesReportsForWhatItKept() => StoppedBySignal("INT", 130, "Ctrl+C (SIGINT)");

    [SignalFact("TERM")]
    [Trait("Category", "Slow")]
    public Task StoppedBySigterm_Exits143_AndWritesReportsForWhatItKept() => StoppedBySignal("TERM", 143, "SIGTERM");

    /// <summary>A second Ctrl+C while the reports are written gives them up cleanly: results kept, no staging folder, and the command that writes them.</summary>
    [SignalFact("INT")]
    [Trait("Category", "Slow")]
    public async Task StoppedAgainWhileWritingReports_KeepsResults_LeavesNoStagingFolder_AndSaysHowToWriteThem()
    {
        using var bin = new TempDirectory();
        using var process = ChildSerBench.Start(ChildSerBench.WriteSlowNode(bin.Path), [.. TwoContenders, "--out", _output.Path]);
        var error = process.StandardError.ReadToEndAsync();
        // After the first cell's line, so there are charts to draw (by the slow node) when the reports are written.
        var first = await process.StandardOutput.ReadLineAsync() + await process.StandardOutput.ReadLineAsync();
        var output = process.StandardOutput.ReadToEndAsync();
        await ChildSerBench.Signal(process, "INT");
        // Not asserted at once: a failure message that awaited the child's stderr would wait for the child to end.
        var seen = ChildSerBench.WaitForStaging(process, _output.Path);
        await ChildSerBench.Signal(process, "INT");
        await process.WaitForExitAsync();

        var results = _output.File("results.json");
        Assert.True(seen, "the reports were written before a second signal could be sent: " + await error);
        Assert.True(process.ExitCode == 130, $"exit code {process.ExitCode}: {first}{await error}{await output}");
        Assert.True((await error).TrimEnd().EndsWith($"serbench: the results of the cells measured before it are kept in {results}, but the reports were not written: " +
                     $"stopped again by Ctrl+C (SIGINT). Write them with 'serbench report {results}'.", StringComparison.Ordinal), first + await error + await output);
        Assert.Empty(Directory.GetDirectories(_output.Path, ".serbench-staging-*"));
        Assert.False(File.Exists(_output.File("report.md")));
        Assert.Equal(0, CliTester.RunWithoutChartImages("report", results).ExitCode);
    }

    /// <summary>A child SerBench stopped by <paramref name="signal"/> exits with 128 plus the signal and writes reports for what it kept.</summary>
    private async Task StoppedBySignal(string signal, int expectedExit, string expectedName)
    {
        using var process = ChildSerBench.Start([.. TwoContenders, "--out", _output.Path]);
        var error = process.StandardError.ReadToEndAsync();
        // The first line is printed once the handlers are in place.
        var first = await process.StandardOutput.ReadLineAsync();
        await ChildSerBench.Signal(process, signal);

        var rest = await process.StandardOutput.ReadToEndAsync().WaitAsync(TimeSpan.FromMinutes(2));
        await process.WaitForExitAsync();

        Assert.True(first?.StartsWith("SerBench ", StringComparison.Ordinal), first + await error);
        Assert.True(process.ExitCode == expectedExit, $"exit code {process.ExitCode}: {await error}{rest}");
        Assert.Contains($"stopped by {expectedName}: reports cover the ", rest, StringComparison.Ordinal);
        var document = ResultsFileReader.ReadDocument(_output.File("results.json"));
        Assert.Null(document.FinishedAt);
        Assert.True(File.Exists(_output.File("report.md")));
    }
}
