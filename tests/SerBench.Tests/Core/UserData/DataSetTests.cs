using SerBench.Core.Running;
using SerBench.Core.UserData;
using SerBench.Running;

namespace SerBench.Tests.Core.UserData;

public class DataSetTests
{
    [Fact]
    public void Load_File_IsOneDocumentNamedAfterTheFile()
    {
        using var temp = new TempDirectory();
        File.WriteAllText(temp.File("Orders 2024.json"), """{"id":1}""");

        var set = Assert.Single(DataSet.LoadAll([temp.File("Orders 2024.json")]));

        Assert.Equal(("Orders-2024.json (8 B)", "orders-2024"), (set.Name, set.Model));
        Assert.Single(set.Documents);
        Assert.Equal(8, set.TotalBytes);
    }

    [Fact]
    public void Load_Folder_ReadsItsJsonFilesInNameOrder_AndDropsAByteOrderMark()
    {
        using var temp = new TempDirectory();
        File.WriteAllText(temp.File("b.json"), "[2]");
        File.WriteAllBytes(temp.File("a.json"), [0xEF, 0xBB, 0xBF, (byte)'[', (byte)'1', (byte)']']);
        File.WriteAllText(temp.File("notes.txt"), "not read");

        var set = Assert.Single(DataSet.LoadAll([temp.Path], DataCaseRule.Shape));

        Assert.Equal(["a.json", "b.json"], set.Documents.Select(d => d.Name));
        Assert.Equal("[1]"u8.ToArray(), set.Documents[0].Utf8);
    }

    [Fact]
    public void LoadAll_TwoFilesWithOneName_GetDistinctCaseAndModelNames()
    {
        using var temp = new TempDirectory();
        Directory.CreateDirectory(temp.File("x"));
        File.WriteAllText(temp.File("x/data.json"), """{"b":2}""");
        File.WriteAllText(temp.File("data.json"), """{"a":1}""");

        var sets = DataSet.LoadAll([temp.File("data.json"), temp.File("x/data.json")]);

        Assert.Equal([("data.json (7 B)", "data"), ("data.json (7 B) #2", "data-2")], sets.Select(s => (s.Name, s.Model)));
    }

    [Theory]
    [InlineData("{\n  \"a\": 1,\n  \"b\": tru\n}", "line 3, column ")]
    [InlineData("{\"a\":1,}", "line 1, column 8")]
    [InlineData("", "not JSON")]
    public void Load_FileThatIsNotJson_NamesTheFileLineAndColumn(string text, string expected)
    {
        using var temp = new TempDirectory();
        File.WriteAllText(temp.File("bad.json"), text);

        var error = Assert.Throws<UsageException>(() => DataSet.LoadAll([temp.File("bad.json")]));

        Assert.True(error.Message.Contains(expected, StringComparison.Ordinal), error.Message);
        Assert.StartsWith($"--data {temp.File("bad.json")}: not JSON: ", error.Message, StringComparison.Ordinal);
        Assert.Contains(expected, error.Message, StringComparison.Ordinal);
        Assert.DoesNotContain("LineNumber", error.Message, StringComparison.Ordinal);
        Assert.DoesNotContain('\n', error.Message);
    }

