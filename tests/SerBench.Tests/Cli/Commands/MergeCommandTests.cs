using SerBench.Core.Results;
using SerBench.Results;

namespace SerBench.Tests.Cli.Commands;

public sealed class MergeCommandTests : IDisposable
{
    private const string LinuxLabel = "Linux x64 · Test CPU · 2 cores";

    private const string WindowsLabel = "Microsoft Windows 10.0.26100 arm64 · Ampere Altra · 4 cores";

    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    /// <summary>
    /// <see cref="SampleResults.WebApiWithCrash"/> (five cells, Linux x64, Test CPU, 2 cores) as one run's results.json,
    /// started <paramref name="hoursLater"/> after the sample, measured on <paramref name="environment"/> when given.
    /// </summary>
    private string SaveRun(string name, int hoursLater = 0, EnvironmentInfo? environment = null)
    {
        var sample = SampleResults.WebApiWithCrash();
        var document = new ResultsDocument
        {
            Tool = sample.Tool, Command = sample.Command, Profile = sample.Profile, StartedAt = sample.StartedAt.AddHours(hoursLater), FinishedAt = sample.FinishedAt,
            Environment = environment ?? sample.Environment, Packages = sample.Packages,
            Cells = [.. sample.Cells.Select(c => c with { Runtime = "net10.0", MeanNs = c.MeanNs + hoursLater })],
        };
        return Save(name, ResultsJson.ToJson(document));
    }

    private string Save(string name, string json)
    {
        var path = _directory.File(name);
        Directory.CreateDirectory(Path.GetDirectoryName(path)!);
        File.WriteAllText(path, json);
        return path;
    }

    private static EnvironmentInfo WindowsArm => SampleResults.Document().Environment with
    {
        Os = "Microsoft Windows 10.0.26100", Architecture = "arm64", CpuModel = "Ampere Altra", LogicalCores = 4,
    };

    [Fact]
    public void TwoMachines_OneResultsFileAndOneReport_EveryCellWithItsMachine()
    {
        var (linux, windows) = (SaveRun("linux/results.json"), SaveRun("windows/results.json", 1, WindowsArm));
        var output = _directory.File("merged");

        var (exitCode, stdout, error) = CliTester.RunWithoutChartImages("merge", linux, windows, "--out", output);

        Assert.True(exitCode == 0, error + stdout);
        Assert.Equal($"Merged 2 files (2 runs) from 2 machines and 1 runtime (net10.0): 10 cells in {Path.Combine(output, "results.json")} · " +
                     $"reports: {Path.Combine(output, "report.html")}, report.md", stdout.Trim());
        var merged = ResultsFileReader.ReadDocument(Path.Combine(output, "results.json"));
        Assert.Equal([(LinuxLabel, linux), (WindowsLabel, windows)], merged.Sources!.Select(s => (s.Machine, s.File)));
        Assert.Equal([.. Enumerable.Repeat(LinuxLabel, 5), .. Enumerable.Repeat(WindowsLabel, 5)], merged.Cells.Select(c => c.Machine));
        Assert.Equal($"serbench merge {linux} {windows} --out {output}", merged.Command);
        var report = File.ReadAllText(Path.Combine(output, "report.md"));
        Assert.Contains($"## web-api · net10.0 · {LinuxLabel}", report, StringComparison.Ordinal);
        Assert.Contains($"## web-api · net10.0 · {WindowsLabel}", report, StringComparison.Ordinal);
        Assert.Equal(11, File.ReadAllLines(Path.Combine(output, "results.csv")).Length);
    }

    [Fact]
    public void SameMachineAndRuntime_BothRunsKept_WithNumberedLabels()
    {
        var (first, second) = (SaveRun("a/results.json"), SaveRun("b/results.json", 3));
        var output = _directory.File("merged");

        var (exitCode, stdout, error) = CliTester.RunWithoutChartImages("merge", first, second, "--out", output);

        Assert.True(exitCode == 0, error + stdout);
        Assert.StartsWith("Merged 2 files (2 runs) from 1 machine and 1 runtime (net10.0): 10 cells", stdout, StringComparison.Ordinal);
        var newtonsoft = ResultsFileReader.ReadDocument(Path.Combine(output, "results.json")).Cells.Where(c => c.Contender == "newtonsoft-string");
        Assert.Equal([(LinuxLabel + " · run 1", 744_000.0), (LinuxLabel + " · run 2", 744_003.0)], newtonsoft.Select(c => (c.Machine!, c.MeanNs!.Value)));
    }

