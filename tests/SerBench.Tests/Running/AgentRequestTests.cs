using SerBench.Contenders;
using SerBench.Measurement;
using SerBench.Running;
using SerBench.Studies;

namespace SerBench.Tests.Running;

public sealed class AgentRequestTests
{
    [Theory]
    [InlineData(MeasurementClock.Cpu)]
    [InlineData(MeasurementClock.Wall)]
    public void TheClock_ReachesTheChildsProfile(MeasurementClock clock)
    {
        using var directory = new TempDirectory();
        var plan = RunPlan.Create(new RunRequest
        {
            Studies = [StudyRegistry.All.Single(s => s.Name == "json-vs-binary")],
            Contenders = [ContenderRegistry.Find("binary-utf8")!],
            Operations = [Operation.Serialize],
        });

        AgentRequest.For(AgentMode.Run, plan, "quick", clock).Write(directory.Path);
        var read = AgentRequest.Read(Path.Combine(directory.Path, AgentRequest.FileName));

        Assert.Equal(clock, read.ToRunRequest().Profile.Clock);
    }

    [Fact]
    public void AnUnknownClock_IsRefusedInOneLine()
    {
        var request = new AgentRequest { Mode = AgentMode.Run, Study = "json-vs-binary", Contenders = ["binary-utf8"], Cases = [], Clock = "sundial" };

        var error = Assert.Throws<UsageException>(() => request.ToRunRequest());

        Assert.Contains("unknown clock 'sundial'", error.Message, StringComparison.Ordinal);
    }
}
