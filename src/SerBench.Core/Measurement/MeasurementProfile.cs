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

    public required TimeSpan Timeout { get; init; }

    /// <summary>New for every cell.</summary>
    public required Func<Job> CreateJob { get; init; }

    public required string JobText { get; init; }

    /// <summary>The least time a process's cells are warmed before BenchmarkDotNet starts (tiering settles); zero for smoke.</summary>
    public TimeSpan PreWarm { get; init; }

    /// <summary>Fresh processes per cell; the interval comes from the spread of their means (<see cref="RoundStatistics"/>).</summary>
    public int Rounds { get; init; } = 1;

    /// <summary>The most rounds a cell gets while its place in the verdict is still open.</summary>
    public int MaximumRounds { get; init; } = 1;

    /// <summary>No measuring process starts that would end past it.</summary>
    public TimeSpan? Budget { get; init; }

    /// <summary>The profile's own budget: on a machine too slow for it, it gives way to the <see cref="Rounds"/> every cell needs; a user's --budget never does.</summary>
    public bool BudgetYieldsToRounds { get; init; }

    /// <summary>Fresh processes per contender, payload and runtime that time the first use.</summary>
    public int FirstCallLaunches { get; init; }

    public MeasurementClock Clock { get; init; } = MeasurementClocks.Default;

    /// <summary>Measured outside the timed operation.</summary>
    public Compressions Compressions { get; init; } = Compressions.All;

    /// <summary>The longest a cell is warmed before it is measured anyway (a noisy machine may never look steady).</summary>
    public TimeSpan MaximumWarm { get; init; }

    /// <summary>Longer than <see cref="MaximumWarm"/>: code still being compiled is not what a long-running process runs.</summary>
    public TimeSpan MaximumWarmWhileCompiling { get; init; }

    /// <summary>
    /// BenchmarkDotNet's memory diagnoser: off in a cell's later rounds, as allocation does not vary between processes
    /// and its extra iteration and collections cost ~40 ms a cell (docs/performance.md#the-method).
    /// </summary>
    public bool MeasuresAllocations { get; init; } = true;

    /// <summary>Skips BenchmarkDotNet's pilot stage, which costs only time once the warm-up left the code steady.</summary>
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
    /// The default. Forced full collections before every iteration are off but for large-object cells: they took over half of each short run and
    /// brought quick no closer to BenchmarkDotNet's default job (evidence: docs/performance.md#the-method).
    /// </summary>
    public static MeasurementProfile Quick { get; } = new()
    {
        Name = "quick",
        TargetRelativeError = 0.03,
        Timeout = TimeSpan.FromMinutes(3),
        JobText = "1 warm-up and 3 measured iterations of ~15 ms, forced collections between iterations only where a call makes an object of 85,000 B or more",
        CreateJob = () => new Job("quick")
            .WithIterationTime(TimeInterval.FromMilliseconds(15))
            .WithWarmupCount(1)
            .WithIterationCount(3)
            .WithGcForce(false),
        PreWarm = TimeSpan.FromMilliseconds(300),
        Rounds = 3,
        MaximumRounds = 8,
        Budget = TimeSpan.FromMinutes(5),
        BudgetYieldsToRounds = true,
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

    public string Description => Rounds == 1 && PreWarm == TimeSpan.Zero
        ? $"correctness gate plus one short measurement per cell ({JobText}); for CI, not for conclusions"
        : Invariant($"{Rounds} rounds per cell, each in a fresh process") +
          (MaximumRounds > Rounds ? Invariant($", up to {MaximumRounds} for cells whose place in the verdict is still open") : "") +
          (Budget is { } budget ? $", within {Durations.Format(budget)} in all" : "") +
          Invariant($"; a process warms its cells together for {PreWarm.TotalSeconds:0.#}–{MaximumWarm.TotalSeconds:0.#} s until tiered compilation has nothing left to promote, ") +
          Invariant($"then runs {JobText} per cell") +
          Invariant($"; the 99.9% interval comes from the spread between rounds (flagged over {TargetRelativeError:0%} of the mean)");

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);

    public override string ToString() => Name;
}
