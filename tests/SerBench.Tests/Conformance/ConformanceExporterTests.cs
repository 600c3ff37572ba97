using SerBench.Conformance;
using SerBench.Core.Conformance;
using SerBench.Core.Results;

namespace SerBench.Tests.Conformance;

/// <summary>The three files, rendered from a hand-made matrix whose names and messages try to break out of them.</summary>
public class ConformanceExporterTests
{
    private const string HostileName = "<img src=x onerror=alert(1)>|*x*.json";
    private const string HostileDetail = "JsonException: '</script><script>alert(2)</script>' | [link](http://evil) `code`\nsecond line";

    internal static readonly ConformanceReport Report = new()
    {
        Tool = new ToolInfo("SerBench", "0.1.0", null),
        Command = "serbench conformance samples/",
        StartedAt = new DateTimeOffset(2026, 11, 24, 10, 0, 0, TimeSpan.Zero),
        Runtime = ".NET 10.0.0",
        Documents =
        [
            new DocumentInfo("trailing-comma-array", "built-in", "a comma after the last element", 6, "[1,2,]", false, "line 1, column 6: a trailing comma before ']'", []),
            new DocumentInfo(HostileName, "/data/" + HostileName, null, 3, "<b>", true, null, ["RFC 8259 §6: <numbers>"]),
        ],
        Contenders =
        [
            new ContenderInfo("stj-document", "System.Text.Json", "10.0.0", null),
            new ContenderInfo("gone-jtoken", "Newtonsoft.Json", "13.0.4", "its pack did not <restore>"),
        ],
        Cells =
        [
            new ConformanceCell("stj-document", "trailing-comma-array", ConformanceOutcome.Rejected, ConformanceRating.Right, "JsonReaderException: trailing comma"),
            new ConformanceCell("stj-document", HostileName, ConformanceOutcome.ChangedData, ConformanceRating.Changed, HostileDetail),
            new ConformanceCell("gone-jtoken", "trailing-comma-array", ConformanceOutcome.Unavailable, ConformanceRating.NotRun, "its pack did not <restore>"),
            new ConformanceCell("gone-jtoken", HostileName, ConformanceOutcome.Unavailable, ConformanceRating.NotRun, "its pack did not <restore>"),
        ],
    };

    private static string Export(string fileName)
    {
        using var writer = new StringWriter();
        ConformanceExporters.Default.Single(e => e.FileName == fileName).Export(Report, writer);
        return writer.ToString();
    }

    [Fact]
    public void Html_IsAColourGrid_WithEverythingFromFilesEncoded()
    {
        var html = Export("conformance.html");

        Assert.Contains("<td class=\"right\" title=\"JsonReaderException: trailing comma\">rejected</td>", html, StringComparison.Ordinal);
        Assert.Contains("<td class=\"changed\" title=\"JsonException: &#39;&lt;/script&gt;&lt;script&gt;alert(2)&lt;/script&gt;&#39;", html, StringComparison.Ordinal);
        Assert.Contains("<td class=\"not-run\" title=\"its pack did not &lt;restore&gt;\">UNAVAILABLE</td>", html, StringComparison.Ordinal);
        Assert.Contains("&lt;img src=x onerror=alert(1)&gt;|*x*.json", html, StringComparison.Ordinal);
        Assert.DoesNotContain("<img", html, StringComparison.Ordinal);
        Assert.DoesNotContain("alert(2)</script>", html, StringComparison.Ordinal);
        Assert.Contains("<code>&lt;b&gt;</code>", html, StringComparison.Ordinal);
        // Anchors come from names only through the slug, and the grid links to them.
        var anchor = "doc-" + OutputFolder.Slug(HostileName);
        Assert.Matches("^doc-img-src-x-onerror-alert-1-x-json-[0-9a-f]{8}$", anchor);
        Assert.Contains($"<a href=\"#{anchor}\">", html, StringComparison.Ordinal);
        Assert.Contains($"<section id=\"{anchor}\">", html, StringComparison.Ordinal);
        // Offline: nothing is fetched, nothing runs.
        Assert.DoesNotContain("<script", html, StringComparison.Ordinal);
        Assert.DoesNotContain("src=\"http", html, StringComparison.Ordinal);
    }

    [Fact]
    public void Markdown_IsOneTableRowPerDocument_WithEverythingFromFilesEscaped()
    {
        var markdown = Export("conformance.md");
        var lines = markdown.Split('\n');

        Assert.Contains("| Document | RFC 8259 | stj-document | gone-jtoken |", lines);
        Assert.Contains("| trailing-comma-array | invalid | 🟢 rejected | ⚪ UNAVAILABLE |", lines);
        Assert.Contains("| &lt;img src=x onerror=alert(1)&gt;\\|\\*x\\*.json | valid, may refuse | 🟠 changed (data) | ⚪ UNAVAILABLE |", lines);
        var detail = Assert.Single(lines, l => l.StartsWith("- 🟠 stj-document:", StringComparison.Ordinal));
        Assert.Equal("- 🟠 stj-document: changed (data) — JsonException: '&lt;/script&gt;&lt;script&gt;alert(2)&lt;/script&gt;' \\| \\[link\\](http://evil) \\`code\\` second line", detail);
        Assert.Contains("| gone-jtoken | Newtonsoft.Json | 13.0.4 | UNAVAILABLE: its pack did not &lt;restore&gt; |", lines);
        Assert.Contains("RFC 8259: not a JSON text: line 1, column 6: a trailing comma before '\\]'.", lines);
    }

    [Fact]
    public void Json_ReadsBackAsTheSameMatrix()
    {
        var json = Export("conformance.json");
        using var stream = new MemoryStream(System.Text.Encoding.UTF8.GetBytes(json));

        var read = ConformanceReport.Read(stream);

        Assert.Contains("\"outcome\": \"changed-data\"", json, StringComparison.Ordinal);
        Assert.Contains("\"rating\": \"not-run\"", json, StringComparison.Ordinal);
        Assert.Equal(Report.Cells, read.Cells);
        Assert.Equal(Report.Documents.Select(d => (d.Name, d.Valid, d.Problem, d.Leeway.Count)), read.Documents.Select(d => (d.Name, d.Valid, d.Problem, d.Leeway.Count)));
        Assert.Equal(Report.Contenders, read.Contenders);
        Assert.Equal(1, read.SchemaVersion);
    }
}
