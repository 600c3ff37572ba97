using SerBench.Core.Measurement;
using SerBench.Core.Results;
using SerBench.Core.Running;

namespace SerBench.Tests.Mocks;

/// <summary>An observer that ignores progress, for tests of runners.</summary>
internal sealed class NullObserver : IRunObserver
{
    public void CellStarting(RunProgress progress)
    {
    }

    public void CellFinished(ResultCell cell, RunProgress progress)
    {
    }
}

/// <summary>A measurer that returns the same small measurement for every cell, without timing anything.</summary>
internal sealed class FixedMeasurer : IMeasurer
{
    public CellMeasurement Measure(Func<object?> body, MeasurementProfile profile, string cellName) => new()
    {
        MeanNs = 1.5, ErrorNs = 0.1, StdDevNs = 0.1, MedianNs = 1.5, AllocatedBytes = 0, Gen0 = 0, Gen1 = 0, Gen2 = 0, IterationsNs = [1.5],
    };
}
