using BenchmarkDotNet.Jobs;
using Perfolizer.Horology;
using SerBench.Sizes;

namespace SerBench.Measurement;

/// <summary>How hard to measure: a BenchmarkDotNet job plus the precision a cell must reach to be called precise.</summary>
public sealed class MeasurementProfile
{
    private MeasurementProfile(string name, string description, double targetRelativeError, TimeSpan timeout, Func<Job> createJob, TimeSpan preWarm = default, int rounds = 1,
        bool invocationsFromWarmUp = false, TimeSpan maximumWarm = default, int firstCallLaunches = 0, MeasurementClock? clock = null,
        TimeSpan maximumWarmWhileCompiling = default, Compressions compressions = Compressions.All)
    {
        Compressions = compressions;
        MaximumWarmWhileCompiling = maximumWarmWhileCompiling;
        _clock = clock;
        FirstCallLaunches = firstCallLaunches;
        PreWarm = preWarm;
        MaximumWarm = maximumWarm;
        InvocationsFromWarmUp = invocationsFromWarmUp;
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

    /// <summary>The least time each cell's body is called before BenchmarkDotNet starts (tiering settles); zero for smoke.</summary>
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
    /// The default: two rounds per cell, each in a fresh process that warms the cell until its code has settled and then
    /// runs a short BenchmarkDotNet job; the cell's 99.9% interval comes from the spread between rounds, moderated with
    /// the run's pooled spread (flagged when its half-width is over 3% of the mean).
    /// BenchmarkDotNet's forced full collections before every iteration are off: they took over half of each short run
    /// and brought quick no closer to BenchmarkDotNet's default job (evidence: docs/performance.md#the-method).
    /// </summary>
    public static MeasurementProfile Quick { get; } = new(
        "quick", "2 rounds per cell, each in a fresh process (up to 3 more when they disagree by more than 1.5×, to tell an odd round from a second speed): warm 0.3–1.5 s until the JIT is quiet and the speed steady (up to 4.5 s while methods are still being compiled), then 1 warm-up and 7 measured iterations of ~20 ms, no forced collection between iterations; the 99.9% interval comes from the spread between rounds (flagged when over 3% of the mean)",
        targetRelativeError: 0.03, TimeSpan.FromMinutes(3),
        () => new Job("quick")
            .WithIterationTime(TimeInterval.FromMilliseconds(20))
            .WithWarmupCount(1)
            .WithIterationCount(7)
            .WithGcForce(false),
        preWarm: TimeSpan.FromMilliseconds(300),
        rounds: 2,
        invocationsFromWarmUp: true,
        maximumWarm: TimeSpan.FromSeconds(1.5),
        firstCallLaunches: 3,
        maximumWarmWhileCompiling: TimeSpan.FromSeconds(4.5));

    /// <summary>BenchmarkDotNet's default job, in three rounds.</summary>
    public static MeasurementProfile Full { get; } = new(
        "full", "3 rounds per cell, each in a fresh process running BenchmarkDotNet's default job (15–100 iterations of ~500 ms); interval from the spread between rounds, flagged over 2% of the mean",
        targetRelativeError: 0.02, TimeSpan.FromMinutes(15),
        () => new Job("full"),
        preWarm: TimeSpan.FromMilliseconds(500),
        rounds: 3,
        maximumWarm: TimeSpan.FromSeconds(5),
        firstCallLaunches: 5,
        maximumWarmWhileCompiling: TimeSpan.FromSeconds(15));

    /// <summary>
    /// Rounds per cell: each round measures the cell with <see cref="CreateJob"/> in a fresh process, at a different
    /// moment of the run, and the cell's interval comes from the spread of the round means (see <see cref="RoundStatistics"/>).
    /// </summary>
    public int Rounds { get; }

    /// <summary>This profile with another number of rounds (<c>--rounds</c>).</summary>
    public MeasurementProfile WithRounds(int rounds) =>
        new(Name, Description, TargetRelativeError, Timeout, CreateJob, PreWarm, rounds, InvocationsFromWarmUp, MaximumWarm, FirstCallLaunches, _clock, MaximumWarmWhileCompiling, Compressions);

    /// <summary>
    /// Fresh processes per contender, payload and runtime that time the first use (codec, first serialize, first
    /// deserialize) after the steady-state cells: none in smoke, 3 in quick, 5 in full.
    /// </summary>
    public int FirstCallLaunches { get; }

    /// <summary>This profile with another number of first-call processes (<c>--first-call off</c> is 0).</summary>
    public MeasurementProfile WithFirstCallLaunches(int launches) =>
        new(Name, Description, TargetRelativeError, Timeout, CreateJob, PreWarm, Rounds, InvocationsFromWarmUp, MaximumWarm, launches, _clock, MaximumWarmWhileCompiling, Compressions);

    private readonly MeasurementClock? _clock;

    /// <summary>What every iteration is timed with (<c>--clock</c>); the wall clock unless told otherwise.</summary>
    public MeasurementClock Clock => _clock ?? MeasurementClocks.Default;

    /// <summary>This profile timed with another clock (<c>--clock</c>).</summary>
    public MeasurementProfile WithClock(MeasurementClock clock) =>
        new(Name, Description, TargetRelativeError, Timeout, CreateJob, PreWarm, Rounds, InvocationsFromWarmUp, MaximumWarm, FirstCallLaunches, clock, MaximumWarmWhileCompiling, Compressions);

    /// <summary>The compressors each case's output is measured with, outside the timed operation (<c>--compressions</c>; all by default).</summary>
    public Compressions Compressions { get; }

    /// <summary>This profile measuring sizes with other compressors (<c>--compressions</c>).</summary>
    public MeasurementProfile WithCompressions(Compressions compressions) =>
        new(Name, Description, TargetRelativeError, Timeout, CreateJob, PreWarm, Rounds, InvocationsFromWarmUp, MaximumWarm, FirstCallLaunches, _clock, MaximumWarmWhileCompiling, compressions);

    /// <summary>The longest a cell is warmed before it is measured anyway (a noisy machine may never look steady).</summary>
    public TimeSpan MaximumWarm { get; }

    /// <summary>
    /// The longest a cell is warmed while the runtime is still compiling its code (longer than <see cref="MaximumWarm"/>:
    /// code that is still being compiled is not yet the code a long-running process runs).
    /// </summary>
    public TimeSpan MaximumWarmWhileCompiling { get; }

    /// <summary>
    /// True when the invocations per iteration come from the warm-up's time per call instead of BenchmarkDotNet's pilot
    /// stage (the code is already steady when BenchmarkDotNet starts, so the pilot only costs time).
    /// </summary>
    public bool InvocationsFromWarmUp { get; }

    public static IReadOnlyList<MeasurementProfile> All { get; } = [Smoke, Quick, Full];

    public override string ToString() => Name;
}
