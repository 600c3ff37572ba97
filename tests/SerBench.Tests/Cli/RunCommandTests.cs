using System.Diagnostics;
using SerBench.Cli;
using SerBench.Comparison;
using SerBench.Tests.Reports;

namespace SerBench.Tests.Cli;

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
        File.WriteAllText(_output.File("results.json"), "earlier");

        var (exitCode, output, error) = CliTester.Run([.. SmallRun, "--out", _output.Path]);

        Assert.Equal(2, exitCode);
        Assert.Equal($"serbench: Output folder '{_output.Path}' already holds results from an earlier run. Choose a new folder with --out DIR, " +
                     "or add --force to replace them (only what SerBench wrote there is deleted).", error.TrimEnd());
        Assert.Equal("", output);
        Assert.Equal("earlier", File.ReadAllText(_output.File("results.json")));
        Assert.Single(Directory.GetFileSystemEntries(_output.Path));
    }

    [Fact]
    [Trait("Category", "Slow")]
    public void WithForce_ClearsWhatTheEarlierRunWrote_AndKeepsEverythingElse()
    {
        File.WriteAllText(_output.File("results.json"), "earlier");
        File.WriteAllText(_output.File("notes.txt"), "mine");
        Directory.CreateDirectory(_output.File("charts"));
        File.WriteAllText(_output.File("charts/stale-01-time.svg"), "<svg/>");
        Directory.CreateDirectory(_output.File("isolated/001-old"));

        var (exitCode, output, error) = CliTester.RunWithoutChartImages([.. SmallRun, "--out", _output.Path, "--force"]);

        Assert.True(exitCode == 0, error + output);
        Assert.Equal("mine", File.ReadAllText(_output.File("notes.txt")));
        Assert.False(File.Exists(_output.File("charts/stale-01-time.svg")));
        Assert.False(Directory.Exists(_output.File("isolated/001-old")));
        Assert.NotEmpty(ResultsFileReader.ReadDocument(_output.File("results.json")).Cells);
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

    /// <summary>A child SerBench stopped by <paramref name="signal"/> exits with 128 plus the signal and writes reports for what it kept.</summary>
    private async Task StoppedBySignal(string signal, int expectedExit, string expectedName)
    {
        var (fileName, prefix) = SelfProcess.SelfCommand();
        var start = new ProcessStartInfo(fileName) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        foreach (var argument in (string[])[.. prefix, .. TwoContenders, "--out", _output.Path])
        {
            start.ArgumentList.Add(argument);
        }

        using var process = Process.Start(start)!;
        var error = process.StandardError.ReadToEndAsync();
        // The first line is printed once the handlers are in place.
        var first = await process.StandardOutput.ReadLineAsync();
        using (var kill = Process.Start("kill", ["-s", signal, process.Id.ToString(System.Globalization.CultureInfo.InvariantCulture)]))
        {
            await kill.WaitForExitAsync();
        }

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
