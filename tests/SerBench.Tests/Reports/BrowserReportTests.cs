using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Text.RegularExpressions;

namespace SerBench.Tests.Reports;

/// <summary>
/// Opens report.html in headless Chromium and checks that every chart rendered with no console error, then saves a
/// screenshot. Needs Debian's <c>chromium</c>; without it the test is reported as skipped (<see cref="ChromiumFactAttribute"/>).
/// .ci/run installs it and sets SERBENCH_REQUIRE_BROWSER=1, which turns a missing browser into a failure instead.
/// </summary>
public sealed partial class BrowserReportTests : IDisposable
{
    private readonly string _directory = Directory.CreateTempSubdirectory("serbench-browser-").FullName;

    public void Dispose() => Directory.Delete(_directory, recursive: true);

    [ChromiumFact]
    public void ReportHtml_RendersEveryChart_WithoutConsoleErrors_InHeadlessChromium()
    {
        // Reached without a browser only when SERBENCH_REQUIRE_BROWSER=1 asked for a failure instead of a skip.
        var chromium = ChromiumFactAttribute.FindChromium() ?? throw new InvalidOperationException("chromium is required (SERBENCH_REQUIRE_BROWSER=1) but was not found");

        ReportWriterTests.Write(SampleResults.WebApiWithCrash(), _directory);
        var page = new Uri(Path.Combine(_directory, "report.html")).AbsoluteUri;

        // A laptop's first screen: the answer must be in it.
        var dom = Chromium(chromium, "--dump-dom", "--window-size=1366,768", page);
        var screenshot = Path.Combine(_directory, "report.png");
        Chromium(chromium, $"--screenshot={screenshot}", "--window-size=1366,768", page);
        var full = Path.Combine(_directory, "report-full.png");
        Chromium(chromium, $"--screenshot={full}", "--window-size=1366,2400", page);

        Assert.Contains("data-ready=\"true\"", dom, StringComparison.Ordinal);
        var expected = int.Parse(Attribute(dom, "data-charts-expected"), System.Globalization.CultureInfo.InvariantCulture);
        Assert.Equal(5, expected);
        Assert.Equal(expected.ToString(System.Globalization.CultureInfo.InvariantCulture), Attribute(dom, "data-charts-rendered"));
        // The page's error hook sets data-chart-errors on <html> on the first uncaught error or console.error.
        var htmlElement = Regex.Match(dom, "<html[^>]*>").Value;
        Assert.False(htmlElement.Contains("data-chart-errors=", StringComparison.Ordinal), "console errors: " + htmlElement);
        Assert.True(SvgMarks().Count(dom) >= expected, "each chart draws an SVG");
        Assert.Contains("&lt;script&gt;alert(", dom, StringComparison.Ordinal);
        Assert.True(new FileInfo(screenshot).Length > 20_000, "screenshot written");
        Assert.InRange(int.Parse(Attribute(dom, "data-verdict-top"), System.Globalization.CultureInfo.InvariantCulture), 0, 768 - 100);

        // Each time chart drew its contenders fastest first, as their means in the chart's own data say.
        var specs = System.Text.Json.Nodes.JsonNode.Parse(System.Net.WebUtility.HtmlDecode(
            Regex.Match(dom, "<script type=\"application/json\" id=\"chart-specs\">(.*?)</script>", RegexOptions.Singleline).Groups[1].Value))!.AsObject();
        var timeCharts = specs.Where(s => s.Key.EndsWith("-time", StringComparison.Ordinal)).ToList();
        Assert.NotEmpty(timeCharts);
        foreach (var (id, spec) in timeCharts)
        {
            var byMean = spec!["data"]!["values"]!.AsArray().OrderBy(v => v!["mean"]!.GetValue<double>()).Select(v => v!["contender"]!.GetValue<string>()).ToList();
            var drawn = Regex.Match(dom, $"id=\"{Regex.Escape(id)}\"[^>]*data-y-order=\"([^\"]*)\"");
            Assert.True(drawn.Success, $"{id} reports the order it drew");
            Assert.Equal(byMean, System.Text.Json.JsonSerializer.Deserialize<List<string>>(System.Net.WebUtility.HtmlDecode(drawn.Groups[1].Value)));
        }

        // Keep the screenshots where CI and people can look at them, next to the test results.
        File.Copy(screenshot, Path.Combine(AppContext.BaseDirectory, "report-screenshot.png"), overwrite: true);
        File.Copy(full, Path.Combine(AppContext.BaseDirectory, "report-screenshot-full.png"), overwrite: true);
    }

    [Theory]
    [InlineData(null, null, true)]
    [InlineData(null, "1", false)]
    [InlineData("/usr/bin/chromium", null, false)]
    public void WithoutChromium_TheTestIsSkipped_UnlessABrowserIsRequired(string? chromium, string? requireBrowser, bool skipped) =>
        Assert.Equal(skipped, ChromiumFactAttribute.SkipReason(chromium, requireBrowser) is not null);

    private static string Chromium(string chromium, params string[] arguments)
    {
        var start = new ProcessStartInfo(chromium) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        foreach (var argument in (string[])["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                     "--no-first-run", "--allow-file-access-from-files", "--virtual-time-budget=15000", .. arguments])
        {
            start.ArgumentList.Add(argument);
        }

        using var process = Process.Start(start)!;
        var output = process.StandardOutput.ReadToEndAsync();
        _ = process.StandardError.ReadToEndAsync();
        Assert.True(process.WaitForExit(TimeSpan.FromMinutes(2)), "chromium finished");
        return output.Result;
    }

    private static string Attribute(string dom, string name)
    {
        var match = Regex.Match(dom, $"{name}=\"([^\"]*)\"");
        Assert.True(match.Success, $"{name} present in the rendered page");
        return match.Groups[1].Value;
    }

    [GeneratedRegex("<svg[^>]*class=\"marks\"")]
    private static partial Regex SvgMarks();
}
