using AngleSharp.Html.Dom;
using AngleSharp.Html.Dom.Events;
using AngleSharp.Html.Parser;
using SerBench.Reports;

namespace SerBench.Tests.Reports;

public class HtmlReportExporterTests
{
    private static string Render(SerBench.Core.Results.ResultsDocument document)
    {
        using var writer = new StringWriter();
        var summary = RunSummary.Of(document);
        new HtmlReportExporter(ChartSpecs.Build(summary)).Export(summary, writer);
        return writer.ToString();
    }

    /// <summary>Issue 43: a rename turned &lt;section&gt; into &lt;slice&gt;, which browsers render anyway; an HTML5 parser does not let it by.</summary>
    [Theory]
    [InlineData("sample")]
    [InlineData("snapshot")]
    public void Report_IsValidHtml5_WithNoParseErrorAndNoUnknownElement(string report) =>
        AssertValidHtml5(report == "sample" ? Render(SampleResults.WebApiWithCrash()) : File.ReadAllText(Repository.File("tests", "SerBench.Tests", "Snapshots", "report.html")));

    /// <summary>Also what a real run writes (SmokeRunTests).</summary>
    internal static void AssertValidHtml5(string html)
    {
        var errors = new List<string>();
        var parser = new HtmlParser();
        parser.Error += (_, e) => errors.Add(e is HtmlErrorEvent error ? $"{error.Position}: {error.Message}" : e.Type);

        var document = parser.ParseDocument(html);

        Assert.Empty(errors);
        Assert.Empty(document.All.OfType<IHtmlUnknownElement>().Select(e => e.LocalName).Distinct());
        Assert.NotEmpty(document.QuerySelectorAll("section.verdict"));
    }

    [Fact]
    public void HostileTextFromResults_IsShown_NotRun()
    {
        var html = Render(SampleResults.WebApiWithCrash());

        Assert.Contains("&lt;script&gt;alert(&#39;pwned&#39;)&lt;/script&gt; &amp; more", html, StringComparison.Ordinal);
        Assert.DoesNotContain("<script>alert(", html, StringComparison.Ordinal);
        // Chart data is JSON inside a script element: its encoder must not let "</script>" close it.
        Assert.DoesNotContain("</script>alert", html, StringComparison.Ordinal);
    }

    [Fact]
    public void FailingContender_IsInTheTableAndFindings_WithItsStatus_AndChartsAreEmbeddedOffline()
    {
        var html = Render(SampleResults.WebApiWithCrash());

        Assert.Contains("<td class=\"num\">CRASH [", html, StringComparison.Ordinal);
        Assert.Contains("<li>broken-one: CRASH — ", html, StringComparison.Ordinal);
        Assert.True(ChartBundles.Available, "the build should have embedded the Vega bundles (eng/charts, npm ci)");
        Assert.Contains("data-charts-expected=\"5\"", html, StringComparison.Ordinal);
        Assert.Contains("id=\"chart-web-api-02-time\"", html, StringComparison.Ordinal);
        // The answer comes before the details: What to use, then the study's verdict, then the environment.
        var answer = html.IndexOf("id=\"what-to-use\"", StringComparison.Ordinal);
        Assert.InRange(answer, 0, html.IndexOf("id=\"study-verdict-", StringComparison.Ordinal));
        Assert.InRange(html.IndexOf("id=\"study-verdict-", StringComparison.Ordinal), answer, html.IndexOf("<table class=\"env\">", StringComparison.Ordinal));
        Assert.DoesNotContain("src=\"http", html, StringComparison.Ordinal);
        Assert.DoesNotContain("href=\"http", html, StringComparison.Ordinal);
    }

    [Fact]
    public void ChartSpecs_MarkTheParetoFront_AndUseLogScaleOnlyForWideRanges()
    {
        var charts = ChartSpecs.Build(RunSummary.Of(SampleResults.WebApiWithCrash()));

        Assert.Equal(["web-api-01-overview", "web-api-02-time", "web-api-03-alloc", "web-api-size", "web-api-pareto"], charts.Select(c => c.Id));
        var time = charts[1].Spec.ToJsonString();
        Assert.DoesNotContain("\"log\"", time, StringComparison.Ordinal);
        // Fastest first, coloured by library with a fixed colour each.
        Assert.Contains("\"sort\":[\"stj-sourcegen-utf8\",\"stj-handwritten\",\"stj-reflection-utf8\",\"newtonsoft-string\"]", time, StringComparison.Ordinal);
        Assert.Contains("\"domain\":[\"System.Text.Json\",\"Newtonsoft.Json\"],\"range\":[\"#1f77b4\",\"#ff7f0e\"]", time, StringComparison.Ordinal);
        var pareto = charts[4].Spec.ToJsonString();
        Assert.Contains("\"contender\":\"stj-sourcegen-utf8\",\"payload\":\"person (list of 200)\",\"bytesPerObject\":935,\"nsPerObject\":1440,\"front\":\"Pareto front\"", pareto, StringComparison.Ordinal);
        Assert.Contains("\"contender\":\"newtonsoft-string\",\"payload\":\"person (list of 200)\",\"bytesPerObject\":935,\"nsPerObject\":3720,\"front\":\"dominated\"", pareto, StringComparison.Ordinal);
    }
}
