using SerBench.Measurement;
using SerBench.Results;
using SerBench.Running;
using SerBench.Studies;

namespace SerBench.Tests.Running;

[Collection(SerialCollection.Name)]
public class RunnerFaultTests
{
    private sealed class NullObserver : IRunObserver
    {
        public void CellStarting(RunProgress progress)
        {
        }

        public void CellFinished(ResultCell cell, RunProgress progress)
        {
        }
    }

    [Fact]
    public void ContenderThatThrowsWhileMeasured_IsRecordedAsCrash_AndTheRunGoesOn()
    {
        var directory = Path.Combine(Path.GetTempPath(), "serbench-test-" + Guid.NewGuid().ToString("N"));
        try
        {
            var study = StudyRegistry.All.Single(s => s.Name == "json-vs-binary");
            var request = new RunRequest
            {
                Studies = [study],
                Contenders = [FakeContenders.FailsUnderLoad(healthyCalls: 5), SerBench.Contenders.ContenderRegistry.Find("binary-utf8")!],
                Operations = [Operation.Serialize],
                Profile = MeasurementProfile.Smoke,
            };
            var plan = RunPlan.Create(request);
            var document = Runner.NewDocument(request, plan, "test", DateTimeOffset.UnixEpoch);
            var store = ResultsStore.Create(directory, document);
            using var log = new StringWriter();

            new Runner(new BenchmarkDotNetMeasurer(log, Path.Combine(directory, "bdn")), new NullObserver(), TimeProvider.System)
                .Run(plan, MeasurementProfile.Smoke, store, CancellationToken.None);

            var saved = ResultsJson.Read(File.OpenRead(store.ResultsPath));
            Assert.Equal(2, saved.Cells.Count);
            Assert.Equal("CRASH", saved.Cells[0].Status);
            Assert.Equal("threw TimeoutException while measured: gave up after 5 calls", saved.Cells[0].Reason);
            Assert.Null(saved.Cells[0].MeanNs);
            Assert.Equal("OK", saved.Cells[1].Status);
            Assert.NotNull(saved.Cells[1].MeanNs);
        }
        finally
        {
            if (Directory.Exists(directory))
            {
                Directory.Delete(directory, recursive: true);
            }
        }
    }

    [Fact]
    public void ContenderWhoseReaderCrashes_StillHasItsSerializeCellsTimed_AndTheCrashNamesTheInnermostCause()
    {
        var directory = Path.Combine(Path.GetTempPath(), "serbench-test-" + Guid.NewGuid().ToString("N"));
        try
        {
            var request = new RunRequest
            {
                Studies = [StudyRegistry.All.Single(s => s.Name == "json-vs-binary")],
                Contenders = [FakeContenders.ReaderCrashes()],
                Profile = MeasurementProfile.Smoke,
            };
            var plan = RunPlan.Create(request);
            var store = ResultsStore.Create(directory, Runner.NewDocument(request, plan, "test", DateTimeOffset.UnixEpoch));
            using var log = new StringWriter();

            new Runner(new BenchmarkDotNetMeasurer(log, Path.Combine(directory, "bdn")), new NullObserver(), TimeProvider.System)
                .Run(plan, MeasurementProfile.Smoke, store, CancellationToken.None);

            var saved = ResultsJson.Read(File.OpenRead(store.ResultsPath));
            var serialize = saved.Cells.Single(c => c.Operation == "serialize");
            var deserialize = saved.Cells.Single(c => c.Operation == "deserialize");
            Assert.Equal("OK", serialize.Status);
            Assert.True(serialize.MeanNs > 0);
            Assert.NotNull(serialize.PayloadBytes);
            Assert.Equal("CRASH", deserialize.Status);
            Assert.Null(deserialize.MeanNs);
            Assert.Equal("deserialize threw TypeInitializationException: The type initializer for 'Fake.Reader' threw an exception. " +
                         "(innermost: AmbiguousMatchException: Ambiguous match found for 'FromSeconds'.)", deserialize.Reason);
        }
        finally
        {
            if (Directory.Exists(directory))
            {
                Directory.Delete(directory, recursive: true);
            }
        }
    }
}
