using SerBench.Core.Verification;
using SerBench.Results;

namespace SerBench.Tests.Cli.Commands;

/// <summary><c>serbench run --data</c> on a small data set, smoke profile, built-in document contenders only.</summary>
public sealed class DataRunTests : IDisposable
{
    private readonly TempDirectory _temp = new();

    public void Dispose() => _temp.Dispose();

    [Fact]
    [Trait("Category", "Slow")]
    public void RunOnAFolder_MeasuresEveryDocumentContender_WithThroughput_AndTheGateOnTheDocuments()
    {
        Directory.CreateDirectory(_temp.File("orders"));
        File.WriteAllText(_temp.File("orders/1.json"), """{"id":1,"lines":[{"sku":"A-1","qty":2,"price":9.5}],"note":null}""");
        File.WriteAllText(_temp.File("orders/2.json"), """{"id":2,"lines":[],"note":"<b>gift</b>"}""");
        var output = _temp.File("out");

        var (exitCode, console, error) = CliTester.RunWithoutChartImages(
            ["run", "--data", _temp.File("orders"), "--cases", "shape", "--study", "data", "--contenders", "stj-reader,stj-document,stj-node", "--profile", "smoke", "--out", output]);

        Assert.True(exitCode == 0, error + console);
        var cells = ResultsFileReader.ReadDocument(Path.Combine(output, "results.json")).Cells;
        Assert.Equal(6, cells.Count);
        Assert.All(cells, c => Assert.Equal(("data", "orders (2 files, 104 B)", SerBench.Core.Payloads.Shape.Many, 2), (c.Study, c.Payload, c.Shape, c.Count)));
        // Utf8JsonWriter's default encoder writes "<" as \u003C: same data, other form, so every STJ writer DIFFERS.
        Assert.All(cells, c => Assert.Equal(VerificationStatus.Differs, c.Status));
        Assert.All(cells, c => Assert.Contains("$[1].note: escaped differently", c.Reason, StringComparison.Ordinal));
        Assert.All(cells, c => Assert.True(c.MeanNs > 0));
        var report = File.ReadAllText(Path.Combine(output, "report.md"));
        Assert.Contains("| MB/s |", report, StringComparison.Ordinal);
        Assert.Contains("escaped differently", report, StringComparison.Ordinal);
        // A difference of form only still counts (a smoke run ranks nothing, but lists it), beside the token walk as the reference.
        Assert.Contains("| ref | stj-reader |", report, StringComparison.Ordinal);
        Assert.Contains("| — | stj-node |", report, StringComparison.Ordinal);
        Assert.DoesNotContain("- stj-node: DIFFERS", report, StringComparison.Ordinal);
    }

    [Fact]
    public void NonJsonFile_IsOneLineNamingFileLineAndColumn_Exit2()
    {
        File.WriteAllText(_temp.File("broken.json"), "{\"a\": [1, 2,, 3]}");

        var (exitCode, console, error) = CliTester.Run(["run", "--data", _temp.File("broken.json"), "--profile", "smoke", "--out", _temp.File("out")]);

        Assert.Equal(2, exitCode);
        Assert.StartsWith($"serbench: --data {_temp.File("broken.json")}: not JSON: line 1, column 13: ", error, StringComparison.Ordinal);
        Assert.Single(error.TrimEnd().Split('\n'));
        Assert.Equal("", console);
        Assert.False(Directory.Exists(_temp.File("out")));
    }

    [Fact]
    public void Samples_WritesThreeStrictJsonDocumentsOfAboutTheSize_AndRefusesToOverwrite()
    {
        var (exitCode, output, error) = CliTester.Run(["samples", "--out", _temp.File("s"), "--size", "50KB"]);

        Assert.True(exitCode == 0, error + output);
        foreach (var name in new[] { "timeline", "catalogue", "geo" })
        {
            var bytes = File.ReadAllBytes(_temp.File($"s/{name}.json"));
            Assert.InRange(bytes.Length, 50_000, 60_000);
            SerBench.Core.Verification.JsonTextComparer.Parse(bytes);
        }

        Assert.Equal(File.ReadAllBytes(_temp.File("s/geo.json")), SerBench.Core.UserData.SampleDataSets.Create("geo", 50_000));
        var again = CliTester.Run(["samples", "--out", _temp.File("s")]);
        Assert.Equal(2, again.ExitCode);
        Assert.Contains("already exists", again.Error, StringComparison.Ordinal);
    }

    [Fact]
    [Trait("Category", "Slow")]
    public void GeneratedDataSet_RoundTripsThroughEveryBuiltInTypedContender_OnItsInferredModel()
    {
        Assert.Equal(0, CliTester.Run(["samples", "--out", _temp.File("s"), "--size", "20KB"]).ExitCode);
        string[] builtIn = ["stj-sourcegen-utf8", "stj-reflection-utf8", "stj-reflection-string", "datacontract-json"];

        // verify exits 1 on any MISMATCH or CRASH; the models exist only in the agent, which is built with all three
        // (three data sets: three models compiled together, each with its own source-generation context).
        var (exitCode, console, error) = CliTester.Run(["verify", "--data", _temp.File("s/timeline.json"), "--data", _temp.File("s/catalogue.json"),
            "--data", _temp.File("s/geo.json"), "--study", "data-typed", "--contenders", string.Join(",", builtIn), "--json"]);

        Assert.True(exitCode == 0, error + console);
        using var verdicts = System.Text.Json.JsonDocument.Parse(console);
        var statuses = verdicts.RootElement.EnumerateArray().Select(v => (Contender: v.GetProperty("contender").GetString(), Status: v.GetProperty("status").GetString())).ToList();
        Assert.Equal(builtIn.SelectMany(_ => new[] { 1, 2, 3 }, (c, _) => c).Order(), statuses.Select(s => s.Contender).Order());
        Assert.All(statuses, s => Assert.Contains(s.Status, new[] { "OK", "DIFFERS" }));
    }
}
