using SerBench.Core.Results;
using SerBench.Core.Verification;
using SerBench.Reports;
using static SerBench.Reports.RuntimeComparison;

namespace SerBench.Tests.Reports;

public class RuntimeComparisonTests
{
    private static ResultCell On(string runtime, string contender, double? meanNs, VerificationStatus status = VerificationStatus.Ok, string? reason = null, double errorFraction = 0.02) =>
        SampleResults.Cell(contender, meanNs, status: status, reason: reason, errorFraction: errorFraction) with { Runtime = runtime };

    [Fact]
    public void Classify_SaysFasterSlowerTiedAndGateChanges()
    {
        Assert.Equal(RuntimeChange.Faster, Classify(On("net8.0", "a", 1000), On("net10.0", "a", 700)));
        Assert.Equal(RuntimeChange.Slower, Classify(On("net8.0", "a", 1000), On("net10.0", "a", 1300)));
        // ±20% intervals overlap: a 10% difference is not a change.
        Assert.Equal(RuntimeChange.Tied, Classify(On("net8.0", "a", 1000, errorFraction: 0.2), On("net10.0", "a", 1100, errorFraction: 0.2)));
        Assert.Equal(RuntimeChange.StoppedPassing, Classify(On("net8.0", "a", 1000), On("net8.0-aot", "a", null, VerificationStatus.Crash, "NotSupportedException")));
        Assert.Equal(RuntimeChange.StartedPassing, Classify(On("net8.0", "a", null, VerificationStatus.Mismatch), On("net9.0", "a", 900)));
        // UNAVAILABLE on one side says nothing about the library: no gate change, nothing timed on both.
        Assert.Equal(RuntimeChange.NotMeasuredOnBoth, Classify(On("net8.0", "a", 1000), On("net10.0-aot", "a", null, VerificationStatus.Unavailable)));
        Assert.Equal(RuntimeChange.NotMeasuredOnBoth, Classify(On("net8.0", "a", 1000), null));
    }

    [Fact]
    public void Runtimes_AreOrderedByVersion_JitBeforeAot()
    {
        var cells = new[] { On("net10.0", "a", 1), On("net8.0-aot", "a", 1), On("net9.0", "a", 1), On("net8.0", "a", 1) };
        Assert.Equal(["net8.0", "net8.0-aot", "net9.0", "net10.0"], Runtimes(cells));
    }

    [Fact]
    public void Table_HasTimeAndAllocationPerRuntime_AndTheRatioToTheOldest()
    {
        var cells = new[]
        {
            On("net10.0", "newtonsoft-string", 500), On("net8.0", "newtonsoft-string", 1000),
            On("net10.0", "stj-reflection-utf8", null, VerificationStatus.Crash, "boom"), On("net8.0", "stj-reflection-utf8", 400),
        };
        var table = Assert.Single(Tables(cells));
        Assert.Equal(["Contender", "Case", "net8.0 mean", "net10.0 mean", "net8.0 allocated", "net10.0 allocated", "net10.0 / net8.0"], table.Headers);
        var newtonsoft = table.Rows.Single(r => r[0] == "newtonsoft-string");
        Assert.Equal("0.50", newtonsoft[6]);
        Assert.Equal("1,000 B", newtonsoft[4]);
        var crashed = table.Rows.Single(r => r[0] == "stj-reflection-utf8");
        Assert.Equal("CRASH", crashed[3]);
        Assert.Equal("stopped passing (CRASH)", crashed[6]);
    }

    [Fact]
    public void Findings_NameTheCountsTheLargestChangeAndWhoStoppedPassing()
    {
        var cells = new[]
        {
            On("net8.0", "newtonsoft-string", 1000), On("net9.0", "newtonsoft-string", 500),
            On("net8.0", "stj-sourcegen-utf8", 300), On("net9.0", "stj-sourcegen-utf8", 303),
            On("net8.0", "stj-reflection-utf8", 400), On("net9.0", "stj-reflection-utf8", null, VerificationStatus.Crash, "NotSupportedException: reflection is off"),
        };
        var findings = RuntimeComparison.Findings(cells);
        Assert.Contains(findings, f => f.StartsWith("net9.0 against net8.0: 1 faster, 0 slower, 1 tied of 2 cells", StringComparison.Ordinal)
                                       && f.Contains("largest change is newtonsoft-string serialize person list of 200: 0.50×", StringComparison.Ordinal));
        Assert.Contains(findings, f => f.StartsWith("stj-reflection-utf8 stopped passing the gate on net9.0 (CRASH: NotSupportedException", StringComparison.Ordinal));
    }

    [Fact]
    public void OneRuntime_HasNoComparison()
    {
        var cells = new[] { On("net10.0", "a", 1000), On("net10.0", "b", 900) };
        Assert.Empty(Tables(cells));
        Assert.Empty(RuntimeComparison.Findings(cells));
    }

    [Fact]
    public void Sections_NeverMixRuntimes_AndTheReportComparesThem()
    {
        var document = SampleResults.Document(
            On("net8.0", "newtonsoft-string", 1000), On("net8.0", "stj-sourcegen-utf8", 300),
            On("net10.0", "newtonsoft-string", 800), On("net10.0", "stj-sourcegen-utf8", 250));
        var slices = RunSummary.Of(document).Slices.ToList();
        Assert.Equal(["web-api · net8.0", "web-api · net10.0"], slices.Select(s => s.Key));
        Assert.All(slices, s => Assert.Single(s.Cells.Select(c => c.Runtime).Distinct()));

        using var markdown = new StringWriter();
        new MarkdownReportExporter().Export(RunSummary.Of(document), markdown);
        Assert.Contains("## web-api across runtimes", markdown.ToString(), StringComparison.Ordinal);
        Assert.Contains("| newtonsoft-string | person · list of 200 · serialize |", markdown.ToString(), StringComparison.Ordinal);
        Assert.Equal(2, ChartSpecs.Build(RunSummary.Of(document)).Select(c => c.Study).Distinct().Count());
    }

    [Fact]
    public void OnePlatform_KeepsTheStudyNameAsTheSection()
    {
        var slices = RunSummary.Of(SampleResults.WebApiWithCrash()).Slices.ToList();
        Assert.Equal(["web-api"], slices.Select(s => s.Key));
    }

    [Fact]
    public void Findings_SayWhenNearlyEveryCellMovesOneWay_EvenIfEachIsTied()
    {
        var cells = Enumerable.Range(0, 12).SelectMany(i => new[]
        {
            On("net8.0", $"c{i}", 1000, errorFraction: 0.5), On("net10.0", $"c{i}", 800, errorFraction: 0.5),
        }).ToArray();

        var finding = Assert.Single(RuntimeComparison.Findings(cells));

        Assert.Contains("0 faster, 0 slower, 12 tied", finding, StringComparison.Ordinal);
        Assert.Contains("lower on net10.0 in 12 of 12 cells (two-sided sign test p = 4.9e-4)", finding, StringComparison.Ordinal);
    }
}
