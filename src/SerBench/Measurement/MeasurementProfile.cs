using BenchmarkDotNet.Jobs;
using Perfolizer.Horology;

namespace SerBench.Measurement;

/// <summary>How hard to measure: a BenchmarkDotNet job plus the precision a cell must reach to be called precise.</summary>
public sealed class MeasurementProfile
{
    private MeasurementProfile(string name, string description, double targetRelativeError, TimeSpan timeout, Func<Job> createJob, TimeSpan preWarm = default)
    {
        PreWarm = preWarm;
        Name = name;
        Description = description;
        TargetRelativeError = targetRelativeError;
        Timeout = timeout;
        CreateJob = createJob;
    }

    public string Name { get; }

    public string Description { get; }

    /// <summary>Half-width of the 99.9% confidence interval, relative to the mean, above which a cell is flagged as noisy.</summary>
    public double TargetRelativeError { get; }

    /// <summary>How long one cell may run before it is recorded as hung.</summary>
    public TimeSpan Timeout { get; }

    internal Func<Job> CreateJob { get; }

    /// <summary>How long each cell's body is called before BenchmarkDotNet starts (tiering settles); zero for smoke.</summary>
    public TimeSpan PreWarm { get; }

    /// <summary>Correctness plus one short measurement: for CI, not for conclusions.</summary>
    public static MeasurementProfile Smoke { get; } = new(
        "smoke", "correctness gate plus one short measurement per cell (3 iterations of ~5 ms); for CI, not for conclusions",
        targetRelativeError: 1.0, TimeSpan.FromMinutes(1),
        () => new Job("smoke")
            .WithIterationTime(TimeInterval.FromMilliseconds(5))
            .WithWarmupCount(1)
            .WithIterationCount(3)
            .WithEvaluateOverhead(false));

    /// <summary>The default: adaptive iteration count until the 99.9% CI half-width is within 3% of the mean.</summary>
    public static MeasurementProfile Quick { get; } = new(
        "quick", "adaptive: 4–10 warm-up and 10–40 measured iterations of ~50 ms until the 99.9% CI half-width is ≤ 3% of the mean (flagged otherwise)",
        targetRelativeError: 0.03, TimeSpan.FromMinutes(3),
        () => new Job("quick")
            .WithIterationTime(TimeInterval.FromMilliseconds(50))
            .WithMinWarmupCount(4)
            .WithMaxWarmupCount(10)
            .WithMinIterationCount(10)
            .WithMaxIterationCount(40)
            .WithMaxRelativeError(0.03),
        preWarm: TimeSpan.FromMilliseconds(300));

    /// <summary>BenchmarkDotNet's default job (in-process).</summary>
    public static MeasurementProfile Full { get; } = new(
        "full", "BenchmarkDotNet's default job: 15–100 iterations of ~500 ms, 99.9% CI half-width ≤ 2% of the mean",
        targetRelativeError: 0.02, TimeSpan.FromMinutes(15),
        () => new Job("full"),
        preWarm: TimeSpan.FromMilliseconds(500));

    public static IReadOnlyList<MeasurementProfile> All { get; } = [Smoke, Quick, Full];

    public override string ToString() => Name;
}
