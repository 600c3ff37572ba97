using SerBench.Running;
using SerBench.Agents;
using SerBench.Core.Agents;
using SerBench.Core.Contenders;
using SerBench.Core.Measurement;
using SerBench.Core.Results;
using SerBench.Core.Running;
using SerBench.Core.Studies;

namespace SerBench.Tests.Agents;

/// <summary>Measuring processes start with the call-counting delay off and a higher call-count threshold; first-call processes keep the runtime's defaults, and results.json says which.</summary>
[Collection(SerialCollection.Name)]
public sealed class MeasuringKnobsTests : IDisposable
{
    private const string Delay = "DOTNET_TC_CallCountingDelayMs";
    private readonly string? _earlier = Environment.GetEnvironmentVariable(Delay);
    private readonly string _folder = Directory.CreateTempSubdirectory("serbench-knobs-").FullName;

    private static readonly IReadOnlyList<PlannedCase> Plan = RunPlan.Create(new RunRequest
    {
        Studies = [StudyRegistry.All.Single(s => s.Name == "web-api")],
        Contenders = [ContenderRegistry.Find("stj-reflection-string")!],
        Operations = [Operation.Serialize],
    });

    public MeasuringKnobsTests() => Environment.SetEnvironmentVariable(Delay, null);

    public void Dispose()
    {
        Environment.SetEnvironmentVariable(Delay, _earlier);
        Directory.Delete(_folder, recursive: true);
    }

    [Fact]
    public void AMeasuringProcess_GetsTheKnob_AFirstCallProcessDoesNot()
    {
        var seen = new List<Dictionary<string, string>>();
        var client = new AgentClient(_folder, (_, _, _, _, environment) =>
        {
            seen.Add(environment.ToDictionary());
            return new ChildOutcome(0, "", "", false);
        });

        client.Send(AgentRequest.Run(Plan, MeasurementProfile.Quick), CancellationToken.None);
        client.Send(AgentRequest.FirstCall(Plan[0]), CancellationToken.None);

        Assert.Equal("0", seen[0][Delay]);
        Assert.Equal("300", seen[0]["DOTNET_TC_CallCountThreshold"]);
        Assert.Empty(seen[1]);
    }

    [Fact]
    public void TheUsersOwnValueWins_AndIsTheOneRecorded()
    {
        Environment.SetEnvironmentVariable(Delay, "100");

        Assert.DoesNotContain(Delay, MeasuringKnobs.ToSet().Select(k => k.Key));
        Assert.Equal("100", EnvironmentProbe.Knobs(measuring: true)["env:" + Delay]);
    }

    [Fact]
    public void AUsersOtherValue_IsOverridden_OursOrNoneIsNot()
    {
        Assert.Empty(MeasuringKnobs.Overridden());
        Environment.SetEnvironmentVariable(Delay, "0");
        Assert.Empty(MeasuringKnobs.Overridden());
        Environment.SetEnvironmentVariable(Delay, "100");
        Assert.Equal([(Delay, "0", "100")], MeasuringKnobs.Overridden());
    }

    [Fact]
    public void ARunsResults_RecordTheKnob_OtherCommandsDoNot()
    {
        Assert.Equal("0", EnvironmentProbe.Knobs(measuring: true)["env:" + Delay]);
        Assert.DoesNotContain("env:" + Delay, EnvironmentProbe.Knobs().Keys);
    }
}