    [Fact]
    public void SchemaOneFile_Merges_WithItsCellsOnTheRuntimeItsEnvironmentNames()
    {
        var schemaOne = Save("old/results.json", SampleFiles.Edited(r =>
        {
            r["schemaVersion"] = 1;
            r["environment"]!["runtime"] = ".NET 9.0.4";
        }));
        var current = SaveRun("new/results.json", 1, WindowsArm);
        var output = _directory.File("merged");

        var (exitCode, stdout, error) = CliTester.RunWithoutChartImages("merge", schemaOne, current, "--out", output);

        Assert.True(exitCode == 0, error + stdout);
        Assert.StartsWith("Merged 2 files (2 runs) from 2 machines and 2 runtimes (net10.0, net9.0): 10 cells", stdout, StringComparison.Ordinal);
        var merged = ResultsFileReader.ReadDocument(Path.Combine(output, "results.json"));
        Assert.Equal(ResultsDocument.CurrentSchemaVersion, merged.SchemaVersion);
        Assert.Equal([.. Enumerable.Repeat(("net9.0", LinuxLabel), 5), .. Enumerable.Repeat(("net10.0", WindowsLabel), 5)], merged.Cells.Select(c => (c.Runtime!, c.Machine!)));
    }

    [Fact]
    public void MergedFile_IsRenderedByReport_AndComparedWithItself()
    {
        var output = _directory.File("merged");
        Assert.Equal(0, CliTester.RunWithoutChartImages("merge", SaveRun("a/results.json"), SaveRun("b/results.json", 3), "--out", output).ExitCode);
        var merged = Path.Combine(output, "results.json");

        var report = CliTester.RunWithoutChartImages("report", merged, "--out", _directory.File("again"));
        var copy = _directory.File("merged-copy.json");
        File.Copy(merged, copy);
        var compare = CliTester.Run("compare", merged, copy, "--markdown", _directory.File("compare.md"));

        Assert.True(report.ExitCode == 0, report.Error);
        Assert.Contains($"## web-api · net10.0 · {LinuxLabel} · run 2", File.ReadAllText(_directory.File("again/report.md")), StringComparison.Ordinal);
        Assert.True(compare.ExitCode == 0, compare.Error + compare.Output);
        // Ten, not five: the two runs' cells differ by machine, so neither hides the other.
        Assert.Contains("10 cells compared (SerBench → SerBench), threshold 10%: no regression; 0 only in BASE, 0 only in NEW.", compare.Output, StringComparison.Ordinal);
        Assert.Contains($"| newtonsoft-string · person · ", File.ReadAllText(_directory.File("compare.md")), StringComparison.Ordinal);
        Assert.Contains($" · serialize · net10.0 · {LinuxLabel} · run 2 |", File.ReadAllText(_directory.File("compare.md")), StringComparison.Ordinal);
    }

    [Fact]
    public void HostileMachineText_StaysTextInTheReports_AndOutOfFileNames()
    {
        var hostile = SampleResults.Document().Environment with
        {
            Os = "<script>alert('os')</script>", CpuModel = "[x](https://e.example) | *b* `c`\n# h",
        };
        var output = _directory.File("merged");

        var (exitCode, stdout, error) = CliTester.RunWithoutChartImages("merge", SaveRun("a.json"), SaveRun("b.json", 1, hostile), "--out", output);

        Assert.True(exitCode == 0, error + stdout);
        var markdown = File.ReadAllText(Path.Combine(output, "report.md"));
        var html = File.ReadAllText(Path.Combine(output, "report.html"));
        Assert.DoesNotContain("<script>alert('os')", markdown, StringComparison.Ordinal);
        Assert.DoesNotContain("[x](", markdown, StringComparison.Ordinal);
        Assert.DoesNotContain("\n# h", markdown, StringComparison.Ordinal);
        Assert.Contains("\\[x\\](https://e.example) \\| \\*b\\* \\`c\\` # h", markdown, StringComparison.Ordinal);
        Assert.DoesNotContain("<script>alert('os')", html, StringComparison.Ordinal);
        Assert.Contains("&lt;script&gt;alert(&#39;os&#39;)&lt;/script&gt;", html, StringComparison.Ordinal);
        Assert.All(Directory.GetFiles(output, "*", SearchOption.AllDirectories).Select(Path.GetFileName),
            name => Assert.Matches("^[a-z0-9.-]+$", name!));
    }

