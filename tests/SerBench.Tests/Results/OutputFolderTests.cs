using SerBench.Results;

namespace SerBench.Tests.Results;

public sealed class OutputFolderTests : IDisposable
{
    private readonly TempDirectory _folder = new();

    public void Dispose() => _folder.Dispose();

    [Theory]
    [InlineData("web-api", "web-api")]
    [InlineData("json-vs-binary", "json-vs-binary")]
    [InlineData("../../../../tmp/x", "tmp-x-")]
    [InlineData("Web API", "web-api-")]
    [InlineData("..", "")]
    [InlineData("<script>", "script-")]
    public void Slug_KeepsSafeNames_AndMarksChangedOnesWithAHash(string name, string expectedStart)
    {
        var slug = OutputFolder.Slug(name);

        Assert.StartsWith(expectedStart, slug, StringComparison.Ordinal);
        Assert.Matches("^[a-z0-9]+(-[a-z0-9]+)*$", slug);
        Assert.Equal(name == expectedStart ? name.Length : expectedStart.Length + 8, slug.Length);
    }

    [Fact]
    public void Slug_NamesThatLookAlike_GetDifferentSlugs()
    {
        Assert.NotEqual(OutputFolder.Slug("a/b"), OutputFolder.Slug("a-b"));
        Assert.NotEqual(OutputFolder.Slug("a/b"), OutputFolder.Slug("a\\b"));
        Assert.True(OutputFolder.Slug(new string('x', 500)).Length <= 69);
    }

    [Theory]
    [InlineData("../escaped.svg")]
    [InlineData("/etc/passwd")]
    [InlineData("charts/../../x")]
    [InlineData("")]
    public void PathOf_RefusesAnythingThatResolvesOutsideTheFolder(string relative)
    {
        Assert.Throws<InvalidOperationException>(() => OutputFolder.PathOf(_folder.Path, relative));
    }

    [Fact]
    public void ClearRunOutput_DeletesWhatARunWrote_AndNothingElse()
    {
        foreach (var file in new[] { "results.json", "results.csv", "report.md", "report.html", "benchmarkdotnet.log", "notes.txt" })
        {
            File.WriteAllText(_folder.File(file), "x");
        }

        foreach (var folder in new[] { "charts", "isolated/001-x", "benchmarkdotnet", "mine" })
        {
            Directory.CreateDirectory(_folder.File(folder));
            File.WriteAllText(Path.Combine(_folder.File(folder), "file"), "x");
        }

        Assert.True(OutputFolder.HoldsRunOutput(_folder.Path));
        OutputFolder.ClearRunOutput(_folder.Path);

        Assert.False(OutputFolder.HoldsRunOutput(_folder.Path));
        Assert.Equal(["mine", "notes.txt"], Directory.GetFileSystemEntries(_folder.Path).Select(Path.GetFileName).Order(StringComparer.Ordinal));
    }

    [Fact]
    public void WriteSet_FailingWriter_LeavesThePreviousSetAndNoStagingFolder()
    {
        OutputFolder.WriteSet(_folder.Path, ["a.txt", "charts"], staging =>
        {
            File.WriteAllText(Path.Combine(staging, "a.txt"), "old");
            Directory.CreateDirectory(Path.Combine(staging, "charts"));
            File.WriteAllText(Path.Combine(staging, "charts", "old.svg"), "old");
        });

        Assert.Throws<IOException>(() => OutputFolder.WriteSet(_folder.Path, ["a.txt", "charts"], staging =>
        {
            File.WriteAllText(Path.Combine(staging, "a.txt"), "new");
            throw new IOException("disk full");
        }));

        Assert.Equal("old", File.ReadAllText(_folder.File("a.txt")));
        Assert.Equal(["a.txt", "charts"], Directory.GetFileSystemEntries(_folder.Path).Select(Path.GetFileName).Order(StringComparer.Ordinal));
    }

    [Fact]
    public void WriteSet_ReplacesFoldersWhole_SoNoStaleFileSurvives()
    {
        OutputFolder.WriteSet(_folder.Path, ["charts"], staging =>
        {
            Directory.CreateDirectory(Path.Combine(staging, "charts"));
            File.WriteAllText(Path.Combine(staging, "charts", "old.svg"), "old");
        });

        OutputFolder.WriteSet(_folder.Path, ["charts"], staging =>
        {
            Directory.CreateDirectory(Path.Combine(staging, "charts"));
            File.WriteAllText(Path.Combine(staging, "charts", "new.svg"), "new");
        });

        Assert.Equal(["new.svg"], Directory.GetFiles(_folder.File("charts")).Select(Path.GetFileName));
    }

    [Fact]
    public void WriteSet_FolderInTheWayOfAFile_FailsBeforeMovingAnything()
    {
        File.WriteAllText(_folder.File("a.txt"), "old a");
        Directory.CreateDirectory(_folder.File("b.txt"));

        var error = Assert.Throws<IOException>(() => OutputFolder.WriteSet(_folder.Path, ["a.txt", "b.txt"], staging =>
        {
            File.WriteAllText(Path.Combine(staging, "a.txt"), "new a");
            File.WriteAllText(Path.Combine(staging, "b.txt"), "new b");
        }));

        Assert.Contains("a folder of that name is in the way", error.Message, StringComparison.Ordinal);
        Assert.Equal("old a", File.ReadAllText(_folder.File("a.txt")));
    }
}
