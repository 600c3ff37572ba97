using SerBench.AgentBuilds;
using SerBench.Cli;
using SerBench.Core.Contenders;
using SerBench.Core.Results;
using SerBench.Core.Running;
using SerBench.Results;
using SerBench.Running;

namespace SerBench.Tests.Cli;

public sealed class AgentPreparationTests : IDisposable
{
    private readonly string _directory = Directory.CreateTempSubdirectory("serbench-agents-").FullName;

    public void Dispose() => Directory.Delete(_directory, recursive: true);

    [Fact]
    public void VersionAgents_AreRecordedPerContender_AndReadBackByTheResultsReader()
    {
        // Issue 44 item 18: a run of name@version contenders only wrote no agent at all.
        var request = RunOptionsParser.Parse(new RunOptions { Study = "web-api", Contenders = "newtonsoft-string@13.0.3,stj-reflection-utf8@11.0.0", Profile = "smoke" });
        var plan = RunPlan.Create(request);
        var versioned = request.Contenders!.OfType<VersionedContender>().ToList();
        versioned[1].BuildFailure = "NU1102: Unable to find package System.Text.Json with version (= 11.0.0)";
        var agents = new Dictionary<string, AgentBuild>(StringComparer.OrdinalIgnoreCase)
        {
            [versioned[0].Name] = new() { Key = "built-key", BuiltAt = DateTimeOffset.UnixEpoch, BuildSeconds = 41.5, Packs = [], Reused = true },
            [versioned[1].Name] = new() { Key = "failed-key", BuiltAt = DateTimeOffset.UnixEpoch, BuildSeconds = 3, Packs = [] },
        };
        var document = SampleResults.WebApiWithCrash();

        document.VersionAgents = AgentPreparation.VersionRecords(plan, agents);
        var path = Path.Combine(_directory, "results.json");
        File.WriteAllText(path, ResultsJson.ToJson(document));
        var read = ResultsFileReader.ReadDocument(path).VersionAgents!;

        Assert.Equal(["newtonsoft-string@13.0.3", "stj-reflection-utf8@11.0.0"], read.Keys);
        Assert.Equal(new VersionAgentRecord("Newtonsoft.Json", "13.0.3", "built-key", Built: true, Reused: true, 41.5, Failure: null), read["newtonsoft-string@13.0.3"]);
        Assert.Equal(new VersionAgentRecord("System.Text.Json", "11.0.0", "failed-key", Built: false, Reused: false, 3, versioned[1].BuildFailure),
            read["stj-reflection-utf8@11.0.0"]);
    }

    [Fact]
    public void VersionAgentWithoutItsKey_IsRefusedByTheResultsReader_WithThePath()
    {
        var document = SampleResults.WebApiWithCrash();
        document.VersionAgents = new(StringComparer.Ordinal) { ["newtonsoft-string@13.0.3"] = new("Newtonsoft.Json", "13.0.3", "k", true, false, 40, null) };
        var path = Path.Combine(_directory, "results.json");
        File.WriteAllText(path, ResultsJson.ToJson(document).Replace("\"key\": \"k\",", "", StringComparison.Ordinal));

        var error = Assert.Throws<ResultsFileException>(() => ResultsFileReader.ReadDocument(path));

        Assert.Contains("$.versionAgents[\"newtonsoft-string@13.0.3\"].key: required field is missing", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void RunWithoutVersions_RecordsNoVersionAgents()
    {
        Assert.Null(AgentPreparation.VersionRecords([], new Dictionary<string, AgentBuild>()));
    }
}
