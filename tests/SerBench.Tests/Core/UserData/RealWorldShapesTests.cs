using System.Text;
using System.Text.Json;
using SerBench.Core.Running;
using SerBench.Core.UserData;
using SerBench.Core.Verification;
using SerBench.Running;

namespace SerBench.Tests.Core.UserData;

/// <summary>
/// The hand-written documents in Documents/, each in the shape of a document parser benchmarks use (a catalogue keyed by
/// ids, accounts keyed by names, GeoJSON, a timeline of escaped text) or of a record that must stay a class.
/// </summary>
public class RealWorldShapesTests
{
    private static readonly string Folder = Path.Combine(AppContext.BaseDirectory, "Core", "UserData", "Documents");

    private static JsonData Document(string file) => new(file, File.ReadAllBytes(Path.Combine(Folder, file)));

    private static InferredModel Infer(string file, MapChoices? choices = null) => ModelInference.Infer("fixture", [Document(file)], choices);

    private static string TypeAt(InferredModel model, string className, string jsonName) =>
        model.Classes.Single(c => c.Name == className).Members.Single(m => m.JsonName == jsonName).CSharpType;

    [Theory]
    [InlineData("catalogue-by-id.json", "events", "Dictionary<string, Event>")]
    [InlineData("catalogue-by-id.json", "areaNames", "Dictionary<string, string>")]
    [InlineData("catalogue-by-id.json", "audienceSubCategoryNames", "Dictionary<string, string>")]
    [InlineData("accounts-by-name.json", "accounts", "Dictionary<string, Account>")]
    public void ObjectKeyedByData_IsADictionary_AndModelCsSaysWhy(string file, string member, string expected)
    {
        var model = Infer(file);

        Assert.Equal(expected, TypeAt(model, "Root", member));
        Assert.Contains(model.Notes, n => n.StartsWith($"$.{member}: read as a map, {expected}: its ", StringComparison.Ordinal));
        Assert.Contains($"// - $.{member}: read as a map", ModelSourceWriter.Write(model, "Fixture"), StringComparison.Ordinal);
    }

    [Fact]
    public void CatalogueKeyedByIds_IsAFewClasses_NotOnePropertyPerId()
    {
        var model = Infer("catalogue-by-id.json");

        Assert.Equal(["Root", "Event", "Performance", "Price", "SeatCategory", "Area", "VenueNames"], model.Classes.Select(c => c.Name));
        Assert.DoesNotContain(model.Classes.SelectMany(c => c.Members), m => char.IsAsciiDigit(m.JsonName[0]));
    }

    [Fact]
    public void RecordsWithTenDistinctPropertyNames_StayClasses()
    {
        var model = Infer("settings-record.json");

        // Ten string properties, and ten object properties of ten different shapes: names, not data.
        Assert.Equal("Profile", TypeAt(model, "Root", "profile"));
        Assert.Equal("Settings", TypeAt(model, "Root", "settings"));
        Assert.Equal(10, model.Classes.Single(c => c.Name == "Profile").Members.Count);
        Assert.Equal(10, model.Classes.Single(c => c.Name == "Settings").Members.Count);
        Assert.DoesNotContain(model.Notes, n => n.Contains("read as a map", StringComparison.Ordinal));
    }

    [Fact]
    public void GeoJson_NumberArrays_AreNestedListsOfDouble()
    {
        var model = Infer("geojson-polygons.json");

        Assert.Equal("List<List<List<double>>>", TypeAt(model, "Geometry", "coordinates"));
    }

    [Fact]
    public void EscapedText_KeepsItsMembers_AndItsIdsAsLong()
    {
        var model = Infer("timeline-escaped.json");

        Assert.Equal("List<Status>", TypeAt(model, "Root", "statuses"));
        Assert.Equal("long", TypeAt(model, "Status", "id"));
        Assert.Equal("string", TypeAt(model, "Status", "text"));
    }

    [Fact]
    public void NoMap_ReadsADetectedMapAsAClass_AndMap_ReadsANamedObjectAsAMap()
    {
        var noMap = Infer("accounts-by-name.json", new MapChoices(new HashSet<string>(), new HashSet<string> { "$.accounts" }));
        var map = Infer("settings-record.json", new MapChoices(new HashSet<string> { "$.profile" }, new HashSet<string>()));

        Assert.Equal("Accounts", TypeAt(noMap, "Root", "accounts"));
        Assert.Equal("Dictionary<string, string>", TypeAt(map, "Root", "profile"));
        Assert.Contains("$.profile: read as a map, Dictionary<string, string>: you asked for it (--map)", map.Notes);
    }

