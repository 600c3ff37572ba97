using SerBench.Running;
using SerBench.Core.Agents;
using SerBench.Core.Conformance;
using SerBench.Core.Contenders;
using SerBench.Core.Measurement;
using SerBench.Core.Running;
using SerBench.Core.Sizes;
using SerBench.Core.Studies;
using SerBench.Core.UserData;
using SerBench.Core.Verification;
using SerBench.Tests.Builders.Samples;
using SerBench.Tests.Infrastructure;

namespace SerBench.Tests.Core.Agents;

/// <summary>The child side, in this process: every mode leaves its reply beside the request, read back as the parent reads it.</summary>
public sealed class AgentHostTests : IDisposable
{
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    private static IReadOnlyList<PlannedCase> Plan(string contender, params Operation[] operations) => RunPlan.Create(new RunRequest
    {
        Studies = [StudyRegistry.All.Single(s => s.Name == "json-vs-binary")],
        Contenders = [ContenderRegistry.Find(contender)!],
        Operations = operations.Length == 0 ? null : operations,
    });

    private AgentReply Host(AgentRequest request)
    {
        // Through the codec, as a child gets it.
        new AgentHost(_directory.Path, new NullObserver(), new FixedMeasurer()).Run(AgentRequestCodec.Read(AgentRequestCodec.Write(request)));
        return AgentReply.Read(_directory.Path) ?? throw new InvalidOperationException("no reply");
    }

    [Fact]
    public void Run_RepliesWithACellPerCaseAndOperation_Measured()
    {
        var plan = Plan("binary-utf8", Operation.Serialize, Operation.Deserialize);

        var reply = Host(AgentRequest.Run(plan, MeasurementProfile.Smoke));

        Assert.Equal(plan.SelectMany(p => p.Operations.Select(o => PlannedCells.Key(p, o))), reply.Rounds.Select(r => r.Described.Key));
        Assert.All(reply.Rounds, r => Assert.Equal((1.5, VerificationStatus.Ok), (r.Measured?.MeanNs, r.Described.Status)));
        Assert.All(reply.Rounds, r => Assert.NotNull(r.Described.PayloadBytes));
        Assert.All(reply.Rounds, r => Assert.All(Compressor.All, k => Assert.True(k.Of(r.Described) is { Bytes: > 0, Ns: > 0 }, k.Name)));
    }

    [Fact]
    public void Run_AskedToCalibrate_RepliesWithTheHarnessCalibration_AndOnlyThen()
    {
        var plan = Plan("binary-utf8", Operation.Serialize);

        Assert.Null(Host(AgentRequest.Run(plan, MeasurementProfile.Smoke)).Calibration);
        var reply = Host(AgentRequest.Run(plan, MeasurementProfile.Smoke, calibrate: true));

        Assert.Equal(1.5, reply.Calibration?.MeanNs);
        Assert.Single(reply.Rounds);
    }

    [Fact]
    public void Verify_RepliesWithOneCellPerCase_WithItsGateOutcomeAndSize()
    {
        var plan = Plan("binary-utf8");

        var reply = Host(AgentRequest.Verify(plan));

        Assert.Equal(plan.Select(p => PlannedCells.Key(p, p.Operations[0])), reply.Rounds.Select(r => r.Described.Key));
        Assert.All(reply.Rounds, r => Assert.Equal(VerificationStatus.Ok, r.Described.Status));
        Assert.All(reply.Rounds, r => Assert.Null(r.Measured));
    }

    [Fact]
    public void FirstCall_RepliesWithOneSample()
    {
        var reply = Host(AgentRequest.FirstCall(Plan("binary-utf8")[0]));

        Assert.True(reply.FirstCall!.SerializeMicroseconds > 0);
        Assert.Empty(reply.Rounds);
    }

