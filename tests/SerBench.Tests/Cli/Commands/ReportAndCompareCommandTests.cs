using System.Runtime.CompilerServices;
using SerBench.Comparison;
using SerBench.Core.Results;
using SerBench.Core.Statistics;
using SerBench.Core.Studies;
using SerBench.Reports;
using SerBench.Results;

namespace SerBench.Tests.Cli.Commands;

public sealed class ReportAndCompareCommandTests : IDisposable
{
    private readonly string _directory = Directory.CreateTempSubdirectory("serbench-cli-").FullName;

    public void Dispose() => Directory.Delete(_directory, recursive: true);

    private string Save(string name, ResultsDocument document)
    {
        var path = Path.Combine(_directory, name);
        using var stream = File.Create(path);
        ResultsJson.Write(document, stream);
        return path;
    }

    /// <summary>A copy of <paramref name="path"/> beside it: the same bytes under another name.</summary>
    private string Copy(string path)
    {
        var copy = Path.Combine(_directory, "copy-of-" + Path.GetFileName(path));
        File.Copy(path, copy);
        return copy;
    }

    private static ResultsDocument Timed(double newtonsoft, double stj) => SampleResults.Document(
        SampleResults.Cell("newtonsoft-string", newtonsoft, iterations: [.. Enumerable.Range(0, 20).Select(i => newtonsoft * (1 + ((i % 5) - 2) * 0.002))]),
        SampleResults.Cell("stj-sourcegen-utf8", stj, iterations: [.. Enumerable.Range(0, 20).Select(i => stj * (1 + ((i % 5) - 2) * 0.002))]));

    [Fact]
    public void Report_RendersMarkdownHtmlAndChartSpecs_FromAResultsFile()
    {
        var path = Save("results.json", SampleResults.WebApiWithCrash());
        var output = Path.Combine(_directory, "out");

        var (exitCode, stdout, error) = CliTester.Run("report", path, "--out", output);

        Assert.True(exitCode == 0, error + stdout);
        Assert.Contains("- broken-one: CRASH — ", File.ReadAllText(Path.Combine(output, "report.md")), StringComparison.Ordinal);
        Assert.Contains("<h2>web-api", File.ReadAllText(Path.Combine(output, "report.html")), StringComparison.Ordinal);
        Assert.True(File.Exists(Path.Combine(output, "charts", "web-api-02-time.vl.json")));
    }

    [Fact]
    public void Report_BuildsOneSummary_ThatEveryReportChartAndTableRenders()
    {
        var path = Save("results.json", SampleResults.WebApiWithCrash());
        var builds = RunSummary.Builds.Value = new StrongBox<int>();
        try
        {
            var (exitCode, stdout, error) = CliTester.RunWithoutChartImages("report", path, "--out", Path.Combine(_directory, "out"));

            Assert.True(exitCode == 0, error + stdout);
            Assert.Equal(1, builds.Value);
        }
        finally
        {
            RunSummary.Builds.Value = null;
        }
    }

    /// <summary>Issue 43: compare fitted a prior of its own, first calls included, so one file had two sets of intervals.</summary>
    [Fact]
    public void Compare_JudgesEachCell_ByTheIntervalItsReportShows()
    {
        double[][] rounds = [[1000, 1040, 980], [2000, 2100, 1950], [3000, 3010, 2990], [4000, 4400, 3900]];
        var prior = RoundStatistics.PooledLogVariance(rounds);
        var document = SampleResults.Document([.. rounds.Select((r, i) =>
        {
            // The third cell's iterations say more than its rounds: its interval is the floor they set.
            var interval = RoundStatistics.Combine(r, prior, i == 2 ? new WithinRounds(20, double.PositiveInfinity) : default);
            return SampleResults.Cell("c" + i, interval.MeanNs) with { ErrorNs = interval.ErrorNs, LowNs = interval.LowNs, HighNs = interval.HighNs, RoundsNs = r };
        }), SampleResults.Cell("c0", 5e6, operation: Operation.FirstCall) with { RoundsNs = [3e6, 9e6] }]);
        document.Method = new MeasurementMethod(3, "contender", "rounds", "stopwatch", prior);
        var path = Save("results.json", document);

        var shown = ResultsFileReader.ReadDocument(path).Cells.Where(c => c.Operation != Operation.FirstCall).ToList();
        var compared = ResultsFileReader.ReadComparable(path);
        var intervals = compared.Cells.Where(c => c.Identity.Operation != Operation.FirstCall).Select(c => Comparer.IntervalOf(c, compared.Prior)).ToList();

        Assert.Equal((prior!.LogVariance, prior.DegreesOfFreedom), (compared.Prior!.LogVariance, compared.Prior.DegreesOfFreedom));
        Assert.Equal(shown.Select(c => (c.MeanNs, c.ErrorNs, c.LowNs, c.HighNs)), intervals.Select(i => ((double?)i.MeanNs, (double?)i.ErrorNs, (double?)i.LowNs, (double?)i.HighNs)));
    }

