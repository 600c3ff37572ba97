using SerBench.Core.Results;

namespace SerBench.Tests.Core.Results;

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
}
