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
    public void ContenderWhoseOutputChangesOnceTimed_IsMismatch_NotTimed()
    {
        using var directory = new TempDirectory();
        var plan = RunPlan.Create(new RunRequest
        {
            Studies = [StudyRegistry.All.Single(s => s.Name == "json-vs-binary")],
            Contenders = [FakeContenders.WritesEmptyAfter(healthyCalls: 50), SerBench.Core.Contenders.ContenderRegistry.Find("binary-utf8")!],
            Operations = [Operation.Serialize],
            Profile = MeasurementProfile.Smoke,
        });
        var measurer = new CaseMeasurer(new CallingMeasurer(calls: 100));

        var cells = plan.SelectMany(p => measurer.Measure(p, MeasurementProfile.Smoke, CancellationToken.None)).ToList();

        Assert.Equal(VerificationStatus.Mismatch, cells[0].Status);
        Assert.StartsWith("correct before measuring, wrong after it was timed: 2 bytes written instead of ", cells[0].Reason, StringComparison.Ordinal);
        Assert.Null(cells[0].MeanNs);
        Assert.Equal(VerificationStatus.Ok, cells[1].Status);
        Assert.NotNull(cells[1].MeanNs);
    }

    /// <summary>Calls each body as often as a short measurement would, and times nothing.</summary>
    private sealed class CallingMeasurer(int calls) : IMeasurer
    {
        public CellMeasurement Measure(Func<object?> body, MeasurementProfile profile, string cellName)
        {
            for (var i = 0; i < calls; i++)
            {
                body();
            }

            return new() { MeanNs = 1, ErrorNs = 0, StdDevNs = 0, MedianNs = 1, AllocatedBytes = 0, Gen0 = 0, Gen1 = 0, Gen2 = 0, IterationsNs = [1] };
        }
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
