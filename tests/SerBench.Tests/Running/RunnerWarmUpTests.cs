using SerBench.Contenders;
using SerBench.Measurement;
using SerBench.Results;
using SerBench.Running;
using SerBench.Studies;

namespace SerBench.Tests.Running;

public sealed class RunnerWarmUpTests
{
    [Fact]
    public void TheOperationsOfAWorkload_AreWarmedTogether_ThenMeasuredWithTheSameBodies()
    {
        using var directory = new TempDirectory();
        var request = new RunRequest
        {
            Studies = [StudyRegistry.All.Single(s => s.Name == "json-vs-binary")],
            Contenders = [ContenderRegistry.Find("binary-utf8")!],
            Profile = MeasurementProfile.Smoke,
        };
        var plan = RunPlan.Create(request);
        var store = ResultsStore.Create(directory.Path, Runner.NewDocument(request, plan, "test", DateTimeOffset.UnixEpoch));
        var measurer = new RecordingMeasurer();

        new Runner(measurer, new NullObserver(), TimeProvider.System).Run(plan, request.Profile, store, CancellationToken.None);

        var together = Assert.Single(measurer.WarmedTogether);
        Assert.Equal(2, together.Count);
        Assert.Equal(together, measurer.Measured, ReferenceEqualityComparer.Instance);
    }

    private sealed class RecordingMeasurer : IMeasurer
    {
        public List<IReadOnlyList<Func<object?>>> WarmedTogether { get; } = [];

        public List<Func<object?>> Measured { get; } = [];

        public void WarmTogether(IReadOnlyList<Func<object?>> bodies, MeasurementProfile profile) => WarmedTogether.Add(bodies);

        public CellMeasurement Measure(Func<object?> body, MeasurementProfile profile, string cellName)
        {
            Measured.Add(body);
            return new() { MeanNs = 1, ErrorNs = 0, StdDevNs = 0, MedianNs = 1, AllocatedBytes = 0, Gen0 = 0, Gen1 = 0, Gen2 = 0, IterationsNs = [1] };
        }
    }

    private sealed class NullObserver : IRunObserver
    {
        public void CellStarting(RunProgress progress)
        {
        }

        public void CellFinished(ResultCell cell, RunProgress progress)
        {
        }
    }
}
