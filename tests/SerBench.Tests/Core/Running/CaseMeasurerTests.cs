using SerBench.Running;
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
        return [.. plan.SelectMany(p => measurer.Measure(p, MeasurementProfile.Smoke, CancellationToken.None)).Select(r => r.Row(MeasurementProfile.Smoke.TargetRelativeError))];
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

    /// <summary>json-vs-binary's save game, serialize and deserialize, measured by calling each body <paramref name="calls"/> times.</summary>
    private static List<ResultCell> MeasureByCalling(int calls, Contender contender, bool passed = false)
    {
        var plan = RunPlan.Create(new RunRequest
        {
            Studies = [StudyRegistry.All.Single(s => s.Name == "json-vs-binary")],
            Contenders = [contender],
            Profile = MeasurementProfile.Smoke,
        });
        var measurer = new CaseMeasurer(new CallingMeasurer(calls));
        return [.. measurer.Measure(plan, MeasurementProfile.Smoke, CancellationToken.None, passed).Select(r => r.Row(MeasurementProfile.Smoke.TargetRelativeError))];
    }

    [Fact]
    public void ContenderThatWritesBrokenOutputAfterItsFiftiethCall_IsMismatch_CorrectBeforeMeasuringWrongAfterNCalls()
    {
        var cells = MeasureByCalling(100, FakeContenders.WritesEmptyAfter(healthyCalls: 50));

        AssertWrongAfterTiming(cells, Operation.Serialize, "correct before measuring, wrong after 100 calls: output changed the data: $.");
    }

    [Fact]
    public void ALaterRound_DoesNotCheckAgain_SoNoComparisonIsCompiledBetweenTimedCells()
    {
        var cells = MeasureByCalling(100, FakeContenders.WritesEmptyAfter(healthyCalls: 50), passed: true);

        Assert.All(cells, c => Assert.Equal(VerificationStatus.Ok, c.Status));
    }

    // Only the broken operation's cell: the other still holds.
    private static void AssertWrongAfterTiming(List<ResultCell> cells, Operation broken, string reason)
    {
        var cell = cells.Single(c => c.Operation == broken);
        Assert.Equal(VerificationStatus.Mismatch, cell.Status);
        Assert.StartsWith(reason, cell.Reason, StringComparison.Ordinal);
        Assert.Null(cell.MeanNs);
        Assert.All(cells.Where(c => c.Operation != broken), c => Assert.Equal(VerificationStatus.Ok, c.Status));
    }

    [Fact]
    public void ContenderThatReadsBrokenObjectsAfterItsFiftiethCall_IsMismatch_OnItsDeserializeCell()
    {
        var stj = ContenderRegistry.Find("stj-reflection-utf8")!;
        var cells = MeasureByCalling(100, FakeContenders.CorruptsAfterReading(stj, (value, call) =>
        {
            if (call >= 50 && value is SerBench.Core.Payloads.SaveGame game)
            {
                game.HighScore++;
            }
        }));

        AssertWrongAfterTiming(cells, Operation.Deserialize, "correct before measuring, wrong after 100 calls: deserialize changed the data: $.HighScore");
    }

    [Fact]
    public void ContenderWhoseBytesVaryButHoldTheSameData_StaysOk_WithANote()
    {
        var cells = MeasureByCalling(100, FakeContenders.PadsAfter(healthyCalls: 1));

        var serialize = cells.Single(c => c.Operation == Operation.Serialize);
        Assert.Equal(VerificationStatus.Ok, serialize.Status);
        Assert.Null(serialize.Reason);
        Assert.Equal("output bytes vary between calls (same data)", serialize.Note);
        Assert.NotNull(serialize.MeanNs);
        Assert.Null(cells.Single(c => c.Operation == Operation.Deserialize).Note);
    }

    /// <summary>Calls each body as often as it is told and times nothing: what a library does after N calls, without a clock.</summary>
    private sealed class CallingMeasurer(int calls) : IMeasurer
    {
        public CellMeasurement Measure(Func<object?> body, MeasurementProfile profile, string cellName)
        {
            for (var i = 0; i < calls; i++)
            {
                body();
            }

            return new() { MeanNs = 1, ErrorNs = 0, StdDevNs = 0, MedianNs = 1, AllocatedBytes = 0, Gen0 = 0, Gen1 = 0, Gen2 = 0, IterationsNs = [1], Calls = calls };
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
