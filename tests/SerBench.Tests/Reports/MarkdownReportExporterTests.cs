using SerBench.Core.Results;
using SerBench.Reports;

namespace SerBench.Tests.Reports;

public class MarkdownReportExporterTests
{
    private const string Hostile = "x | y <img src=x onerror=alert(1)> [click](javascript:alert(1)) `code` *bold* &lt;\n# Heading";

    private static string Render(ResultsDocument document)
    {
        using var writer = new StringWriter();
        new MarkdownReportExporter().Export(RunSummary.Of(document), writer);
        return writer.ToString();
    }

    [Fact]
    public void ABudgetThatRanOutBeforeAnyCellWasTimed_SaysNothingWasCompared_NotThatNoPairIsApart()
    {
        var document = SampleResults.Document(SampleResults.Cell("newtonsoft-string", null), SampleResults.Cell("stj-sourcegen-utf8", null));
        document.Budget = new RunBudget(5, RanOut: true, ExtraRounds: 0, ["web-api · newtonsoft-string · person list of 200 · serialize"]);

        var decisive = RunSummary.Of(document).Decisive;

        Assert.StartsWith("Nothing was compared: no cell was timed. The 5 s budget ran out before 1 cell(s) were measured", decisive, StringComparison.Ordinal);
    }

    [Fact]
    public void Escape_LeavesNoMarkupLinkOrLineBreak()
    {
        var escaped = MarkdownReportExporter.Escape(Hostile);

        Assert.Equal(@"x \| y &lt;img src=x onerror=alert(1)&gt; \[click\](javascript:alert(1)) \`code\` \*bold\* &amp;lt; # Heading", escaped);
    }

    [Theory]
    [InlineData("serbench run", "`serbench run`")]
    [InlineData("a `b` c", "``a `b` c``")]
    [InlineData("`x`", "`` `x` ``")]
    [InlineData("a | b\nc", @"`a \| b c`")]
    public void Code_HoldsAnyTextLiterally(string text, string expected) =>
        Assert.Equal(expected, MarkdownReportExporter.Code(text));

    [Fact]
    public void HeaderAndNames_FromTheFile_AreEscaped()
    {
        var document = SampleResults.Document(SampleResults.Cell("evil" + Hostile, 1000, reason: Hostile) with { Study = "study" + Hostile });
        document = new ResultsDocument
        {
            Tool = document.Tool with { Name = Hostile },
            Command = "serbench run ``` <script>alert(1)</script>\n## Injected",
            Profile = Hostile,
            StartedAt = document.StartedAt,
            Environment = document.Environment with { CpuModel = Hostile, Os = Hostile },
            Packages = new SortedDictionary<string, string>(StringComparer.Ordinal) { [Hostile] = Hostile },
            Cells = document.Cells,
        };

        var markdown = Render(document);

        Assert.DoesNotContain("<img", markdown, StringComparison.Ordinal);
        // Only inside the command's code span, where Markdown shows it as text.
        Assert.Single(markdown.Split("<script").Skip(1));
        Assert.DoesNotMatch(@"(?<!\\)\]\(javascript", markdown);
        Assert.DoesNotContain("\n# Heading", markdown, StringComparison.Ordinal);
        Assert.DoesNotContain("\n## Injected", markdown, StringComparison.Ordinal);
        Assert.Contains("````serbench run ``` <script>alert(1)</script> ## Injected````", markdown, StringComparison.Ordinal);
        Assert.Contains("CPU: x \\| y &lt;img", markdown, StringComparison.Ordinal);
    }

    [Fact]
    public void UnavailableBaseline_IsNotCalledTheBaseline()
    {
        var document = SampleResults.Document(
            SampleResults.Cell("newtonsoft-string", null, status: SerBench.Core.Verification.VerificationStatus.Unavailable, reason: "its pack did not restore"),
            SampleResults.Cell("stj-sourcegen-utf8", 288_000));

        var markdown = Render(document);

        Assert.DoesNotContain("newtonsoft-string (baseline)", markdown, StringComparison.Ordinal);
        Assert.Contains("| newtonsoft-string |", markdown, StringComparison.Ordinal);
    }
}
