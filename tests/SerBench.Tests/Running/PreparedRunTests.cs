using System.Runtime.CompilerServices;
using SerBench.AgentBuilds;
using SerBench.Core.Contenders;
using SerBench.Core.Results;
using SerBench.Core.Running;
using SerBench.Results;
using SerBench.Running;

namespace SerBench.Tests.Running;

public sealed class PreparedRunTests : IDisposable
{
    private const string NotRestored = "NU1102: Unable to find package System.Text.Json with version (= 11.0.0)";

    private static readonly IReadOnlyDictionary<RuntimeTarget, AgentBuild> NoRuntimes = new Dictionary<RuntimeTarget, AgentBuild>();

    private readonly string _directory = Directory.CreateTempSubdirectory("serbench-agents-").FullName;

    public void Dispose() => Directory.Delete(_directory, recursive: true);

    private static AgentBuild Build(string key, string? failure = null, bool reused = false, double seconds = 3) => new()
    {
        Key = key, BuiltAt = DateTimeOffset.UnixEpoch, BuildSeconds = seconds, Packs = [], Reused = reused, RuntimeFailure = failure,
        AgentAssembly = failure is null ? "agent.dll" : null,
    };

    private static VersionAgent Version(PlannedRun planned, string name, AgentBuild build, string? failure, string? restored = null)
    {
        var versioned = planned.Plan.Select(p => p.Contender).OfType<VersionedContender>().First(v => v.Name == name);
        return new VersionAgent(new VersionedContender(versioned.Inner, versioned.Version) { RestoredVersion = restored ?? versioned.Version }, build, failure);
    }

    private static PreparedRun WithVersions(PlannedRun planned, params VersionAgent[] versions) =>
        PreparedRun.Of(planned, null, NoRuntimes, versions.ToDictionary(v => v.Contender.Name, StringComparer.OrdinalIgnoreCase));

    [Fact]
    public void VersionAgents_AreRecordedPerContender_AndReadBackByTheResultsReader()
    {
        // Issue 44 item 18: a run of name@version contenders only wrote no agent at all.
        var planned = RunOptionsParser.Plan(new RunOptions { Study = "web-api", Contenders = "newtonsoft-string@13.0.3,stj-reflection-utf8@11.0.0", Profile = "smoke" });
        var run = WithVersions(planned, Version(planned, "newtonsoft-string@13.0.3", Build("built-key", reused: true, seconds: 41.5), null),
            Version(planned, "stj-reflection-utf8@11.0.0", Build("failed-key"), NotRestored));
        var document = SampleResults.WebApiWithCrash();

        document.VersionAgents = run.VersionRecords;
        var path = Path.Combine(_directory, "results.json");
        File.WriteAllText(path, ResultsJson.ToJson(document));
        var read = ResultsFileReader.ReadDocument(path).VersionAgents!;

        Assert.Equal(["newtonsoft-string@13.0.3", "stj-reflection-utf8@11.0.0"], read.Keys);
        Assert.Equal(new VersionAgentRecord("Newtonsoft.Json", "13.0.3", "built-key", Built: true, Reused: true, 41.5, Failure: null), read["newtonsoft-string@13.0.3"]);
        Assert.Equal(new VersionAgentRecord("System.Text.Json", "11.0.0", "failed-key", Built: false, Reused: false, 3, NotRestored), read["stj-reflection-utf8@11.0.0"]);
    }

    [Fact]
    public void APacksContender_CarriesWhatItsBuildFound_AsOneInstanceForAllItsCases()
    {
        // Cases go to a measuring process by their contender: one instance per case sent each case alone, and crashed the run.
        var planned = RunOptionsParser.Plan(new RunOptions { Study = "web-api", Contenders = "newtonsoft-string,stj-reflection-utf8", Profile = "smoke" });
        var pack = planned.Plan.Select(p => p.Contender).OfType<SerBench.Core.Packs.PackContender>().First().Pack;
        var outcomes = new Dictionary<SerBench.Core.Packs.Pack, SerBench.Core.Packs.PackOutcome> { [pack] = SerBench.Core.Packs.PackOutcome.Unavailable("NU1101: not served") };

        var run = PreparedRun.Of(planned, Build("k"), NoRuntimes, new Dictionary<string, VersionAgent>(), outcomes);

        var newtonsoft = run.Plan.Where(p => p.Contender.Name == "newtonsoft-string").ToList();
        Assert.True(newtonsoft.Count > 1);
        Assert.Single(newtonsoft.Select(p => p.Contender).Distinct());
        Assert.All(newtonsoft, p => Assert.Equal("NU1101: not served", p.UnavailableReason));
        Assert.All(run.Plan.Where(p => p.Contender.Name == "stj-reflection-utf8"), p => Assert.Null(p.UnavailableReason));
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
        var planned = RunOptionsParser.Plan(new RunOptions { Study = "web-api", Contenders = "stj-sourcegen-utf8", Profile = "smoke" });

        Assert.Null(WithVersions(planned).VersionRecords);
    }