    [Fact]
    public void Compare_SameResults_IsNotARegression_Exit0()
    {
        var later = Timed(744_000, 288_000);
        later.FinishedAt = later.FinishedAt!.Value.AddHours(1);
        var (a, b) = (Save("a.json", Timed(744_000, 288_000)), Save("b.json", later));

        var (exitCode, output, _) = CliTester.Run("compare", a, b, "--fail-on-regression");

        Assert.Equal(0, exitCode);
        Assert.Contains("2 cells compared", output, StringComparison.Ordinal);
        Assert.Contains("no regression", output, StringComparison.Ordinal);
    }

    [Fact]
    public void Compare_FilesSharingNoCell_FailTheGate_InOneLine()
    {
        // Issue 35: another runtime or renamed contenders gave "0 cells compared …: no regression" and exit 0.
        var moved = SampleResults.Document([.. Timed(744_000, 288_000).Cells.Select(c => c with { Runtime = "net8.0" })]);
        var (a, b) = (Save("a.json", Timed(744_000, 288_000)), Save("b.json", moved));

        var gated = CliTester.Run("compare", a, b, "--fail-on-regression");
        var informational = CliTester.Run("compare", a, b);

        Assert.Equal((1, ""), (gated.ExitCode, gated.Error));
        Assert.Equal("0 cells compared (SerBench → SerBench), threshold 10%: nothing compared: the files share no cell; 2 only in BASE, 2 only in NEW.",
            gated.Output.TrimEnd().Split('\n')[^1]);
        Assert.Equal(0, informational.ExitCode);
    }

    [Fact]
    public void Compare_SharedCellsWithoutATimeInEitherFile_FailTheGate()
    {
        // Issue 35 re-probe: two runs where every shared cell was UNAVAILABLE passed the gate as "no regression".
        ResultsDocument Unavailable(int minute)
        {
            var document = SampleResults.Document([.. Timed(744_000, 288_000).Cells.Select(c =>
                c with { MeanNs = null, ErrorNs = null, IterationsNs = null, Status = SerBench.Core.Verification.VerificationStatus.Unavailable, Reason = "NU1101" })]);
            document.FinishedAt = new DateTimeOffset(2026, 11, 22, 10, minute, 0, TimeSpan.Zero);
            return document;
        }

        var (a, b) = (Save("a.json", Unavailable(0)), Save("b.json", Unavailable(5)));

        var gated = CliTester.Run("compare", a, b, "--fail-on-regression");

        Assert.Equal(1, gated.ExitCode);
        Assert.Contains("nothing compared: no shared cell has a time in either file", gated.Output, StringComparison.Ordinal);
    }

    [Fact]
    public void Compare_AFileWithItself_FailsTheGate_AndIsRefusedWithoutOne_AsMergeRefusesIt()
    {
        var a = Save("a.json", Timed(744_000, 288_000));

        var gated = CliTester.Run("compare", a, a, "--fail-on-regression");
        var inconclusiveGate = CliTester.Run("compare", a, a, "--fail-on-inconclusive");
        var informational = CliTester.Run("compare", a, a);

        Assert.Equal((1, ""), (gated.ExitCode, gated.Output));
        Assert.Equal($"serbench: nothing to gate on: BASE '{a}' and NEW '{a}' are one file, so one run. Give the earlier results first, then the later.", gated.Error.TrimEnd());
        Assert.Equal(1, inconclusiveGate.ExitCode);
        Assert.Equal((2, ""), (informational.ExitCode, informational.Output));
        Assert.Equal($"serbench: '{a}' is given as both BASE and NEW; a file compared with itself shows nothing. Give the earlier results first, then the later.", informational.Error.TrimEnd());
    }

