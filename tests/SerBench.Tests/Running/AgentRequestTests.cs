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

    [Fact]
    public void AsArguments_TheRequestReadsBackTheSame_EveryField()
    {
        var request = new AgentRequest
        {
            Mode = AgentMode.FirstCall,
            Study = "web-api",
            Contenders = ["stj-reflection-string"],
            Payloads = ["person"],
            Shapes = ["object", "list"],
            Sizes = [200, 3],
            Operations = ["serialize", "deserialize"],
            Cases = [new AgentCase("person", "object", 1), new AgentCase("person", "list", 200)],
            Profile = "smoke",
            Clock = "cpu",
            Runtime = "net10.0",
            Data = ["/data/a=b.json", "/data/with space/"],
            Types = new SerBench.UserData.UserTypesSource("/types/My.dll", ["My.Order", "My.Line"], "/types/samples"),
        };

        var read = AgentRequest.FromArguments(request.ToArguments());

        Assert.Equal(request.Mode, read.Mode);
        Assert.Equal(request.Study, read.Study);
        Assert.Equal(request.Contenders, read.Contenders);
        Assert.Equal(request.Payloads, read.Payloads);
        Assert.Equal(request.Shapes, read.Shapes);
        Assert.Equal(request.Sizes, read.Sizes);
        Assert.Equal(request.Operations, read.Operations);
        Assert.Equal(request.Cases, read.Cases);
        Assert.Equal((request.Profile, request.Clock, request.Runtime), (read.Profile, read.Clock, read.Runtime));
        Assert.Equal(request.Data, read.Data);
        Assert.Equal(request.Types.AssemblyPath, read.Types!.AssemblyPath);
        Assert.Equal(request.Types.TypeNames, read.Types.TypeNames);
        Assert.Equal(request.Types.SamplePath, read.Types.SamplePath);
    }

    [Theory]
    [InlineData("colour=blue", "unknown request argument 'colour'")]
    [InlineData("study", "'study' is not a key=value request argument")]
    [InlineData("case=person/object", "case 'person/object' is not payload/shape/count")]
    public void AsArguments_ANonRequestIsRefusedInOneLine(string bad, string expected)
    {
        var error = Assert.Throws<UsageException>(() => AgentRequest.FromArguments(["mode=run", "study=web-api", bad]));

        Assert.Contains(expected, error.Message, StringComparison.Ordinal);
    }
}