    [Fact]
    public void Save_ReadsBackARound_WhoseAllocationsWereNotMeasured()
    {
        var planned = Plan("binary-utf8")[0];
        var round = new CellRound(PlannedCells.Describe(planned, planned.Operations[0], GateOutcome.Ok), new CellMeasurement
        {
            MeanNs = 1.5, ErrorNs = 0.1, StdDevNs = 0.1, MedianNs = 1.5, AllocatedBytes = null, Gen0 = null, Gen1 = null, Gen2 = null, IterationsNs = [1.5],
        }, Seconds: 0.5);
        var reply = new AgentReply();
        reply.Rounds.Add(round);

        reply.Save(_directory.Path);

        var read = AgentReply.Read(_directory.Path)!.Rounds.Single();
        Assert.Equal((round.Described.Key, 1.5, (long?)null, (double?)0.5), (read.Described.Key, read.Measured!.MeanNs, read.Measured.AllocatedBytes, read.Seconds));
    }

    [Fact]
    public void SaveFirstCall_WritesTheJsonSaveWrites_ForItsSample()
    {
        var sample = new SerBench.Core.FirstCall.FirstCallSample(12.5, 1234.25, 0.1 + 0.2);
        using var other = new TempDirectory();
        new AgentReply { FirstCall = sample }.Save(other.Path);

        AgentReply.SaveFirstCall(_directory.Path, sample);

        Assert.Equal(sample, AgentReply.Read(_directory.Path)!.FirstCall);
        using var byHand = System.Text.Json.JsonDocument.Parse(File.ReadAllBytes(Path.Combine(_directory.Path, AgentReply.FileName)));
        using var bySerializer = System.Text.Json.JsonDocument.Parse(File.ReadAllBytes(Path.Combine(other.Path, AgentReply.FileName)));
        Assert.Equal(bySerializer.RootElement.EnumerateObject().Select(p => p.Name), byHand.RootElement.EnumerateObject().Select(p => p.Name));
        var written = bySerializer.RootElement.GetProperty("firstCall").EnumerateObject().Where(p => p.Name != "totalMicroseconds").Select(p => p.ToString()).ToList();
        Assert.Equal(written, byHand.RootElement.GetProperty("firstCall").EnumerateObject().Select(p => p.ToString()));
    }

    [Fact]
    public void Conformance_RepliesWithTheLibraryAndACellPerDocument_InOrder()
    {
        var documents = ConformanceSuite.Load([]).Documents.Take(3).ToList();

        var reply = Host(AgentRequest.Conformance(ContenderRegistry.Find("stj-document")!, documents, []));

        Assert.Equal("System.Text.Json", reply.Contender!.Library);
        Assert.Equal(documents.Select(d => d.Name), reply.Documents.Select(c => c.Document));
    }

    [Fact]
    public void Types_MakesEachType_AndRepliesWithNoStepLeftRunning()
    {
        var reply = Host(AgentRequest.TypesCheck(new UserTypesSource(typeof(Order).Assembly.Location, [typeof(Order).FullName!, typeof(OrderLine).FullName!], null)));

        Assert.Null(reply.Refused);
        Assert.Null(reply.Running);
    }

    [Fact]
    public void Types_ATypeWhoseConstructorThrows_IsRefusedInTheReply_NamingIt()
    {
        var reply = Host(AgentRequest.TypesCheck(new UserTypesSource(typeof(Order).Assembly.Location, [typeof(Order).FullName!, typeof(ThrowsWhenMade).FullName!], null)));

        Assert.Equal($"--type {typeof(ThrowsWhenMade).FullName}: its constructor throws (InvalidOperationException: not today); SerBench cannot make one to measure. " +
                     "Fix the type or choose another.", reply.Refused);
    }

    [Fact]
    public void ARequestForAnotherRuntime_IsRefused()
    {
        var other = RuntimeTarget.Current with { Aot = true };
        var plan = Plan("binary-utf8").Select(p => p with { Runtime = other }).ToList();

        var error = Assert.Throws<AgentRequestException>(() => new AgentHost(_directory.Path, new NullObserver(), new FixedMeasurer()).Run(AgentRequest.Verify(plan)));

        Assert.Contains($"the request is for {other.Name}", error.Message, StringComparison.Ordinal);
    }
}
