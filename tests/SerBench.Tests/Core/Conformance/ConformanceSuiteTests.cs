using SerBench.Core.Conformance;
using SerBench.Core.Running;

namespace SerBench.Tests.Core.Conformance;

public sealed class ConformanceSuiteTests : IDisposable
{
    private readonly TempDirectory _temp = new();

    public void Dispose() => _temp.Dispose();

    [Fact]
    public void Load_NoPath_IsTheBuiltInDocuments()
    {
        var suite = ConformanceSuite.Load([]);

        Assert.Equal(TrickyDocuments.All.Select(d => d.Name), suite.Documents.Select(d => d.Name));
        Assert.All(suite.Documents, d => Assert.Equal("built-in", d.Info.Source));
        Assert.Empty(suite.Paths);
    }

    [Fact]
    public void Load_Folder_AddsItsJsonFilesInNameOrder_WithTheirVerdicts()
    {
        File.WriteAllText(_temp.File("b-order.json"), """{"id":1,"id":2}""");
        File.WriteAllText(_temp.File("a-order.json"), """{"id":1}""");
        File.WriteAllText(_temp.File("n_trailing.json"), "[1,]");
        File.WriteAllText(_temp.File("i_anything.json"), "not even close");
        File.WriteAllBytes(_temp.File("with-bom.json"), [0xEF, 0xBB, 0xBF, .. "[1]"u8]);
        File.WriteAllText(_temp.File("notes.txt"), "not read");

        var suite = ConformanceSuite.Load([_temp.Path]);

        var mine = suite.Documents.Skip(TrickyDocuments.All.Count).ToList();
        Assert.Equal(["a-order.json", "b-order.json", "i_anything.json", "n_trailing.json", "with-bom.json"], mine.Select(d => d.Name));
        Assert.Equal(["valid", "valid, may refuse", "invalid, may read", "invalid", "invalid, may read"], mine.Select(d => d.Info.Expectation));
        Assert.Equal(_temp.File("a-order.json"), mine[0].Info.Source);
        Assert.Equal("line 1, column 4: a trailing comma before ']'", mine[3].Info.Problem);
        Assert.Equal([_temp.Path], suite.Paths);
    }

    [Fact]
    public void Load_SameFileNameTwice_GetsTwoNames()
    {
        Directory.CreateDirectory(_temp.File("x"));
        File.WriteAllText(_temp.File("x/data.json"), "1");
        File.WriteAllText(_temp.File("data.json"), "2");

        var suite = ConformanceSuite.Load([_temp.File("data.json"), _temp.File("x/data.json")]);

        Assert.Equal(["data.json", "data.json (2)"], suite.Documents.Skip(TrickyDocuments.All.Count).Select(d => d.Name));
    }

    [Fact]
    public void Select_KeepsTheNamedDocumentsInSuiteOrder()
    {
        var suite = ConformanceSuite.Load([]);

        Assert.Equal(["lone-surrogate", "bom"], suite.Select(["bom", "lone-surrogate"]).Select(d => d.Name));
    }

    [Fact]
    public void Load_MissingPath_SaysSo()
    {
        var error = Assert.Throws<UsageException>(() => ConformanceSuite.Load([_temp.File("nowhere")]));

        Assert.StartsWith($"{_temp.File("nowhere")}: no such file or folder.", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Load_EmptyFolder_SaysItHoldsNoJsonFiles()
    {
        File.WriteAllText(_temp.File("readme.txt"), "not a document");

        var error = Assert.Throws<UsageException>(() => ConformanceSuite.Load([_temp.Path]));

        Assert.Equal($"{_temp.Path}: the folder holds no .json files (SerBench reads the *.json files directly in it, not in its subfolders).", error.Message);
    }

    [Theory]
    [InlineData("orders.json", "{\n  \"a\": [1, 2,, 3]\n}", "line 2, column 14: expected a value, found ','")]
    [InlineData("y_orders.json", "{\"a\":1} // done", "line 1, column 9: a comment: JSON has no comments")]
    [InlineData("empty.json", "", "line 1, column 1: the text is empty: JSON text is one value")]
    public void Load_FileThatMustBeJsonAndIsNot_NamesTheFileLineAndColumn(string name, string text, string problem)
    {
        File.WriteAllText(_temp.File(name), text);

        var error = Assert.Throws<UsageException>(() => ConformanceSuite.Load([_temp.Path]));

        Assert.Equal($"{Path.Combine(_temp.Path, name)}: not JSON: {problem}. Name it n_{name} if parsers should refuse it, or i_{name} if either outcome is right.",
            error.Message);
    }

    [Fact]
    public void Load_FileNamedAsInvalidThatIsValid_IsRefused()
    {
        File.WriteAllText(_temp.File("n_fine.json"), "[1]");

        var error = Assert.Throws<UsageException>(() => ConformanceSuite.Load([_temp.File("n_fine.json")]));

        Assert.StartsWith($"{_temp.File("n_fine.json")}: the name starts with n_ (a document parsers must refuse), but it is valid JSON", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Load_FileOverTheCap_IsRefusedWithItsSize()
    {
        File.WriteAllText(_temp.File("big.json"), "[" + new string('1', 1000) + "]");

        var error = Assert.Throws<UsageException>(() => ConformanceSuite.Load([_temp.Path], maxFileBytes: 1000));

        Assert.StartsWith($"{Path.Combine(_temp.Path, "big.json")}: is 1,002 bytes; SerBench reads at most 1,000 bytes as one conformance document", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Load_UnreadableFile_NamesIt()
    {
        // A link whose target is gone is listed as a file, and cannot be read (whoever runs the tests, root included).
        File.CreateSymbolicLink(_temp.File("dangling.json"), _temp.File("deleted-target.json"));

        var error = Assert.Throws<UsageException>(() => ConformanceSuite.Load([_temp.Path]));

        Assert.StartsWith($"{Path.Combine(_temp.Path, "dangling.json")}: cannot be read: ", error.Message, StringComparison.Ordinal);
        Assert.DoesNotContain('\n', error.Message);
    }
}
