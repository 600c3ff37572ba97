using SerBench.AgentBuilds;
using SerBench.Core.Packs;
using SerBench.Core.Running;

namespace SerBench.Tests.AgentBuilds;

/// <summary>
/// A restore, build or publish that runs past its time limit (a Native AOT publish on a busy machine) would run past it
/// again: it is reported once, with the command and the time, and never retried pack by pack or with SerBench alone.
/// The limit here is a millisecond, so the first step is stopped at once and nothing is built.
/// </summary>
public class AgentTimeoutTests
{
    private static readonly TimeSpan Instant = TimeSpan.FromMilliseconds(1);

    [Fact]
    public void OnSerBenchsRuntime_EveryPackFailsWithTheStoppedStep_AfterOneStep()
    {
        using var cache = new TempDirectory();
        // A fresh load: the build sets the outcome on the packs it is given.
        var packs = PackCatalog.LoadFolder(Path.Combine(AppContext.BaseDirectory, PackCatalog.BuiltInFolder), PackOrigin.BuiltIn);

        var build = new AgentBuilder(cacheDirectory: cache.Path, stepTimeout: Instant).Ensure(packs);

        Assert.Single(build.Steps);
        Assert.Null(build.AgentAssembly);
        Assert.All(build.Packs, pack => Assert.Equal("error SB0001: 'dotnet restore serbench-agent.csproj' did not finish within 0.001 s and was stopped", pack.Message));
    }

    [Fact]
    public void OnAnotherRuntime_TheAgentFailsOnce_NamingTheCommandAndTheTime()
    {
        using var cache = new TempDirectory();
        var packs = PackCatalog.LoadFolder(Path.Combine(AppContext.BaseDirectory, PackCatalog.BuiltInFolder), PackOrigin.BuiltIn);

        var build = new AgentBuilder(cacheDirectory: cache.Path, runtime: RuntimeTarget.TryParse("net8.0-aot"), stepTimeout: Instant).Ensure(packs);

        Assert.Single(build.Steps);
        Assert.Equal("the net8.0-aot agent could not be built: error SB0001: 'dotnet restore serbench-agent.csproj' did not finish within 0.001 s and was stopped",
            build.RuntimeFailure);
    }
}
