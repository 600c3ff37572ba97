using System.Globalization;
using BenchmarkDotNet.Jobs;
using Perfolizer.Horology;
using SerBench.Core.Sizes;
using SerBench.Core.Statistics;

namespace SerBench.Core.Measurement;

/// <summary>How hard to measure: a BenchmarkDotNet job, how many fresh processes per cell, and the run's time budget.</summary>
internal sealed record MeasurementProfile
{
    public required string Name { get; init; }

    /// <summary>Half-width of the 99.9% confidence interval, relative to the mean, above which a cell is flagged as noisy.</summary>
    public required double TargetRelativeError { get; init; }

    /// <summary>How long one cell may run before it is recorded as hung.</summary>
    public required TimeSpan Timeout { get; init; }

    /// <summary>The BenchmarkDotNet job each cell is measured with, new for every cell.</summary>
    public required Func<Job> CreateJob { get; init; }

    /// <summary>What the job runs, in words, for <see cref="Description"/>.</summary>
    public required string JobText { get; init; }

    /// <summary>The least time a process's cells are warmed before BenchmarkDotNet starts (tiering settles); zero for smoke.</summary>
    public TimeSpan PreWarm { get; init; }

    /// <summary>
    /// Rounds per cell: each round measures the cell with <see cref="CreateJob"/> in a fresh process, at a different
    /// moment of the run, and the cell's interval comes from the spread of the round means (see <see cref="RoundStatistics"/>).
    /// </summary>
    public int Rounds { get; init; } = 1;

    /// <summary>
    /// The most rounds a cell gets while its place in the verdict is still open (a neighbour in rank it is not yet
    /// separated from, or rounds that disagree): more rounds go where they can still change the answer.
    /// </summary>
    public int MaximumRounds { get; init; } = 1;

    /// <summary>The run's wall-clock budget: no measuring process starts that would end past it (null: none).</summary>
    public TimeSpan? Budget { get; init; }

    /// <summary>
    /// Fresh processes per contender, payload and runtime that time the first use (codec, first serialize, first
    /// deserialize) after the steady-state cells: none in smoke, 3 in quick, 5 in full (<c>--first-call off</c> is 0).
    /// </summary>
    public int FirstCallLaunches { get; init; }

    /// <summary>What every iteration is timed with (<c>--clock</c>); the wall clock unless told otherwise.</summary>
    public MeasurementClock Clock { get; init; } = MeasurementClocks.Default;

    /// <summary>The compressors each case's output is measured with, outside the timed operation (<c>--compressions</c>; all by default).</summary>
    public Compressions Compressions { get; init; } = Compressions.All;

    /// <summary>The longest a cell is warmed before it is measured anyway (a noisy machine may never look steady).</summary>
    public TimeSpan MaximumWarm { get; init; }

    /// <summary>
    /// The longest a cell is warmed while the runtime is still compiling its code (longer than <see cref="MaximumWarm"/>:
    /// code that is still being compiled is not yet the code a long-running process runs).
    /// </summary>
    public TimeSpan MaximumWarmWhileCompiling { get; init; }

    /// <summary>
    /// True when the invocations per iteration come from the warm-up's time per call instead of BenchmarkDotNet's pilot
    /// stage (the code is already steady when BenchmarkDotNet starts, so the pilot only costs time).
    /// </summary>
    public bool InvocationsFromWarmUp { get; init; }

    /// <summary>Correctness plus one short measurement: for CI, not for conclusions.</summary>
    public static MeasurementProfile Smoke { get; } = new()
    {
        Name = "smoke",
        TargetRelativeError = 1.0,
        Timeout = TimeSpan.FromMinutes(1),
        JobText = "3 iterations of ~5 ms",
        CreateJob = () => new Job("smoke")
            .WithIterationTime(TimeInterval.FromMilliseconds(5))
            .WithWarmupCount(1)
            .WithIterationCount(3)
            .WithEvaluateOverhead(false),
    };

    /// <summary>
    /// The default: two rounds per cell, more for cells whose place in the verdict is still open, within ten minutes.
    /// BenchmarkDotNet's forced full collections before every iteration are off: they took over half of each short run
    /// and brought quick no closer to BenchmarkDotNet's default job (evidence: docs/performance.md#the-method).
    /// </summary>
    public static MeasurementProfile Quick { get; } = new()
    {
        Name = "quick",
        TargetRelativeError = 0.03,
        Timeout = TimeSpan.FromMinutes(3),
        JobText = "1 warm-up and 15 measured iterations of ~20 ms, no forced collection between iterations",
        CreateJob = () => new Job("quick")
            .WithIterationTime(TimeInterval.FromMilliseconds(20))
            .WithWarmupCount(1)
            .WithIterationCount(15)
            .WithGcForce(false),
        PreWarm = TimeSpan.FromMilliseconds(300),
        Rounds = 2,
        MaximumRounds = 8,
        Budget = TimeSpan.FromMinutes(10),
        InvocationsFromWarmUp = true,
        MaximumWarm = TimeSpan.FromSeconds(1.5),
        FirstCallLaunches = 3,
        MaximumWarmWhileCompiling = TimeSpan.FromSeconds(4.5),
    };

    /// <summary>BenchmarkDotNet's default job, in three rounds, more where the verdict is open; no budget.</summary>
    public static MeasurementProfile Full { get; } = new()
    {
        Name = "full",
        TargetRelativeError = 0.02,
        Timeout = TimeSpan.FromMinutes(15),
        JobText = "BenchmarkDotNet's default job (15–100 iterations of ~500 ms)",
        CreateJob = () => new Job("full"),
        PreWarm = TimeSpan.FromMilliseconds(500),
        Rounds = 3,
        MaximumRounds = 10,
        MaximumWarm = TimeSpan.FromSeconds(5),
        FirstCallLaunches = 5,
        MaximumWarmWhileCompiling = TimeSpan.FromSeconds(15),
    };

    public static IReadOnlyList<MeasurementProfile> All { get; } = [Smoke, Quick, Full];

    /// <summary>The profile in one line, from its fields.</summary>
    public string Description => Rounds == 1 && PreWarm == TimeSpan.Zero
        ? $"correctness gate plus one short measurement per cell ({JobText}); for CI, not for conclusions"
        : Invariant($"{Rounds} rounds per cell, each in a fresh process") +
          (MaximumRounds > Rounds ? Invariant($", up to {MaximumRounds} for cells whose place in the verdict is still open") : "") +
          (Budget is { } budget ? $", within {Durations.Format(budget)} in all" : "") +
          Invariant($"; a process warms its cells together for {PreWarm.TotalSeconds:0.#}–{MaximumWarm.TotalSeconds:0.#} s until the JIT is quiet and the speed steady, ") +
          Invariant($"then runs {JobText} per cell") +
          Invariant($"; the 99.9% interval comes from the spread between rounds (flagged over {TargetRelativeError:0%} of the mean)");

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);

    public override string ToString() => Name;
}
