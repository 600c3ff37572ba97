using BenchmarkDotNet.Jobs;
using Perfolizer.Horology;

namespace SerBench.Measurement;

/// <summary>How hard to measure: a BenchmarkDotNet job plus the precision a cell must reach to be called precise.</summary>
public sealed class MeasurementProfile
{
    private MeasurementProfile(string name, string description, double targetRelativeError, TimeSpan timeout, Func<Job> createJob, TimeSpan preWarm = default, int rounds = 1)
    {
        PreWarm = preWarm;
        Rounds = rounds;
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

    /// <summary>
    /// The default: three rounds per cell, each a fresh process running a short adaptive BenchmarkDotNet job; the
    /// cell's 99.9% interval comes from the spread between rounds (flagged when its half-width is over 3% of the mean).
    /// </summary>
    public static MeasurementProfile Quick { get; } = new(
        "quick", "3 rounds per cell, each in a fresh process: 2–6 warm-up and 6–15 measured iterations of ~25 ms; the 99.9% interval comes from the spread between rounds (flagged when over 3% of the mean)",
        targetRelativeError: 0.03, TimeSpan.FromMinutes(3),
        () => new Job("quick")
            .WithIterationTime(TimeInterval.FromMilliseconds(25))
            .WithMinWarmupCount(2)
            .WithMaxWarmupCount(6)
            .WithMinIterationCount(6)
            .WithMaxIterationCount(15)
            .WithMaxRelativeError(0.02),
        preWarm: TimeSpan.FromMilliseconds(150),
        rounds: 3);

    /// <summary>BenchmarkDotNet's default job, in three rounds.</summary>
    public static MeasurementProfile Full { get; } = new(
        "full", "3 rounds per cell, each in a fresh process running BenchmarkDotNet's default job (15–100 iterations of ~500 ms); interval from the spread between rounds, flagged over 2% of the mean",
        targetRelativeError: 0.02, TimeSpan.FromMinutes(15),
        () => new Job("full"),
        preWarm: TimeSpan.FromMilliseconds(500),
        rounds: 3);

    /// <summary>
    /// Rounds per cell: each round measures the cell with <see cref="CreateJob"/> in a fresh process, at a different
    /// moment of the run, and the cell's interval comes from the spread of the round means (see <see cref="RoundStatistics"/>).
    /// </summary>
    public int Rounds { get; }

    /// <summary>This profile with another number of rounds (<c>--rounds</c>).</summary>
    public MeasurementProfile WithRounds(int rounds) =>
        new(Name, Description, TargetRelativeError, Timeout, CreateJob, PreWarm, rounds);

    public static IReadOnlyList<MeasurementProfile> All { get; } = [Smoke, Quick, Full];

    public override string ToString() => Name;
}
