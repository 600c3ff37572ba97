using SerBench.Comparison;

namespace SerBench.Tests.Comparison;

public sealed class ResultsFileReaderTests : IDisposable
{
    private readonly string _directory = Directory.CreateTempSubdirectory("serbench-reader-").FullName;

    public void Dispose() => Directory.Delete(_directory, recursive: true);

    private string Write(string name, string text)
    {
        var path = Path.Combine(_directory, name);
        File.WriteAllText(path, text);
        return path;
    }

    [Fact]
    public void BenchmarkDotNetFullExport_IsReadWithItsWorkloadIterations()
    {
        var path = Write("bdn-report-full.json", """
            {"Title":"x","Benchmarks":[{"DisplayInfo":"Bench.Serialize: Job","Type":"Bench","Method":"Serialize","FullName":"My.Bench.Serialize",
              "Statistics":{"Mean":1500.0,"ConfidenceInterval":{"Margin":30.0}},"Memory":{"BytesAllocatedPerOperation":96},
              "Measurements":[{"IterationMode":"Workload","IterationStage":"Pilot","Operations":16,"Nanoseconds":99999},
                              {"IterationMode":"Workload","IterationStage":"Result","Operations":1000,"Nanoseconds":1500000},
                              {"IterationMode":"Workload","IterationStage":"Result","Operations":1000,"Nanoseconds":1400000},
                              {"IterationMode":"Overhead","IterationStage":"Result","Operations":1000,"Nanoseconds":1000}]}]}
            """);

        var results = ResultsFileReader.ReadComparable(path);

        Assert.Equal("BenchmarkDotNet", results.Kind);
        var cell = Assert.Single(results.Cells);
        Assert.Equal(("Bench", "My.Bench.Serialize", 96L), (cell.Study, cell.Key, cell.AllocatedBytes!.Value));
        Assert.Equal([1500.0, 1400.0], cell.IterationsNs);
        Assert.Equal(30.0, cell.ErrorNs);
    }

    [Theory]
    [InlineData("""{"schemaVersion":1,"cells":[""", "is not valid JSON")]
    [InlineData("""{"schemaVersion":2,"cells":[]}""", "has schema version 2; this SerBench reads version 1")]
    [InlineData("""{"cells":[]}""", "has no schemaVersion")]
    [InlineData("""<html></html>""", "is not valid JSON")]
    public void BadFiles_AreRefusedWithTheFileNameAndTheProblem(string text, string expected)
    {
        var path = Write("bad.json", text);

        var error = Assert.Throws<ResultsFileException>(() => ResultsFileReader.ReadComparable(path));

        Assert.Contains(path, error.Message, StringComparison.Ordinal);
        Assert.Contains(expected, error.Message, StringComparison.Ordinal);
    }
}