    [Fact]
    public void Compare_ACopyWithTheSameBytes_FailsTheGate_ButComparesWithoutOne()
    {
        var a = Save("a.json", Timed(744_000, 288_000));
        var copy = Copy(a);

        var gated = CliTester.Run("compare", a, copy, "--fail-on-regression");
        var informational = CliTester.Run("compare", a, copy);

        Assert.Equal(1, gated.ExitCode);
        Assert.Contains("are the same bytes, so one run.", gated.Error, StringComparison.Ordinal);
        Assert.Equal(0, informational.ExitCode);
        Assert.Contains("2 cells compared", informational.Output, StringComparison.Ordinal);
    }

    /// <summary>A BenchmarkDotNet full export of one benchmark under two jobs (.NET 8.0 and .NET 10.0), each timed at the given nanoseconds.</summary>
    private string BenchmarkDotNetExport(string name, double net8, double net10)
    {
        static string Measurements(double ns) => string.Join(",", Enumerable.Range(0, 15).Select(i =>
            FormattableString.Invariant($"{{\"IterationMode\":\"Workload\",\"IterationStage\":\"Result\",\"Operations\":1000,\"Nanoseconds\":{ns * 1000 * (1 + (i % 3 * 0.001))}}}")));
        static string Benchmark(string job, double ns) =>
            $"{{\"DisplayInfo\":\"Bench.Serialize: {job}\",\"Type\":\"Bench\",\"Method\":\"Serialize\",\"FullName\":\"My.Bench.Serialize\"," +
            FormattableString.Invariant($"\"Statistics\":{{\"Mean\":{ns},\"ConfidenceInterval\":{{\"Margin\":{ns / 100}}}}},\"Measurements\":[{Measurements(ns)}]}}");
        var path = Path.Combine(_directory, name);
        File.WriteAllText(path, $"{{\"Title\":\"x\",\"Benchmarks\":[{Benchmark(".NET 8.0(Runtime=.NET 8.0)", net8)},{Benchmark(".NET 10.0(Runtime=.NET 10.0)", net10)}]}}");
        return path;
    }

    [Fact]
    public void Compare_BenchmarkDotNetExportOfTwoJobs_KeepsEveryJob_AndCatchesARegressionInEither()
    {
        // Issue 35: cells keyed by FullName alone kept one job, and a 4x regression in the other gave "no regression".
        var (a, b) = (BenchmarkDotNetExport("base-report-full.json", 1000, 900), BenchmarkDotNetExport("new-report-full.json", 1000, 3600));

        var (exitCode, output, error) = CliTester.Run("compare", a, b, "--fail-on-regression");

        Assert.True(exitCode == 1, error + output);
        Assert.Contains("2 cells compared (BenchmarkDotNet → BenchmarkDotNet)", output, StringComparison.Ordinal);
        Assert.Contains("My.Bench.Serialize · .NET 10.0(Runtime=.NET 10.0)", output, StringComparison.Ordinal);
    }

    [Fact]
    public void Compare_BenchmarkDotNetExportOfZeroNanosecondIterations_IsRefused_NotCalledFaster()
    {
        // Issue 44: means of 1.50 µs → 3.00 µs read "2.00× faster" from 0-ns iterations, and --fail-on-regression exited 0.
        var path = BenchmarkDotNetExport("zero-report-full.json", 3000, 3000);
        File.WriteAllText(path, System.Text.RegularExpressions.Regex.Replace(File.ReadAllText(path), "\"Nanoseconds\":[0-9.]+", "\"Nanoseconds\":0"));

        var (exitCode, output, error) = CliTester.Run("compare", BenchmarkDotNetExport("base-report-full.json", 1500, 1500), path, "--fail-on-regression");

        Assert.Equal((2, ""), (exitCode, output));
        Assert.Equal($"serbench: '{path}' is not a valid BenchmarkDotNet export: $.Benchmarks[0].Measurements[0].Nanoseconds: 0; a timed iteration takes some time.", error.TrimEnd());
    }

