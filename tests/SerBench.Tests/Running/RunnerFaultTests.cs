using SerBench.Measurement;
using SerBench.Results;
using SerBench.Running;
using SerBench.Studies;

namespace SerBench.Tests.Running;

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
}
