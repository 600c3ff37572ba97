using SerBench.Results;
using SerBench.Tests.Reports;

namespace SerBench.Tests.Cli;

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
        Assert.Contains("broken-one is not ranked: CRASH", File.ReadAllText(Path.Combine(output, "report.md")), StringComparison.Ordinal);
        Assert.Contains("<h2>web-api", File.ReadAllText(Path.Combine(output, "report.html")), StringComparison.Ordinal);
        Assert.True(File.Exists(Path.Combine(output, "charts", "web-api-01-time.vl.json")));
    }

    [Fact]
    public void Compare_SameResults_IsNotARegression_Exit0()
    {
        var (a, b) = (Save("a.json", Timed(744_000, 288_000)), Save("b.json", Timed(744_000, 288_000)));

        var (exitCode, output, _) = CliTester.Run("compare", a, b, "--fail-on-regression");

        Assert.Equal(0, exitCode);
        Assert.Contains("2 cells compared", output, StringComparison.Ordinal);
        Assert.Contains("no regression", output, StringComparison.Ordinal);
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
}
