using SerBench.Core.Running;
using SerBench.Running;

namespace SerBench.Tests.Running;

/// <summary>A user's pack joins the studies that already measure its format, in the section of that format.</summary>
public sealed class StudyAdmissionTests : IDisposable
{
    private readonly TempDirectory _folder = new();

    /// <summary>The options of a run with one user pack of these contenders.</summary>
    private RunOptions UserPack(params (string Name, string Format)[] contenders)
    {
        File.WriteAllText(_folder.File("pack.json"), System.Text.Json.JsonSerializer.Serialize(new
        {
            library = "Acme",
            contenders = contenders.Select(c => new { name = c.Name, format = c.Format, textMode = "utf8", generation = "reflection" }),
        }));
        return new RunOptions { Packs = [_folder.Path] };
    }

    public void Dispose() => _folder.Dispose();

    [Fact]
    public void JsonContender_JoinsTheJsonStudies_AndTheJsonSectionOfShootout()
    {
        var request = RunOptionsParser.Parse(UserPack(("acme-json", "json")));

        Assert.All(request.Studies, study => Assert.Contains("acme-json", study.Contenders));
        var shootout = request.Studies.Single(s => s.Name == "shootout");
        Assert.Contains("acme-json", shootout.Sections.Single(s => s.Title == "JSON").Contenders);
        Assert.DoesNotContain("acme-json", shootout.Sections.Single(s => s.Title != "JSON").Contenders);
    }

    [Fact]
    public void BinaryContender_JoinsOnlyStudiesThatMeasureBinaryFormats()
    {
        var request = RunOptionsParser.Parse(UserPack(("acme-binary", "binary")));

        var joined = request.Studies.Where(s => s.Contenders.Contains("acme-binary")).Select(s => s.Name).Order().ToList();
        Assert.Equal(["json-vs-binary", "shootout"], joined);
        var shootout = request.Studies.Single(s => s.Name == "shootout");
        Assert.Contains("acme-binary", shootout.Sections.Single(s => s.Title != "JSON").Contenders);
        Assert.Contains(RunPlan.Create(request), p => p.Contender.Name == "acme-binary" && p.Study.Name == "json-vs-binary");
    }
}
