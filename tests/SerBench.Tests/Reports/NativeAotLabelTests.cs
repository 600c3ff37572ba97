using SerBench.Cli;
using SerBench.Core.Results;
using SerBench.Core.Verification;
using SerBench.Reports;

namespace SerBench.Tests.Reports;

/// <summary>A contender declared Native AOT-safe that crashed under Native AOT in the same run (issue 35, item 7).</summary>
public sealed class NativeAotLabelTests
{
    private const string Measured = "CRASH on net10.0-aot (declared safe)";

    private static ResultsDocument SafeButCrashedUnderAot()
    {
        static ResultCell MemoryPack(string runtime, double? meanNs, VerificationStatus status) =>
            SampleResults.Cell("memorypack", meanNs, status: status, reason: status == VerificationStatus.Crash ? "MissingMethodException: ListFormatter`1" : null) with
            {
                Library = "MemoryPack", NativeAot = "safe", Runtime = runtime,
            };

        return SampleResults.Document(
            SampleResults.Cell("newtonsoft-string", 744_000) with { Runtime = "net10.0" },
            MemoryPack("net10.0", 150_000, VerificationStatus.Ok),
            SampleResults.Cell("newtonsoft-string", 700_000) with { Runtime = "net10.0-aot" },
            MemoryPack("net10.0-aot", null, VerificationStatus.Crash));
    }

    [Fact]
    public void Markdown_EveryMemoryPackRow_SaysItCrashedUnderAot_BesideTheDeclaredLabel()
    {
        using var writer = new StringWriter();
        new MarkdownReportExporter().Export(RunSummary.Of(SafeButCrashedUnderAot()), writer);

        var rows = writer.ToString().Split('\n').Where(l => l.StartsWith('|') && l.Contains("| memorypack |", StringComparison.Ordinal)).ToList();
        Assert.NotEmpty(rows);
        Assert.All(rows, row => Assert.DoesNotContain("| safe |", row, StringComparison.Ordinal));
        Assert.Contains(rows, row => row.Contains(Measured, StringComparison.Ordinal));
    }

    [Fact]
    public void Html_AndConsole_NeverSayOnlySafe()
    {
        var document = SafeButCrashedUnderAot();
        using var html = new StringWriter();
        new HtmlReportExporter([]).Export(RunSummary.Of(document), html);
        using var console = new StringWriter();
        ConsoleReport.Write(PlainConsole.Over(console, 200), RunSummary.Of(document));

        Assert.Contains(Measured, html.ToString(), StringComparison.Ordinal);
        Assert.DoesNotContain("<td>safe</td>", html.ToString(), StringComparison.Ordinal);
        Assert.DoesNotContain("│ safe ", console.ToString(), StringComparison.Ordinal);
    }

    [Fact]
    public void AotCellsThatRan_KeepTheDeclaredLabel()
    {
        var cells = NativeAotLabel.Measured([SampleResults.Cell("stj", 1000) with { NativeAot = "safe", Runtime = "net10.0-aot" }]);

        Assert.Equal("safe", Assert.Single(cells).NativeAot);
    }
}