    [Theory]
    [InlineData("catalogue-by-id.json")]
    [InlineData("accounts-by-name.json")]
    [InlineData("geojson-polygons.json")]
    [InlineData("timeline-escaped.json")]
    [InlineData("settings-record.json")]
    public void EveryFixture_RoundTripsThroughItsCompiledModel_WithoutADataChange(string file)
    {
        var name = "fixture-" + Path.GetFileNameWithoutExtension(file);
        var document = Document(file);
        var source = ModelSourceWriter.Write(ModelInference.Infer(name, [document]), InferredDataModel.Namespace(name));
        var (assembly, problems) = ModelCompiler.Compile(source, name);
        Assert.True(problems.Count == 0 && assembly is not null, string.Join('\n', problems));
        var model = UserModels.Find(name)!;

        var value = JsonSerializer.Deserialize(document.Utf8, model.RootType, model.Context);
        var written = JsonSerializer.SerializeToUtf8Bytes(value, model.RootType, model.Context);

        Assert.Null(JsonTextComparer.FirstChange(document.Utf8, written) is { Kind: JsonChangeKind.Data } change ? change.ToString() : null);
    }

    [Fact]
    public void FolderOfDocumentsOfDifferentShapes_IsOneCasePerDocument_EachWithAModelOfItsOwn()
    {
        using var temp = new TempDirectory();
        foreach (var file in Directory.GetFiles(Folder, "*.json"))
        {
            File.Copy(file, temp.File(Path.GetFileName(file)));
        }

        var request = RunOptionsParser.Parse(new RunOptions { Data = [temp.Path] });

        Assert.Equal(["data", "data-typed"], request.Studies.Select(s => s.Name));
        Assert.Equal(
            ["accounts-by-name.json (2.7 KB)", "catalogue-by-id.json (5.0 KB)", "geojson-polygons.json (767 B)", "settings-record.json (908 B)", "timeline-escaped.json (1.5 KB)"],
            request.Studies[0].Workloads.Select(w => w.Payload.Name));
        Assert.All(request.Studies[0].Workloads, w => Assert.Equal((SerBench.Core.Payloads.Shape.Object, 1), (w.Shape, w.Count)));
        Assert.Equal(["accounts-by-name", "catalogue-by-id", "geojson-polygons", "settings-record", "timeline-escaped"],
            request.Studies[1].ModelSources.Keys.Order(StringComparer.Ordinal));
    }

    [Theory]
    [InlineData(null, 1)]
    [InlineData("shape", 1)]
    [InlineData("document", 12)]
    public void ManySmallDocumentsOfOneShape_AreOneCaseOfNCalls_UnlessAskedOtherwise(string? rule, int cases)
    {
        using var temp = new TempDirectory();
        Directory.CreateDirectory(temp.File("responses"));
        for (var i = 0; i < 12; i++)
        {
            File.WriteAllText(temp.File($"responses/{i:00}.json"), $$$"""{"data":[{"id":{{{i}}},"name":"n{{{i}}}"}],"meta":{"page":{{{i}}}}}""");
        }

        var request = RunOptionsParser.Parse(new RunOptions { Data = [temp.File("responses")], Cases = rule });

        var workloads = request.Studies[0].Workloads;
        Assert.Equal(cases, workloads.Count);
        Assert.Equal(12, workloads.Sum(w => w.CellCount));
        Assert.Single(request.Studies[1].ModelSources);
        if (cases == 1)
        {
            Assert.Equal(("responses (12 files, 594 B)", SerBench.Core.Payloads.Shape.Many), (workloads[0].Payload.Name, workloads[0].Shape));
        }
    }

    [Theory]
    [InlineData("--map", "$.acounts", "matches nothing in your documents")]
    [InlineData("--map", "$.accounts.*.groups", "points at an array in model accounts-by-name")]
    [InlineData("--no-map", "$.version", "points at a value in model accounts-by-name")]
    [InlineData("--map", "accounts", "give a JSON path from the root")]
    public void MapPathThatIsNotAnObject_IsOneLine(string option, string path, string expected)
    {
        using var temp = new TempDirectory();
        File.Copy(Path.Combine(Folder, "accounts-by-name.json"), temp.File("accounts-by-name.json"));
        var options = new RunOptions { Data = [temp.File("accounts-by-name.json")] };

        var error = Assert.Throws<UsageException>(() => RunOptionsParser.Parse(option == "--map" ? options with { Maps = [path] } : options with { NoMaps = [path] }));

        Assert.Contains(expected, error.Message, StringComparison.Ordinal);
        Assert.DoesNotContain('\n', error.Message);
    }

    [Fact]
    public void ModelOverFiveHundredClasses_IsRefusedInOneLine_NamingTheDocumentAndWhatWouldHelp()
    {
        // 600 keys that are names, each an object of a shape of its own: no map by the rule, 601 classes.
        var members = string.Join(",", Enumerable.Range(0, 600).Select(i => $"\"k{i}\":{{\"f{i}\":{i}}}"));
        var document = new JsonData("wide.json", Encoding.UTF8.GetBytes($"{{\"things\":{{{members}}}}}"));

        var model = InferredDataModel.For("wide", [document]);

        Assert.Null(model.Source);
        Assert.StartsWith("wide.json: the model would have 602 classes, over 500; if the 600 keys of $.things are data, --map '$.things' reads it as a map; or give a smaller sample",
            model.Reason, StringComparison.Ordinal);
    }
}