    [Fact]
    public void Load_ACsvFile_SaysSerBenchReadsJson_NotOnlyWhatTheParserExpected()
    {
        using var temp = new TempDirectory();
        File.WriteAllText(temp.File("orders.csv"), "name,total\nada,12\n");

        var error = Assert.Throws<UsageException>(() => DataSet.LoadAll([temp.File("orders.csv")]));

        Assert.StartsWith($"--data {temp.File("orders.csv")}: not JSON: line 1, column 1", error.Message, StringComparison.Ordinal);
        Assert.EndsWith(" (SerBench reads JSON documents: convert .csv files to JSON first)", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Load_ValidJsonDeeperThanSerBenchReads_IsCalledJson_NotNotJson()
    {
        using var temp = new TempDirectory();
        File.WriteAllText(temp.File("deep.json"), new string('[', 300) + new string(']', 300));

        var error = Assert.Throws<UsageException>(() => DataSet.LoadAll([temp.File("deep.json")]));

        Assert.StartsWith($"--data {temp.File("deep.json")}: valid JSON, but beyond what SerBench reads: line 1, column 257: The maximum configured depth of 256", error.Message, StringComparison.Ordinal);
        Assert.DoesNotContain("LineNumber", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Load_InvalidUtf8_IsNotJson()
    {
        using var temp = new TempDirectory();
        File.WriteAllBytes(temp.File("latin1.json"), [(byte)'[', (byte)'"', 0xE9, (byte)'"', (byte)']']);

        var error = Assert.Throws<UsageException>(() => DataSet.LoadAll([temp.File("latin1.json")]));

        Assert.Contains("latin1.json: not JSON: line 1, column ", error.Message, StringComparison.Ordinal);
        Assert.Contains("UTF-8", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Load_Utf16_IsRefused_SayingToSaveItAsUtf8()
    {
        using var temp = new TempDirectory();
        File.WriteAllText(temp.File("be.json"), "[1]", System.Text.Encoding.BigEndianUnicode);

        var error = Assert.Throws<UsageException>(() => DataSet.LoadAll([temp.File("be.json")]));

        Assert.Equal($"--data {temp.File("be.json")}: is UTF-16 (big-endian) text; save it as UTF-8.", error.Message);
    }

    [Fact]
    public void Load_BadFileInAFolder_IsNamedInsideTheFolder()
    {
        using var temp = new TempDirectory();
        File.WriteAllText(temp.File("good.json"), "[]");
        File.WriteAllText(temp.File("worse.json"), "[");

        var error = Assert.Throws<UsageException>(() => DataSet.LoadAll([temp.Path]));

        Assert.Contains("worse.json: not JSON", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Load_EmptyFolder_SaysSo()
    {
        using var temp = new TempDirectory();

        var error = Assert.Throws<UsageException>(() => DataSet.LoadAll([temp.Path]));

        Assert.Contains("the folder holds no .json files", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Load_MissingPath_SaysWhatToGive()
    {
        var error = Assert.Throws<UsageException>(() => DataSet.LoadAll(["/no/such/place.json"]));

        Assert.Equal("--data /no/such/place.json: no such file or folder. Give a JSON file or a folder of them; to try it, serbench samples --out my-documents writes three, then --data my-documents.", error.Message);
    }

    [Fact]
    public void RunRequest_WithData_RunsTheDataStudyAndTheTypedStudyWithOneWorkloadPerCase()
    {
        using var temp = new TempDirectory();
        File.WriteAllText(temp.File("one.json"), """{"a":[1,2]}""");
        Directory.CreateDirectory(temp.File("many"));
        File.WriteAllText(temp.File("many/1.json"), "[1]");
        File.WriteAllText(temp.File("many/2.json"), "[2]");

        var request = RunOptionsParser.Parse(new RunOptions { Data = [temp.File("one.json"), temp.File("many")], Cases = "shape" });

        Assert.Equal(["data", "data-typed"], request.Studies.Select(s => s.Name));
        foreach (var study in request.Studies)
        {
            Assert.Equal([("one.json (11 B)", "Object", 1), ("many (2 files, 6 B)", "Many", 2)], study.Workloads.Select(w => (w.Payload.Name, w.Shape.ToString(), w.Count)));
            Assert.Equal([[temp.File("one.json")], [temp.File("many/1.json"), temp.File("many/2.json")]], study.DataSets.Select(s => s.Files));
        }

        Assert.Equal(["many", "one"], request.Studies[1].ModelSources.Keys.Order(StringComparer.Ordinal));
    }

    [Fact]
    public void RunRequest_DocumentsWithoutATypedModel_SayWhyThereIsNoTypedStudy()
    {
        using var temp = new TempDirectory();
        File.WriteAllText(temp.File("scalar.json"), "42");

        var request = RunOptionsParser.Parse(new RunOptions { Data = [temp.File("scalar.json")] });
        var asked = Assert.Throws<UsageException>(() => RunOptionsParser.Parse(new RunOptions { Study = "data-typed", Data = [temp.File("scalar.json")] }));

        Assert.Equal(["data"], request.Studies.Select(s => s.Name));
        Assert.StartsWith("No data-typed study (your documents as typed objects): scalar: no typed model: ", request.WhyNoTypedStudy, StringComparison.Ordinal);
        Assert.Contains(request.WhyNoTypedStudy, request.Studies[0].Notes);
        Assert.Equal(request.WhyNoTypedStudy, asked.Message);
    }

    [Fact]
    public void RunRequest_DocumentsWithATypedModel_HaveNoReasonAgainstIt()
    {
        using var temp = new TempDirectory();
        File.WriteAllText(temp.File("one.json"), """{"a":1}""");

        var request = RunOptionsParser.Parse(new RunOptions { Data = [temp.File("one.json")] });

        Assert.Null(request.WhyNoTypedStudy);
        Assert.DoesNotContain(request.Studies[0].Notes, n => n.StartsWith("No data-typed", StringComparison.Ordinal));
    }

    [Fact]
    public void RunRequest_SameDataTwice_IsRefused()
    {
        using var temp = new TempDirectory();
        File.WriteAllText(temp.File("one.json"), "1");

        var error = Assert.Throws<UsageException>(() => RunOptionsParser.Parse(new RunOptions { Data = [temp.File("one.json"), temp.File("one.json")] }));

        Assert.Contains("is given twice", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void RunPlan_ContenderOfNeitherKind_SaysWhichContendersEachDataStudyTakes()
    {
        using var temp = new TempDirectory();
        File.WriteAllText(temp.File("one.json"), "[1]");
        var error = Assert.Throws<UsageException>(() => RunOptionsParser.Parse(new RunOptions { Study = "data", Contenders = "binary-utf8", Data = [temp.File("one.json")] }));

        Assert.StartsWith("Nothing to run: none of the contenders named belongs to the studies of your data. data takes stj-reader,", error.Message, StringComparison.Ordinal);
    }
}
