using SerBench.Core.Results;
using SerBench.Reports;
using SerBench.Results;

namespace SerBench.Tests.Reports;

public sealed class ReportWriterTests : IDisposable
{
    private readonly TempDirectory _root = new();

    public void Dispose() => _root.Dispose();

    /// <summary>Writes the reports as a command does: in a folder taken for it.</summary>
    internal static ReportOutput Write(ResultsDocument document, string directory, IChartImageRenderer? images = null, CancellationToken stop = default)
    {
        using var folder = OutputFolderClaim.Take(directory, FolderUse.Replace, ReportWriter.Entries, force: false);
        return ReportWriter.Write(RunSummary.Of(document), folder, images, stop);
    }

    private static ResultsDocument WithStudy(string study) =>
        SampleResults.Document([.. SampleResults.WebApiWithCrash().Cells.Select(c => c with { Study = study })]);

    [Fact]
    public void HostileStudyName_NeverBecomesAPathOutsideTheOutputFolder()
    {
        var output = Path.Combine(_root.Path, "a", "b", "out");

        Write(WithStudy("../../../escaped"), output, NoChartImages.Instance);

        Assert.Equal([Path.Combine(_root.Path, "a")], Directory.GetFileSystemEntries(_root.Path));
        Assert.Equal([Path.Combine(_root.Path, "a", "b")], Directory.GetFileSystemEntries(Path.Combine(_root.Path, "a")));
        Assert.All(Directory.GetFiles(Path.Combine(output, "charts")), f => Assert.Matches("^escaped-[0-9a-f]{8}-", Path.GetFileName(f)));
    }

    [Fact]
    public void ControlAndBidiCharacters_AreShownAsCodePoints_InEveryReportAndTheCsv()
    {
        // Issue 35: NUL and ESC reached report.html and results.csv raw, and U+202E reached report.md, reordering table text.
        const string hostile = "evil\u0000\u001b[31m\u202egnp.exe";
        var document = SampleResults.Document([.. SampleResults.WebApiWithCrash().Cells.Select(c =>
            c.Contender == "broken-one" ? c with { Reason = "threw " + hostile } : c with { Library = hostile })]);

        Write(document, _root.Path, NoChartImages.Instance);

        foreach (var file in new[] { "report.md", "report.html", "results.csv" })
        {
            var text = File.ReadAllText(_root.File(file));
            Assert.False(text.Any(c => c is '\u0000' or '\u001b' or '\u202e'), file);
            Assert.Contains("evil⟨U+0000⟩⟨U+001B⟩[31m⟨U+202E⟩gnp.exe".Replace("[", file == "report.md" ? "\\[" : "[", StringComparison.Ordinal), text, StringComparison.Ordinal);
        }

        // Charts draw the same names: their specs (in report.html and charts/*.vl.json) carry no such character, escaped or raw.
        foreach (var file in Directory.GetFiles(_root.File("charts"), "*.vl.json").Append(_root.File("report.html")))
        {
            var text = File.ReadAllText(file);
            Assert.False(text.Any(c => c is '\u0000' or '\u001b' or '\u202e'), file);
            Assert.DoesNotContain("\\u202E", text, StringComparison.OrdinalIgnoreCase);
            Assert.DoesNotContain("\\u001B", text, StringComparison.OrdinalIgnoreCase);
        }
    }

    [Fact]
    public void FailurePartWay_LeavesThePreviousCompleteSet()
    {
        Write(WithStudy("first"), _root.Path, NoChartImages.Instance);
        var before = Directory.GetFiles(_root.Path, "*", SearchOption.AllDirectories).ToDictionary(f => f, File.ReadAllText);

        Assert.Throws<IOException>(() => Write(WithStudy("second"), _root.Path, FailingChartImages.Instance));

        var after = Directory.GetFiles(_root.Path, "*", SearchOption.AllDirectories).ToDictionary(f => f, File.ReadAllText);
        Assert.Equal(before, after);
        Assert.Contains("## first", after[_root.File("report.md")], StringComparison.Ordinal);
    }

    [Fact]
    public void NewSet_RemovesChartsOfTheOldOne()
    {
        Write(WithStudy("first"), _root.Path, NoChartImages.Instance);

        Write(WithStudy("second"), _root.Path, NoChartImages.Instance);

        Assert.All(Directory.GetFiles(_root.File("charts")), f => Assert.StartsWith("second-", Path.GetFileName(f), StringComparison.Ordinal));
    }
}