    [Fact]
    public void Compare_BenchmarkDotNetExportHoldingOneJobTwice_IsRefused()
    {
        var path = BenchmarkDotNetExport("twice-report-full.json", 1000, 1000);
        File.WriteAllText(path, File.ReadAllText(path).Replace(".NET 10.0(Runtime=.NET 10.0)", ".NET 8.0(Runtime=.NET 8.0)", StringComparison.Ordinal));

        var (exitCode, _, error) = CliTester.Run("compare", path, BenchmarkDotNetExport("other-report-full.json", 1000, 1000));

        Assert.Equal(2, exitCode);
        Assert.Equal($"serbench: '{path}' is not a valid BenchmarkDotNet export: $.Benchmarks[1]: the same benchmark and job as $.Benchmarks[0]; an export holds each once.", error.TrimEnd());
    }

    [Fact]
    public void Compare_TwentyPercentSlower_FailsOnlyWhenAsked_AndWritesMarkdown()
    {
        var (a, b) = (Save("a.json", Timed(744_000, 288_000)), Save("b.json", Timed(744_000, 345_600)));
        var markdown = Path.Combine(_directory, "compare.md");

        var gated = CliTester.Run("compare", a, b, "--fail-on-regression", "--markdown", markdown);
        var informational = CliTester.Run("compare", a, b);

        Assert.Equal(1, gated.ExitCode);
        Assert.Equal(0, informational.ExitCode);
        Assert.Contains("1.20× slower", gated.Output, StringComparison.Ordinal);
        Assert.Contains("1 regression(s)", File.ReadAllText(markdown), StringComparison.Ordinal);
    }

    [Fact]
    public void Compare_SchemaOneBase_MatchesTheNewFilesCells_AndCatchesTheRegression()
    {
        var old = Timed(744_000, 288_000);
        var schemaOne = new ResultsDocument
        {
            SchemaVersion = 1, Tool = old.Tool, Command = old.Command, Profile = old.Profile, StartedAt = old.StartedAt, Environment = old.Environment, Packages = old.Packages,
        };
        schemaOne.Cells.AddRange(old.Cells);
        var current = Timed(744_000, 345_600);
        var schemaTwo = SampleResults.Document([.. current.Cells.Select(c => c with { Runtime = "net10.0" })]);
        var (a, b) = (Save("schema1.json", schemaOne), Save("schema2.json", schemaTwo));

        var (exitCode, output, _) = CliTester.Run("compare", a, b, "--fail-on-regression");

        using (var written = System.Text.Json.JsonDocument.Parse(File.ReadAllText(a)))
        {
            Assert.All(written.RootElement.GetProperty("cells").EnumerateArray(), c => Assert.False(c.TryGetProperty("runtime", out _)));
        }

        Assert.Equal(1, exitCode);
        Assert.Contains("2 cells compared", output, StringComparison.Ordinal);
        Assert.Contains("1.20× slower", output, StringComparison.Ordinal);
    }

    [Fact]
    public void Compare_CellsOfAnotherRuntime_AreLabelledWithIt()
    {
        var document = SampleResults.Document(
            SampleResults.Cell("stj-sourcegen-utf8", 288_000) with { Runtime = "net10.0" },
            SampleResults.Cell("stj-sourcegen-utf8", 350_000) with { Runtime = "net8.0" });
        var path = Save("two-runtimes.json", document);

        var (exitCode, output, _) = CliTester.Run("compare", path, Copy(path));

        Assert.Equal(0, exitCode);
        Assert.Contains("2 cells compared", output, StringComparison.Ordinal);
        Assert.Contains("stj-sourcegen-utf8 · person · list of 200 · serialize · net8.0", output, StringComparison.Ordinal);
        Assert.DoesNotContain("serialize · net10.0", output, StringComparison.Ordinal);
    }

    [Fact]
    public void Compare_ThresholdAboveTheShift_IsNotARegression()
    {
        var (a, b) = (Save("a.json", Timed(744_000, 288_000)), Save("b.json", Timed(744_000, 345_600)));

        var (exitCode, _, _) = CliTester.Run("compare", a, b, "--threshold", "25%", "--fail-on-regression");

        Assert.Equal(0, exitCode);
    }

