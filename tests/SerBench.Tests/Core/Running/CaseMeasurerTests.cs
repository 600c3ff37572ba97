using SerBench.Core.Contenders;
using SerBench.Core.Measurement;
using SerBench.Core.Results;
using SerBench.Core.Running;
using SerBench.Core.Studies;
using SerBench.Core.Verification;

namespace SerBench.Tests.Core.Running;

public class CaseMeasurerTests
{
    /// <summary>Every case of json-vs-binary for these contenders, gated and measured for real (smoke profile), in plan order.</summary>
    private static List<ResultCell> Measure(IReadOnlyList<Operation>? operations, params Contender[] contenders)
    {
        using var directory = new TempDirectory();
        var plan = RunPlan.Create(new RunRequest
        {
            Studies = [StudyRegistry.All.Single(s => s.Name == "json-vs-binary")],
            Contenders = contenders,
            Operations = operations,
            Profile = MeasurementProfile.Smoke,
        });
        using var log = new StringWriter();
        var measurer = new CaseMeasurer(new BenchmarkDotNetMeasurer(log, Path.Combine(directory.Path, "bdn")));
        return [.. plan.SelectMany(p => measurer.Measure(p, MeasurementProfile.Smoke, CancellationToken.None))];
    }

    [Fact]
    [Trait("Category", "Slow")]
    public void ContenderThatThrowsWhileMeasured_IsRecordedAsCrash_AndTheNextCaseGoesOn()
    {
        var cells = Measure([Operation.Serialize], FakeContenders.FailsUnderLoad(healthyCalls: 5), SerBench.Core.Contenders.ContenderRegistry.Find("binary-utf8")!);

        Assert.Equal(2, cells.Count);
        Assert.Equal(VerificationStatus.Crash, cells[0].Status);
        Assert.Equal("threw TimeoutException while measured: gave up after 5 calls", cells[0].Reason);
        Assert.Null(cells[0].MeanNs);
        Assert.Equal(VerificationStatus.Ok, cells[1].Status);
        Assert.NotNull(cells[1].MeanNs);
    }

    [Fact]
    [Trait("Category", "Slow")]
    public void ContenderWhoseReaderCrashes_StillHasItsSerializeCellsTimed_AndTheCrashNamesTheInnermostCause()
    {
        var cells = Measure(null, FakeContenders.ReaderCrashes());

        var serialize = cells.Single(c => c.Operation == Operation.Serialize);
        var deserialize = cells.Single(c => c.Operation == Operation.Deserialize);
        Assert.Equal(VerificationStatus.Ok, serialize.Status);
        Assert.True(serialize.MeanNs > 0);
        Assert.NotNull(serialize.PayloadBytes);
        Assert.Equal(VerificationStatus.Crash, deserialize.Status);
        Assert.Null(deserialize.MeanNs);
        Assert.Equal("deserialize threw TypeInitializationException: The type initializer for 'Fake.Reader' threw an exception. " +
                     "(innermost: AmbiguousMatchException: Ambiguous match found for 'FromSeconds'.)", deserialize.Reason);
    }
}
