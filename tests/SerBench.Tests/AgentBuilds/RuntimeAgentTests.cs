using System.Text.Json;
using SerBench.Core.Running;

namespace SerBench.Tests.AgentBuilds;

/// <summary>
/// One smoke run of a study on a second runtime (net8.0) beside SerBench's own: the net8.0 agent is published
/// self-contained from NuGet's runtime packs, measures its cells and first calls, and the report compares the two runtimes.
/// </summary>
public sealed class SecondRuntimeRun : IDisposable
{
    private readonly TempDirectory _temp = new();

    public SecondRuntimeRun()
    {
        Directory = _temp.File("net8-and-own");
        (ExitCode, Output, Error) = CliTester.RunWithoutChartImages("run", "--study", "web-api", "--payloads", "person", "--shapes", "object",
            "--contenders", "newtonsoft-string,stj-sourcegen-utf8,stj-reflection-utf8", "--runtimes", $"net8.0,{RuntimeTarget.Current.Name}",
            "--profile", "smoke", "--first-call", "on", "--out", Directory);
        var path = Path.Combine(Directory, "results.json");
        Assert.True(File.Exists(path), $"exit {ExitCode}; {Error}\n{Output}");
        Results = JsonDocument.Parse(File.ReadAllBytes(path));
    }

    public string Directory { get; }

    public int ExitCode { get; }

    public string Output { get; }

    public string Error { get; }

    public JsonDocument Results { get; }

    public void Dispose()
    {
        Results.Dispose();
        _temp.Dispose();
    }
}

[Collection(AgentBuildCollection.Name)]
[Trait("Category", "Slow")]
public class RuntimeAgentTests(SecondRuntimeRun run) : IClassFixture<SecondRuntimeRun>
{
    private IEnumerable<JsonElement> Cells(string runtime) =>
        run.Results.RootElement.GetProperty("cells").EnumerateArray().Where(c => c.GetProperty("runtime").GetString() == runtime);

    [Fact]
    public void Net8Agent_MeasuresEveryCell_OnNet8()
    {
        var cells = Cells("net8.0").Where(c => c.GetProperty("operation").GetString() != "first-call").ToList();

        Assert.True(run.ExitCode == 0, run.Error + run.Output);
        Assert.Equal(6, cells.Count);
        Assert.All(cells, cell =>
        {
            Assert.Equal("OK", cell.GetProperty("status").GetString());
            Assert.True(cell.GetProperty("meanNs").GetDouble() > 0);
            Assert.StartsWith("8.0.", cell.GetProperty("runtimeVersion").GetString(), StringComparison.Ordinal);
        });
        // System.Text.Json is the one in the net8.0 runtime, not the one SerBench was built with.
        Assert.All(cells.Where(c => c.GetProperty("library").GetString() == "System.Text.Json"),
            cell => Assert.StartsWith("8.0.", cell.GetProperty("libraryVersion").GetString(), StringComparison.Ordinal));
    }

    [Fact]
    public void FirstCalls_AreTimedInFreshProcesses_OnEachRuntime()
    {
        foreach (var runtime in new[] { "net8.0", RuntimeTarget.Current.Name })
        {
            var firstCalls = Cells(runtime).Where(c => c.GetProperty("operation").GetString() == "first-call").ToList();
            Assert.Equal(3, firstCalls.Count);
            Assert.All(firstCalls, cell =>
            {
                Assert.Equal("OK", cell.GetProperty("status").GetString());
                Assert.Equal(3, cell.GetProperty("roundsNs").GetArrayLength());
                Assert.True(cell.GetProperty("firstCall").GetProperty("serializeMicroseconds").GetDouble() > 0);
                Assert.StartsWith(runtime == "net8.0" ? "8.0." : Environment.Version.ToString(), cell.GetProperty("runtimeVersion").GetString(), StringComparison.Ordinal);
            });
        }
    }

    [Fact]
    public void OwnRuntime_IsMeasuredToo_AndTheAgentIsRecorded()
    {
        Assert.Equal(9, Cells(RuntimeTarget.Current.Name).Count(c => c.GetProperty("status").GetString() == "OK"));
        var agent = run.Results.RootElement.GetProperty("runtimeAgents").GetProperty("net8.0");
        Assert.True(agent.GetProperty("built").GetBoolean());
        Assert.Equal("jit", agent.GetProperty("compilation").GetString());
        Assert.StartsWith("8.0.", agent.GetProperty("runtimeVersion").GetString(), StringComparison.Ordinal);
    }

    [Fact]
    public void Report_RanksEachRuntimeApart_AndComparesThem()
    {
        var markdown = File.ReadAllText(Path.Combine(run.Directory, "report.md"));

        Assert.Contains("## web-api · net8.0", markdown, StringComparison.Ordinal);
        Assert.Contains($"## web-api · {RuntimeTarget.Current.Name}", markdown, StringComparison.Ordinal);
        Assert.Contains("## web-api across runtimes", markdown, StringComparison.Ordinal);
        Assert.Contains($"{RuntimeTarget.Current.Name} against net8.0", markdown, StringComparison.Ordinal);
    }
}

/// <summary>A runtime whose packs no source serves: its cells are UNAVAILABLE with NuGet's own message, and the run goes on.</summary>
[Collection(AgentBuildCollection.Name)]
[Trait("Category", "Slow")]
public class UnrestorableRuntimeTests
{
    [Fact]
    public void RuntimeWhosePacksCannotBeRestored_IsUnavailable_WithTheRestoreMessage()
    {
        using var temp = new TempDirectory();
        // A NuGet configuration with no source and an empty global packages folder: nothing can be restored from here.
        File.WriteAllText(temp.File("nuget.config"), "<configuration><packageSources><clear /></packageSources></configuration>");
        var environment = new Dictionary<string, string> { ["NUGET_PACKAGES"] = temp.File("no-packages"), ["SERBENCH_CACHE"] = temp.File("cache") };
        var (program, prefix) = SerBench.Cli.SelfProcess.SelfCommand();

        ToolProcess.Run(temp.Path, environment, program, [.. prefix, "run", "--study", "web-api", "--contenders", "stj-sourcegen-utf8", "--payloads", "person",
            "--shapes", "object", "--runtimes", $"net8.0,{RuntimeTarget.Current.Name}", "--profile", "smoke", "--out", temp.File("out")]);

        using var results = JsonDocument.Parse(File.ReadAllBytes(temp.File("out/results.json")));
        var cells = results.RootElement.GetProperty("cells").EnumerateArray().ToList();
        Assert.All(cells.Where(c => c.GetProperty("runtime").GetString() == "net8.0"), cell =>
        {
            Assert.Equal("UNAVAILABLE", cell.GetProperty("status").GetString());
            var reason = cell.GetProperty("reason").GetString()!;
            Assert.StartsWith("the net8.0 agent could not be built: restore failed: NU", reason, StringComparison.Ordinal);
        });
        // SerBench's own runtime needs no restore for a built-in contender: those cells are measured.
        Assert.All(cells.Where(c => c.GetProperty("runtime").GetString() == RuntimeTarget.Current.Name),
            cell => Assert.Equal("OK", cell.GetProperty("status").GetString()));
        var agent = results.RootElement.GetProperty("runtimeAgents").GetProperty("net8.0");
        Assert.False(agent.GetProperty("built").GetBoolean());
        Assert.StartsWith("the net8.0 agent could not be built", agent.GetProperty("failure").GetString(), StringComparison.Ordinal);
    }
}
