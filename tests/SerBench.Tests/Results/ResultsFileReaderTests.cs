using System.Text.Json.Nodes;
using SerBench.Core.Results;
using SerBench.Results;

namespace SerBench.Tests.Results;

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
        Assert.Equal(("Bench", "My.Bench.Serialize · Job", 96L), (cell.Study, cell.Key, cell.AllocatedBytes!.Value));
        Assert.Equal([1500.0, 1400.0], cell.IterationsNs);
        Assert.Equal(30.0, cell.ErrorNs);
    }

    [Theory]
    [InlineData("""{"schemaVersion":1,"cells":[""", "is not valid JSON")]
    [InlineData("""{"schemaVersion":4,"cells":[]}""", "has schema version 4; this SerBench reads versions 1 to 3")]
    [InlineData("""{"cells":[]}""", "has no schemaVersion")]
    [InlineData("""{"schemaVersion":"2.5","cells":[]}""", "has schemaVersion \"2.5\", which is not a number; expected 3.")]
    [InlineData("\0\0\0", "is not valid JSON (truncated, nested too deep, or not a results file): line 1, column 1: '0x00' is an invalid start of a value.")]
    [InlineData("""<html></html>""", "is not valid JSON")]
    public void BadFiles_AreRefusedWithTheFileNameAndTheProblem(string text, string expected)
    {
        var path = Write("bad.json", text);

        var error = Assert.Throws<ResultsFileException>(() => ResultsFileReader.ReadComparable(path));

        Assert.Contains(path, error.Message, StringComparison.Ordinal);
        Assert.Contains(expected, error.Message, StringComparison.Ordinal);
    }

    /// <summary>Each broken file that used to crash report or compare (finding 3, 6), with the path the message must name.</summary>
    public static TheoryData<string, string, string> BrokenDocuments() => new()
    {
        { "schema 1.5", SampleFiles.Edited(r => r["schemaVersion"] = 1.5), "has schema version 1.5; this SerBench reads versions 1 to 3" },
        { "schema huge", SampleFiles.Edited(r => r["schemaVersion"] = 99999999999), "has schema version 99999999999" },
        { "tool null", SampleFiles.Edited(r => r["tool"] = null), "$.tool: null where a value is required" },
        { "environment null", SampleFiles.Edited(r => r["environment"] = null), "$.environment: null where a value is required" },
        { "packages null", SampleFiles.Edited(r => r["packages"] = null), "$.packages: null where a value is required" },
        { "package version null", SampleFiles.Edited(r => r["packages"]!["Newtonsoft.Json"] = null), "$.packages[\"Newtonsoft.Json\"]: null where a value is required" },
        { "contender null", SampleFiles.Edited(r => SampleFiles.FirstCell(r)["contender"] = null), "$.cells[0].contender: null where a value is required" },
        { "contender missing", SampleFiles.Edited(r => SampleFiles.FirstCell(r).Remove("contender")), "$.cells[0].contender: required field is missing" },
        { "null cell", SampleFiles.Edited(r => r["cells"]!.AsArray().Add(null)), "$.cells[5]: null where a value is required" },
        { "cells not array", SampleFiles.Edited(r => r["cells"] = "many"), "$.cells: expected an array, found the string \"many\"" },
        { "mean string NaN", SampleFiles.Edited(r => SampleFiles.FirstCell(r)["meanNs"] = "NaN"), "$.cells[0].meanNs: expected a number, found the string \"NaN\"" },
        { "mean Infinity", SampleFiles.Edited(r => SampleFiles.FirstCell(r)["meanNs"] = "Infinity"), "$.cells[0].meanNs: expected a number" },
        { "mean negative", SampleFiles.Edited(r => SampleFiles.FirstCell(r)["meanNs"] = -5), "$.cells[0].meanNs: -5 is negative" },
        { "iteration NaN", SampleFiles.Edited(r => SampleFiles.FirstCell(r)["iterationsNs"]![1] = "NaN"), "$.cells[0].iterationsNs[1]: expected a number" },
        { "count zero", SampleFiles.Edited(r => SampleFiles.FirstCell(r)["count"] = 0), "$.cells[0].count: must be at least 1" },
        { "count huge", SampleFiles.Edited(r => SampleFiles.FirstCell(r)["count"] = 99999999999), "$.cells[0].count: 99999999999 is not a whole number" },
        { "unknown operation", SampleFiles.Edited(r => SampleFiles.FirstCell(r)["operation"] = "explode"), "$.cells[0].operation: unknown operation \"explode\"" },
        { "unknown status", SampleFiles.Edited(r => SampleFiles.FirstCell(r)["status"] = "GREAT"), "$.cells[0].status: unknown status \"GREAT\"" },
        { "bad date", SampleFiles.Edited(r => r["startedAt"] = "yesterday"), "$.startedAt: expected an ISO 8601 date and time" },
        { "noisy string", SampleFiles.Edited(r => SampleFiles.FirstCell(r)["noisy"] = "yes"), "$.cells[0].noisy: expected true or false" },
        { "unknown runtime", SampleFiles.Edited(r => SampleFiles.FirstCell(r)["runtime"] = "netcoreapp3.1<b>"), "$.cells[0].runtime: \"netcoreapp3.1\\u003Cb\\u003E\" is not a runtime name" },
        { "machine without sources", SampleFiles.Edited(r => SampleFiles.FirstCell(r)["machine"] = "elsewhere"), "$.cells[0].machine: \"elsewhere\" is not one of $.sources[*].machine" },
        // Issue 35: each of these passed validation, and report or merge then threw.
        { "cell twice", SampleFiles.Edited(r => r["cells"]!.AsArray().Add(SampleFiles.FirstCell(r).DeepClone())),
            "$.cells[5]: the same cell as $.cells[0] (study, contender, payload, shape, count, operation, runtime and machine alike); a file holds each cell once" },
        { "gzip size negative", SampleFiles.Edited(r => SampleFiles.FirstCell(r)["gzipBytes"] = -1), "$.cells[0].gzipBytes: -1 is negative" },
        { "lz4 time denormal", SampleFiles.Edited(r => SampleFiles.FirstCell(r)["lz4Ns"] = 1e-320), "$.cells[0].lz4Ns: 1E-320 is not a time a measurement gives" },
        { "mean denormal", SampleFiles.Edited(r => SampleFiles.FirstCell(r)["meanNs"] = 1e-320), "$.cells[0].meanNs: 1E-320 is not a time a measurement gives; times are 0 or from 1e-9 to 1e18 ns" },
        { "round absurd", SampleFiles.Edited(r => SampleFiles.FirstCell(r)["roundsNs"] = new JsonArray(744000, 1e200)), "$.cells[0].roundsNs[1]: 1E+200 is not a time a measurement gives" },
        { "three modes", SampleFiles.Edited(r => SampleFiles.FirstCell(r)["modes"] = Modes((1000, 3), (2000, 3), (4000, 3))), "$.cells[0].modes: holds 3; a cell with two speeds lists exactly two modes (none for one speed)" },
        { "one mode", SampleFiles.Edited(r => SampleFiles.FirstCell(r)["modes"] = Modes((1000, 3))), "$.cells[0].modes: holds 1; a cell with two speeds lists exactly two modes" },
        { "modes unsorted", SampleFiles.Edited(r => SampleFiles.FirstCell(r)["modes"] = Modes((4000, 3), (1000, 3))), "$.cells[0].modes: the first mode is not the faster" },
        { "modes alike", SampleFiles.Edited(r => SampleFiles.FirstCell(r)["modes"] = Modes((1000, 3), (1000, 3))), "$.cells[0].modes: the first mode is not the faster" },
        { "mode zero", SampleFiles.Edited(r => SampleFiles.FirstCell(r)["modes"] = Modes((0, 3), (0, 3))), "$.cells[0].modes[0].meanNs: 0; a speed is a time above zero" },
        { "mode of one process", SampleFiles.Edited(r => SampleFiles.FirstCell(r)["modes"] = Modes((1000, 3), (4000, 1))), "$.cells[0].modes[1].processes: 1; a speed needs 2 processes or more" },
    };

    private static JsonArray Modes(params (double MeanNs, int Processes)[] modes) =>
        [.. modes.Select(m => (JsonNode)new JsonObject { ["meanNs"] = m.MeanNs, ["errorNs"] = 10.0, ["processes"] = m.Processes })];

    [Theory]
    [MemberData(nameof(BrokenDocuments))]
    public void BrokenDocument_IsRefusedWithTheFileTheJsonPathAndTheProblem(string name, string text, string expected)
    {
        var path = Write(name.Replace(' ', '-') + ".json", text);

        var error = Assert.Throws<ResultsFileException>(() => ResultsFileReader.ReadDocument(path));

        Assert.StartsWith($"'{path}' ", error.Message, StringComparison.Ordinal);
        Assert.Contains(expected, error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void ARunsVariancePrior_ReadsBack_ThoughItsTypicalLimitIsANegativeLog()
    {
        // A quiet run's fit: typical log variance e^-0.53. Written as it was, results.json would be refused by every reader.
        var document = SampleResults.WebApiWithCrash();
        document.Method = new MeasurementMethod(2, "contender", "test", "wall", new SerBench.Core.Statistics.VariancePrior(0.0016, 200, -0.53));
        var path = Write("prior.json", ResultsJson.ToJson(document));

        var read = ResultsFileReader.ReadDocument(path);

        Assert.Equal(0.0016, read.Method!.Prior!.LogVariance, 9);
        Assert.Equal(200, read.Method.Prior.DegreesOfFreedom, 9);
    }

    [Fact]
    public void AnOlderSchemaWithoutBounds_ReadsWithBoundsDerivedFromError_AsTheNewStatisticsBuildThem()
    {
        var path = Write("schema-2.json", SampleFiles.Edited(r =>
        {
            r["schemaVersion"] = 2;
            var cell = SampleFiles.FirstCell(r);
            (cell["meanNs"], cell["errorNs"]) = (1000.0, 250.0);
            cell.Remove("lowNs");
            cell.Remove("highNs");
        }));

        var cell = ResultsFileReader.ReadDocument(path).Cells[0];

        // Log-symmetric, as SerBench builds intervals, at the verdict's 99%: 1000·e^(±ln 1.25 · 2.576 / 3.291).
        var half = Math.Log(1.25) * 2.5758293035489004 / 3.2905267314919255;
        Assert.Equal(1000 * Math.Exp(-half), cell.LowNs!.Value, 2);
        Assert.Equal(1000 * Math.Exp(half), cell.HighNs!.Value, 2);
    }

    [Fact]
    public void MeanBeyondDoubleRange_IsRefusedAsNotFinite()
    {
        var path = Write("1e400.json", SampleFiles.ValidJson().Replace("\"meanNs\": 744000", "\"meanNs\": 1e400", StringComparison.Ordinal));

        var error = Assert.Throws<ResultsFileException>(() => ResultsFileReader.ReadComparable(path));

        Assert.Contains("$.cells[0].meanNs: 1e400 is not a finite number", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("""{"Benchmarks":[1,"x"]}""", "$.Benchmarks[0]: expected an object")]
    [InlineData("""{"Benchmarks":[{"FullName":7}]}""", "$.Benchmarks[0].FullName: expected a string")]
    [InlineData("""{"Benchmarks":[{"Statistics":{"Mean":"NaN"}}]}""", "$.Benchmarks[0].Statistics.Mean: \"NaN\" is not a finite number")]
    [InlineData("""{"Benchmarks":[{"Measurements":[null]}]}""", "$.Benchmarks[0].Measurements[0]: expected an object")]
    [InlineData("""{"Benchmarks":{}}""", "$.Benchmarks: expected an array")]
    [InlineData("""{"Benchmarks":[{"Measurements":[{"IterationMode":"Workload","IterationStage":"Result","Operations":1000,"Nanoseconds":0}]}]}""",
        "$.Benchmarks[0].Measurements[0].Nanoseconds: 0; a timed iteration takes some time")]
    [InlineData("""{"Benchmarks":[{"Measurements":[{"IterationMode":"Workload","IterationStage":"Result","Operations":0,"Nanoseconds":1500}]}]}""",
        "$.Benchmarks[0].Measurements[0].Operations: 0; an iteration runs at least one operation")]
    public void BrokenBenchmarkDotNetExport_IsRefusedWithThePath(string text, string expected)
    {
        var path = Write("bdn-report-full.json", text);

        var error = Assert.Throws<ResultsFileException>(() => ResultsFileReader.ReadComparable(path));

        Assert.Contains("is not a valid BenchmarkDotNet export: " + expected, error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Folder_IsRefused_PointingAtTheResultsFileInside()
    {
        var inside = Write("results.json", SampleFiles.ValidJson());

        var error = Assert.Throws<ResultsFileException>(() => ResultsFileReader.ReadDocument(_directory));

        Assert.Equal($"'{_directory}' is a folder, not a results file; did you mean '{inside}'?", error.Message);
    }

    [Fact]
    public void ResultsFileResavedAsUtf16_IsRefused_SayingToSaveItAsUtf8()
    {
        var path = Path.Combine(_directory, "base.json");
        File.WriteAllText(path, SampleFiles.ValidJson(), System.Text.Encoding.Unicode);

        var error = Assert.Throws<ResultsFileException>(() => ResultsFileReader.ReadComparable(path));

        Assert.Equal($"'{path}' is UTF-16 (little-endian) text; save it as UTF-8.", error.Message);
    }

    [Fact]
    public void ValidDocument_RoundTrips()
    {
        var document = ResultsFileReader.ReadDocument(Write("results.json", SampleFiles.ValidJson()));

        Assert.Equal(5, document.Cells.Count);
    }

    [Fact]
    public void SchemaOneFile_IsRead_WithEveryCellOnTheRuntimeItsEnvironmentNames()
    {
        var schemaOne = SampleFiles.Edited(r =>
        {
            r["schemaVersion"] = 1;
            r["environment"]!["runtime"] = ".NET 9.0.4";
            foreach (var cell in r["cells"]!.AsArray())
            {
                cell!.AsObject().Remove("runtime");
            }
        });

        var document = ResultsFileReader.ReadDocument(Write("schema1.json", schemaOne));

        Assert.Equal(1, document.SchemaVersion);
        Assert.All(document.Cells, c => Assert.Equal("net9.0", c.Runtime));
        Assert.All(document.Cells, c => Assert.Equal("net9.0", c.Key.Runtime));
    }

    [Fact]
    public void CellsOfTwoRuntimes_AreTwoCells()
    {
        var cell = SampleResults.Cell("newtonsoft-string", 1000);

        Assert.NotEqual((cell with { Runtime = "net8.0" }).Key, (cell with { Runtime = "net10.0" }).Key);
        Assert.NotEqual((cell with { Runtime = "net8.0" }).Key, (cell with { Runtime = "net8.0-aot" }).Key);
    }

    /// <summary>A merged file of two runs of <see cref="SampleResults.WebApiWithCrash"/>, after <paramref name="edit"/>.</summary>
    private static string Merged(Action<JsonObject> edit)
    {
        var (first, second) = (SampleResults.WebApiWithCrash(), SampleResults.WebApiWithCrash());
        var later = new ResultsDocument
        {
            Tool = second.Tool, Command = second.Command, Profile = second.Profile, StartedAt = second.StartedAt.AddDays(1), Environment = second.Environment,
            Packages = second.Packages, Cells = second.Cells,
        };
        var root = JsonNode.Parse(ResultsJson.ToJson(ResultsMerger.Merge([new("a.json", first), new("b.json", later)], first.Tool, "serbench merge a.json b.json")))!.AsObject();
        edit(root);
        return root.ToJsonString();
    }

    [Fact]
    public void MergedFile_IsRead_WithEveryCellOnItsSourcesMachine()
    {
        var document = ResultsFileReader.ReadDocument(Write("merged.json", Merged(_ => { })));

        Assert.Equal(2, document.Sources!.Count);
        Assert.Equal(document.Sources.SelectMany(s => Enumerable.Repeat(s.Machine, 5)), document.Cells.Select(c => c.Machine));
    }

    [Theory]
    [InlineData("shared label", "$.sources[1].machine: \"Linux x64 ", "… names an earlier source too")]
    [InlineData("cell without machine", "$.cells[0].machine: missing", "; every cell of a merged file (one with $.sources) names its source's machine")]
    public void BrokenMergedFile_IsRefused(string name, string problemStart, string problemEnd)
    {
        var text = Merged(root =>
        {
            if (name == "shared label")
            {
                root["sources"]![1]!["machine"] = root["sources"]![0]!["machine"]!.GetValue<string>();
            }
            else
            {
                SampleFiles.FirstCell(root).Remove("machine");
            }
        });
        var path = Write(name.Replace(' ', '-') + ".json", text);

        var error = Assert.Throws<ResultsFileException>(() => ResultsFileReader.ReadDocument(path));

        Assert.StartsWith($"'{path}' is not a valid SerBench results file: {problemStart}", error.Message, StringComparison.Ordinal);
        Assert.EndsWith(problemEnd + ".", error.Message, StringComparison.Ordinal);
    }
}
