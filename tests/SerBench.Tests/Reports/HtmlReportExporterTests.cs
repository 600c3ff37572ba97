using SerBench.Reports;

namespace SerBench.Tests.Reports;

public class HtmlReportExporterTests
{
    private static string Render(SerBench.Results.ResultsDocument document)
    {
        using var writer = new StringWriter();
        new HtmlReportExporter(ChartSpecs.Build(document)).Export(document, writer);
        return writer.ToString();
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
        Assert.Contains("broken-one is not ranked: CRASH", html, StringComparison.Ordinal);
        Assert.True(ChartBundles.Available, "the build should have embedded the Vega bundles (eng/charts, npm ci)");
        Assert.Contains("data-charts-expected=\"4\"", html, StringComparison.Ordinal);
        Assert.Contains("id=\"chart-web-api-01-time\"", html, StringComparison.Ordinal);
        Assert.DoesNotContain("src=\"http", html, StringComparison.Ordinal);
        Assert.DoesNotContain("href=\"http", html, StringComparison.Ordinal);
    }

    [Fact]
    public void ChartSpecs_MarkTheParetoFront_AndUseLogScaleOnlyForWideRanges()
    {
        var charts = ChartSpecs.Build(SampleResults.WebApiWithCrash());

        Assert.Equal(["web-api-01-time", "web-api-01-alloc", "web-api-size", "web-api-pareto"], charts.Select(c => c.Id));
        var time = charts[0].Spec.ToJsonString();
        Assert.DoesNotContain("\"log\"", time, StringComparison.Ordinal);
        var pareto = charts[3].Spec.ToJsonString();
        Assert.Contains("\"contender\":\"stj-sourcegen-utf8\",\"payload\":\"person (list of 200)\",\"bytesPerObject\":935,\"nsPerObject\":1440,\"front\":\"Pareto front\"", pareto, StringComparison.Ordinal);
        Assert.Contains("\"contender\":\"newtonsoft-string\",\"payload\":\"person (list of 200)\",\"bytesPerObject\":935,\"nsPerObject\":3720,\"front\":\"dominated\"", pareto, StringComparison.Ordinal);
    }
}
