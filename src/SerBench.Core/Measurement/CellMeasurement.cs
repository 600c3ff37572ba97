namespace SerBench.Core.Measurement;

/// <summary>What BenchmarkDotNet measured for one cell in one process (a child's round). Times are per operation, in nanoseconds.</summary>
internal sealed record CellMeasurement
{
    public required double MeanNs { get; init; }

    public required double ErrorNs { get; init; }

    public required double StdDevNs { get; init; }

    public required double MedianNs { get; init; }

    // Not required: a reply leaves a null out (it was not measured), and a required member left out would not read back.
    public long? AllocatedBytes { get; init; }

    /// <summary>GC collections per 1,000 operations, as BenchmarkDotNet reports them; null, like the bytes, when not measured.</summary>
    public double? Gen0 { get; init; }

    public double? Gen1 { get; init; }

    public double? Gen2 { get; init; }

    public required IReadOnlyList<double> IterationsNs { get; init; }

    /// <summary>Calls of the body in the measured iterations (not the warm-up's); null when the measurer does not count them.</summary>
    public long? Calls { get; init; }

    /// <summary>Per operation, when one call of the body made <paramref name="operations"/> of them (a threads cell's calls per thread).</summary>
    public CellMeasurement PerOperation(int operations) => operations == 1 ? this : this with
    {
        MeanNs = MeanNs / operations,
        ErrorNs = ErrorNs / operations,
        StdDevNs = StdDevNs / operations,
        MedianNs = MedianNs / operations,
        AllocatedBytes = AllocatedBytes is { } bytes ? (long)Math.Round((double)bytes / operations) : null,
        Gen0 = Gen0 / operations,
        Gen1 = Gen1 / operations,
        Gen2 = Gen2 / operations,
        IterationsNs = [.. IterationsNs.Select(ns => ns / operations)],
        Calls = Calls * operations,
    };
}

/// <summary>Measures one prepared cell. Throws <see cref="MeasurementException"/> when the cell crashed or hung.</summary>
internal interface IMeasurer
{
    CellMeasurement Measure(Func<object?> body, MeasurementProfile profile, string cellName);

    /// <summary>Warms a process's cells together, so the wait for a quiet JIT is paid once per process; returns each body's fault.</summary>
    IReadOnlyList<Exception?> WarmTogether(IReadOnlyList<Func<object?>> bodies, MeasurementProfile profile) => [.. bodies.Select(_ => (Exception?)null)];

    /// <summary>Why the last shared warm-up ended, for the parent's check of an odd process; null when not known.</summary>
    string? LastWarmUp => null;
}

internal sealed class MeasurementException(string message, Exception? inner = null) : Exception(message, inner)
{
    public static MeasurementException Threw(Exception fault) => new($"threw {fault.GetType().Name} while measured: {fault.Message}", fault);
}
