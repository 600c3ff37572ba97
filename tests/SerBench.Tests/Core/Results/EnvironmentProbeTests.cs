using SerBench.Core.Results;

namespace SerBench.Tests.Core.Results;

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
        var knobs = KnobsWith(("DOTNET_SerBenchTestKnob", "7"), ("DOTNET_CLI_SerBenchTest", "1"));

        Assert.Equal("7", knobs["env:DOTNET_SerBenchTestKnob"]);
        Assert.DoesNotContain("env:DOTNET_CLI_SerBenchTest", knobs.Keys);
    }

    [Fact]
    public void ATracersPort_IsNoKnob_ForNoChildGetsIt()
    {
        // Checked by name, not set here: a build started meanwhile by another test would wait for the tracer.
        Assert.False(EnvironmentProbe.ChangesTheMeasurement("env:DOTNET_DiagnosticPorts"));
        Assert.False(EnvironmentProbe.ChangesTheMeasurement("env:DOTNET_DefaultDiagnosticPortSuspend"));
        Assert.True(EnvironmentProbe.ChangesTheMeasurement("env:DOTNET_TieredPGO"));
    }

    [Fact]
    public void Knobs_IncludeSerBenchsDiagnostics_ButNotItsOtherSettings()
    {
        var knobs = KnobsWith(("SERBENCH_CACHE", "/tmp/serbench-knob-test"), ("SERBENCH_DIAGNOSTIC_SLOWDOWN", "stj-sourcegen-utf8=1.5"));

        Assert.Equal("stj-sourcegen-utf8=1.5", knobs["env:SERBENCH_DIAGNOSTIC_SLOWDOWN"]);
        Assert.DoesNotContain("env:SERBENCH_CACHE", knobs.Keys);
    }

    /// <summary>The knobs recorded while the variables are set; each is given back its earlier value.</summary>
    private static SortedDictionary<string, string> KnobsWith(params (string Name, string Value)[] variables)
    {
        var earlier = variables.Select(v => (v.Name, Value: Environment.GetEnvironmentVariable(v.Name))).ToList();
        try
        {
            foreach (var (name, value) in variables)
            {
                Environment.SetEnvironmentVariable(name, value);
            }

            return EnvironmentProbe.Knobs();
        }
        finally
        {
            foreach (var (name, value) in earlier)
            {
                Environment.SetEnvironmentVariable(name, value);
            }
        }
    }
}