    [Fact]
    public void FailedVersionAgent_MakesItsCasesUnavailableWithTheReason_AndLeavesItsLibraryOutOfThePackages()
    {
        var planned = RunOptionsParser.Plan(new RunOptions { Study = "web-api", Contenders = "newtonsoft-string@13.0.3,stj-reflection-utf8@11.0.0", Profile = "smoke" });

        var run = WithVersions(planned, Version(planned, "newtonsoft-string@13.0.3", Build("built-key"), null, restored: "13.0.3-restored"),
            Version(planned, "stj-reflection-utf8@11.0.0", Build("failed-key"), NotRestored));

        Assert.Equal(planned.Plan.Count, run.Plan.Count);
        Assert.All(run.Plan.Where(p => p.Contender.Name == "stj-reflection-utf8@11.0.0"), p =>
        {
            Assert.Equal(NotRestored, p.UnavailableReason);
            Assert.False(p.NeedsChildProcess);
        });
        Assert.All(run.Plan.Where(p => p.Contender.Name == "newtonsoft-string@13.0.3"), p =>
        {
            Assert.Null(p.UnavailableReason);
            Assert.True(p.NeedsChildProcess);
            Assert.Equal("13.0.3-restored", p.Contender.LibraryVersion);
        });
        // The contenders the parser made are not changed: the prepared run holds its own.
        Assert.All(planned.Plan, p => Assert.Null(p.UnavailableReason));
        Assert.All(planned.Plan, p => Assert.Equal(((VersionedContender)p.Contender).Version, p.Contender.LibraryVersion));
        var packages = ResultsHeader.NewDocument(run.Request, run.Plan, "serbench run", DateTimeOffset.UnixEpoch).Packages;
        Assert.Equal("13.0.3-restored", packages["Newtonsoft.Json"]);
        Assert.False(packages.ContainsKey("System.Text.Json"));
    }

    [Fact]
    public void FailedRuntimeAgent_MakesThatRuntimesCasesUnavailableWithTheReason_AndNoOthers()
    {
        var planned = RunOptionsParser.Plan(new RunOptions
        {
            Study = "web-api", Contenders = "stj-sourcegen-utf8", Payloads = "person", Shapes = "object", Runtimes = $"net8.0,{RuntimeTarget.Current.Name}", Profile = "smoke",
        });
        var net8 = RuntimesOption.Parse("net8.0");

        var run = PreparedRun.Of(planned, null, new Dictionary<RuntimeTarget, AgentBuild> { [net8] = Build("net8-key", "NETSDK1084: no runtime pack for net8.0") },
            new Dictionary<string, VersionAgent>());

        Assert.Equal("NETSDK1084: no runtime pack for net8.0", Assert.Single(run.Plan, p => p.Runtime == net8).UnavailableReason);
        Assert.Null(Assert.Single(run.Plan, p => p.Runtime.IsCurrent).UnavailableReason);
        Assert.False(Assert.Single(run.RuntimeRecords!.Values).Built);
    }

    [Fact]
    public void UnbuiltModelsAgent_MakesTheDataCasesUnavailableWithTheReason()
    {
        var data = Path.Combine(_directory, "order.json");
        File.WriteAllText(data, """{"id": 1, "items": [{"sku": "a", "price": 2.5}]}""");
        var planned = RunOptionsParser.Plan(new RunOptions { Data = [data], Study = "data-typed", Profile = "smoke" });

        var failed = PreparedRun.Of(planned, Build("models-key", "CS1002: ; expected"), NoRuntimes, new Dictionary<string, VersionAgent>());
        var none = PreparedRun.Of(planned, null, NoRuntimes, new Dictionary<string, VersionAgent>());

        Assert.All(failed.Plan, p => Assert.Equal("CS1002: ; expected", p.UnavailableReason));
        Assert.All(none.Plan, p => Assert.Equal("the measuring agent that holds the models of your documents was not built", p.UnavailableReason));
    }

    [Theory]
    [InlineData("verify", "--study", "web-api", "--contenders", "stj-sourcegen-utf8", "--payloads", "person")]
    [InlineData("first-call", "--study", "web-api", "--contenders", "stj-sourcegen-utf8", "--payloads", "person", "--launches", "1", "--out")]
    [InlineData("run", "--study", "web-api", "--contenders", "stj-sourcegen-utf8", "--payloads", "person", "--shapes", "object", "--ops", "serialize", "--profile", "smoke", "--out")]
    public void Command_BuildsThePlanOnce(params string[] arguments)
    {
        var plans = RunPlan.Builds.Value = new StrongBox<int>();
        string[] args = arguments[^1] == "--out" ? [.. arguments, Path.Combine(_directory, "out")] : arguments;

        var (exitCode, output, error) = CliTester.RunWithoutChartImages(args);

        Assert.True(exitCode == 0, error + output);
        Assert.Equal(1, plans.Value);
    }
}