    [Theory]
    [InlineData("{ \"schemaVersion\": 1, \"cells\": [", "is not valid JSON")]
    [InlineData("{ \"schemaVersion\": 7, \"cells\": [] }", "has schema version 7")]
    public void Compare_BadFile_Exit2_NamingTheFile(string text, string expected)
    {
        var good = Save("good.json", Timed(1, 1));
        var bad = Path.Combine(_directory, "broken.json");
        File.WriteAllText(bad, text);

        var (exitCode, _, error) = CliTester.Run("compare", good, bad);

        Assert.Equal(2, exitCode);
        Assert.StartsWith("serbench: '" + bad + "' ", error, StringComparison.Ordinal);
        Assert.Contains(expected, error, StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", error, StringComparison.Ordinal);
    }

    [Fact]
    public void Compare_BadThreshold_Exit2()
    {
        var good = Save("good.json", Timed(1, 1));

        var (exitCode, _, error) = CliTester.Run("compare", good, good, "--threshold", "lots");

        Assert.Equal(2, exitCode);
        Assert.Contains("Invalid --threshold 'lots'", error, StringComparison.Ordinal);
    }

    [Fact]
    public void Report_MissingFile_Exit2()
    {
        var missing = Path.Combine(_directory, "nope.json");

        var (exitCode, _, error) = CliTester.Run("report", missing);

        Assert.Equal(2, exitCode);
        Assert.Contains($"Results file '{missing}' does not exist.", error, StringComparison.Ordinal);
    }

    [Fact]
    public void Compare_MarkdownNamingAnInput_IsRefused_AndTheInputIsUnchanged()
    {
        var a = Save("a.json", Timed(744_000, 288_000));
        var before = File.ReadAllBytes(a);

        var (exitCode, _, error) = CliTester.Run("compare", a, Copy(a), "--markdown", a);

        Assert.Equal(2, exitCode);
        Assert.StartsWith($"serbench: --markdown '{a}' is one of the files being compared", error, StringComparison.Ordinal);
        Assert.Equal(before, File.ReadAllBytes(a));
    }

    [Fact]
    public void Compare_MarkdownOverAFileThatIsNotAComparison_NeedsForce()
    {
        var (a, b) = (Save("a.json", Timed(744_000, 288_000)), Save("b.json", Timed(744_000, 288_000)));
        var notes = Path.Combine(_directory, "notes.md");
        File.WriteAllText(notes, "# My notes\n");

        var refused = CliTester.Run("compare", a, b, "--markdown", notes);
        var kept = File.ReadAllText(notes);
        var forced = CliTester.Run("compare", a, b, "--markdown", notes, "--force");
        var again = CliTester.Run("compare", a, b, "--markdown", notes);

        Assert.Equal(2, refused.ExitCode);
        Assert.Contains("exists and is not a SerBench comparison; choose another file, or add --force", refused.Error, StringComparison.Ordinal);
        Assert.Equal("# My notes\n", kept);
        Assert.Equal((0, 0), (forced.ExitCode, again.ExitCode));
        Assert.StartsWith("# SerBench comparison", File.ReadAllText(notes), StringComparison.Ordinal);
    }

    [Fact]
    public void Compare_MarkdownForcedOverALinkOrADevice_IsRefused_AndTheLinkStays()
    {
        var (a, b) = (Save("a.json", Timed(744_000, 288_000)), Save("b.json", Timed(744_000, 288_000)));
        var elsewhere = Path.Combine(_directory, "elsewhere.md");
        File.WriteAllText(elsewhere, "# SerBench comparison\n");
        var link = Path.Combine(_directory, "link.md");
        File.CreateSymbolicLink(link, elsewhere);

        var linked = CliTester.Run("compare", a, b, "--markdown", link, "--force");

        Assert.Equal(2, linked.ExitCode);
        Assert.Contains("is a symbolic link; SerBench replaces only a regular file", linked.Error, StringComparison.Ordinal);
        Assert.NotNull(new FileInfo(link).LinkTarget);
        if (SpecialFiles.Device is { } device)
        {
            var (exitCode, _, error) = CliTester.Run("compare", a, b, "--markdown", device, "--force");
            Assert.Equal((2, $"serbench: --markdown '{device}' is a device; SerBench replaces only a regular file (not even with --force). Give a file name that is free or a regular file."),
                (exitCode, error.TrimEnd()));
        }
    }

    [Theory]
    [InlineData("", "is a folder; give a file name")]
    [InlineData("missing/compare.md", "does not exist; create it or choose another file")]
    public void Compare_MarkdownFolderOrMissingFolder_Exit2(string relative, string expected)
    {
        var a = Save("a.json", Timed(744_000, 288_000));

        var (exitCode, _, error) = CliTester.Run("compare", a, Copy(a), "--markdown", Path.Combine(_directory, relative));

        Assert.Equal(2, exitCode);
        Assert.Contains(expected, error, StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", error, StringComparison.Ordinal);
    }

    [Fact]
    public void Compare_TimedCellsWithoutSpread_AreNotComparable_AndFailTheGate()
    {
        var bare = SampleResults.Document(SampleResults.Cell("stj-sourcegen-utf8", 288_000, errorFraction: 0) with { ErrorNs = null, IterationsNs = null });
        var a = Save("a.json", bare);
        bare.FinishedAt = bare.FinishedAt!.Value.AddHours(1);
        var b = Save("b.json", bare);

        var (exitCode, output, _) = CliTester.Run("compare", a, b, "--fail-on-regression");

        Assert.Equal(1, exitCode);
        Assert.Contains("1 not comparable", output, StringComparison.Ordinal);
        Assert.Contains("not comparable", output.Split('\n').First(l => l.Contains("stj-sourcegen-utf8", StringComparison.Ordinal)), StringComparison.Ordinal);
        Assert.DoesNotContain("no regression", output, StringComparison.Ordinal);
    }

    [Fact]
    public void Compare_NaNSample_IsRefusedByTheReader_Exit2()
    {
        var good = Save("good.json", Timed(744_000, 288_000));
        var bad = Path.Combine(_directory, "nan.json");
        File.WriteAllText(bad, SampleFiles.Edited(r => SampleFiles.FirstCell(r)["iterationsNs"]![0] = "NaN"));

        var (exitCode, _, error) = CliTester.Run("compare", good, bad, "--fail-on-regression");

        Assert.Equal(2, exitCode);
        Assert.Contains("$.cells[0].iterationsNs[0]: expected a number", error, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("tool", "$.tool: null where a value is required")]
    [InlineData("environment", "$.environment: null where a value is required")]
    public void Report_NullSection_Exit2_WithOneLine(string field, string expected)
    {
        var bad = Path.Combine(_directory, "bad.json");
        File.WriteAllText(bad, SampleFiles.Edited(r => r[field] = null));

        var (exitCode, _, error) = CliTester.RunWithoutChartImages("report", bad, "--out", Path.Combine(_directory, "out"));

        Assert.Equal(2, exitCode);
        Assert.Contains(expected, error, StringComparison.Ordinal);
        Assert.Single(error.TrimEnd().Split('\n'));
        Assert.False(Directory.Exists(Path.Combine(_directory, "out")));
    }

    [Fact]
    public void Compare_AKnobValueWithAnEscape_IsWarnedAbout_WithTheEscapeAsItsCodePoint()
    {
        var a = Path.Combine(_directory, "a.json");
        var b = Path.Combine(_directory, "b.json");
        File.WriteAllText(a, SampleFiles.Edited(r => r["environment"]!["knobs"] = new System.Text.Json.Nodes.JsonObject { ["env:DOTNET_gcServer"] = "0" }));
        File.WriteAllText(b, SampleFiles.Edited(r => r["environment"]!["knobs"] = new System.Text.Json.Nodes.JsonObject { ["env:DOTNET_gcServer"] = "1\u001b[2J" }));

        var (exitCode, output, error) = CliTester.Run("compare", a, b);

        Assert.True(exitCode == 0, error + output);
        Assert.Contains("Warning: env:DOTNET_gcServer differs: BASE 0, NEW 1⟨U+001B⟩[2J;", output, StringComparison.Ordinal);
        Assert.DoesNotContain('\u001b', output);
    }
}
