using SerBench.Results;

namespace SerBench.Tests.Results;

[Collection(SerialCollection.Name)]
public sealed class EnvironmentProbeTests
{
    [Fact]
    public void Knobs_RecordTheListedKnobsWithTheirSource()
    {
        var knobs = EnvironmentProbe.Knobs();

        foreach (var name in new[] { "globalization", "gc", "tieredCompilation", "tieredPgo", "readyToRun" })
        {
            Assert.True(knobs.ContainsKey(name), $"knob {name} missing");
        }

        Assert.Matches("^(ICU|NLS|invariant) \\(", knobs["globalization"]);
        Assert.Matches("^(workstation|server), (non-)?concurrent$", knobs["gc"]);
    }

    [Fact]
    public void Knobs_IncludeRuntimeVariablesButNotTheSdksOwn()
    {
        Environment.SetEnvironmentVariable("DOTNET_SerBenchTestKnob", "7");
        Environment.SetEnvironmentVariable("DOTNET_CLI_SerBenchTest", "1");
        try
        {
            var knobs = EnvironmentProbe.Knobs();

            Assert.Equal("7", knobs["env:DOTNET_SerBenchTestKnob"]);
            Assert.DoesNotContain("env:DOTNET_CLI_SerBenchTest", knobs.Keys);
        }
        finally
        {
            Environment.SetEnvironmentVariable("DOTNET_SerBenchTestKnob", null);
            Environment.SetEnvironmentVariable("DOTNET_CLI_SerBenchTest", null);
        }
    }
}
