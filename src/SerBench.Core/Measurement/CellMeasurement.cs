namespace SerBench.Core.Measurement;

/// <summary>What BenchmarkDotNet measured for one cell. Times are per operation, in nanoseconds.</summary>
internal sealed record CellMeasurement
{
    public required double MeanNs { get; init; }

    /// <summary>Half-width of the 99.9% confidence interval of the mean (BenchmarkDotNet's "Error").</summary>
    public required double ErrorNs { get; init; }

    public required double StdDevNs { get; init; }

    public required double MedianNs { get; init; }

    public required long? AllocatedBytes { get; init; }

    /// <summary>GC collections per 1,000 operations, as BenchmarkDotNet reports them.</summary>
    public required double Gen0 { get; init; }

    public required double Gen1 { get; init; }

    public required double Gen2 { get; init; }

    /// <summary>Per-iteration time per operation after outlier removal, kept so runs can be compared later.</summary>
    public required IReadOnlyList<double> IterationsNs { get; init; }
}

/// <summary>Measures one prepared cell. Throws <see cref="MeasurementException"/> when the cell crashed or hung.</summary>
internal interface IMeasurer
{
    CellMeasurement Measure(Func<object?> body, MeasurementProfile profile, string cellName);

    /// <summary>
    /// Warms the cells one process will measure, together and in turns, before <see cref="Measure"/> times each: the wait
    /// for a quiet JIT is then paid once per process, not once per cell. Returns, per body, the exception it threw, if any.
    /// </summary>
    IReadOnlyList<Exception?> WarmTogether(IReadOnlyList<Func<object?>> bodies, MeasurementProfile profile) => [.. bodies.Select(_ => (Exception?)null)];
}

/// <summary>A cell that threw, hung or produced no result while being measured.</summary>
internal sealed class MeasurementException(string message, Exception? inner = null) : Exception(message, inner)
{
    /// <summary>The body threw while it was warmed or timed.</summary>
    public static MeasurementException Threw(Exception fault) => new($"threw {fault.GetType().Name} while measured: {fault.Message}", fault);
}