    [Fact]
    public void Force_ReplacesAnEarlierRunInOut_AndNothingElse()
    {
        var output = _directory.File("merged");
        Save("merged/results.json", SampleFiles.ValidJson());
        Save("merged/notes.txt", "mine");

        var (exitCode, stdout, error) = CliTester.RunWithoutChartImages("merge", SaveRun("a.json"), SaveRun("b.json", 1), "--out", output, "--force");

        Assert.True(exitCode == 0, error + stdout);
        Assert.Equal(2, ResultsFileReader.ReadDocument(Path.Combine(output, "results.json")).Sources!.Count);
        Assert.Equal("mine", File.ReadAllText(Path.Combine(output, "notes.txt")));
    }

    public static TheoryData<string, string[], string> BadInputs => new()
    {
        { "one file", ["{a}", "--out", "{out}"], "serbench: merge needs at least two results files; got 1." },
        { "no --out", ["{a}", "{b}"], "serbench: Option '--out' is required." },
        { "a file twice", ["{a}", "{a}", "--out", "{out}"], "serbench: '{a}' is given twice; its cells would count twice." },
        { "a copy of a run", ["{a}", "{copy}", "--out", "{out}"], "serbench: '{copy}' holds the same run as '{a}' (started " },
        { "missing file", ["{a}", "{missing}", "--out", "{out}"], "serbench: Results file '{missing}' does not exist." },
        { "invalid file", ["{a}", "{broken}", "--out", "{out}"], "serbench: '{broken}' is not valid JSON (truncated, nested too deep, or not a results file): line 1" },
        { "BenchmarkDotNet export", ["{a}", "{bdn}", "--out", "{out}"], "serbench: '{bdn}' is a BenchmarkDotNet export; 'serbench merge' reads SerBench results.json files" },
        { "--out holds a run", ["{a}", "{b}", "--out", "{earlier}"], "serbench: Output folder '{earlier}' already holds results from an earlier run." },
        { "--out holds an input, even with --force", ["{a}", "{inside}", "--out", "{earlier}", "--force"], "serbench: Output folder '{earlier}' holds the input '{inside}'." },
    };

    [Theory]
    [MemberData(nameof(BadInputs))]
    public void BadInput_Exit2_WithOneLine_AndWritesNothing(string name, string[] args, string expected)
    {
        var files = new Dictionary<string, string>
        {
            ["{a}"] = SaveRun("a.json"),
            ["{b}"] = SaveRun("b.json", 1),
            ["{copy}"] = Save("copy.json", File.ReadAllText(_directory.File("a.json"))),
            ["{missing}"] = _directory.File("missing.json"),
            ["{broken}"] = Save("broken.json", "{ \"schemaVersion\": 2, \"cells\": ["),
            ["{bdn}"] = Save("bdn-report-full.json", """{"Title":"x","Benchmarks":[]}"""),
            ["{earlier}"] = Path.GetDirectoryName(Save("earlier/results.json", SampleFiles.ValidJson()))!,
            ["{inside}"] = Save("earlier/other.json", ResultsJson.ToJson(SampleResults.Document())),
            ["{out}"] = _directory.File("out"),
        };
        string Fill(string text) => files.Aggregate(text, (t, f) => t.Replace(f.Key, f.Value, StringComparison.Ordinal));
        var before = File.ReadAllText(_directory.File("earlier/results.json"));

        var (exitCode, output, error) = CliTester.RunWithoutChartImages(["merge", .. args.Select(Fill)]);

        Assert.True(exitCode == 2, name + ": " + error + output);
        Assert.StartsWith(Fill(expected), error, StringComparison.Ordinal);
        Assert.Single(error.TrimEnd().Split('\n'));
        Assert.Equal("", output);
        Assert.False(Directory.Exists(_directory.File("out")));
        Assert.Equal(before, File.ReadAllText(_directory.File("earlier/results.json")));
    }
}
