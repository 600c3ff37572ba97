using System.Collections.Immutable;
using System.Text.Json.Serialization;

namespace SerBench.Core.Results;

/// <summary>The whole of <c>results.json</c>. Documented in <c>docs/results-format.md</c>.</summary>
internal sealed class ResultsDocument
{
    /// <summary>
    /// Bumped whenever a field changes meaning or disappears. 2: every cell names its runtime (<c>runtime</c>), and a
    /// merged file names the machine of each cell (<c>machine</c>, <c>sources</c>). Files of version 1 are still read:
    /// their cells were all measured on the runtime in <c>environment.runtime</c>, just in time.
    /// </summary>
    public const int CurrentSchemaVersion = 3;

    /// <summary>The oldest schema version SerBench still reads.</summary>
    public const int OldestReadableSchemaVersion = 1;

    public int SchemaVersion { get; init; } = CurrentSchemaVersion;

    public required ToolInfo Tool { get; init; }

    /// <summary>The exact command line that produced the file.</summary>
    public required string Command { get; init; }

    public required string Profile { get; init; }

    public required DateTimeOffset StartedAt { get; init; }

    /// <summary>Null while the run is going on (or when it was stopped).</summary>
    public DateTimeOffset? FinishedAt { get; set; }

    public required EnvironmentInfo Environment { get; init; }

    /// <summary>Library → version actually loaded.</summary>
    public required SortedDictionary<string, string> Packages { get; init; }

    public List<ResultCell> Cells { get; init; } = [];

    /// <summary>Each study as it was run; null in files written before studies were recorded.</summary>
    public List<StudyDefinition>? Studies { get; init; }

    /// <summary>
    /// How each cell's mean and Error were obtained: the number of rounds (fresh processes per cell) and the interval
    /// method. Null in files written before rounds existed (one in-process BenchmarkDotNet run per cell).
    /// </summary>
    public MeasurementMethod? Method { get; set; }

    /// <summary>The harness's own cost per operation, measured in every run; null when the run timed nothing.</summary>
    public HarnessCalibrationResult? Calibration { get; set; }

    /// <summary>How the run spent its time budget (schema 3); null when it had none.</summary>
    public RunBudget? Budget { get; set; }

    /// <summary>The machine's speed as seen by a fixed workload timed now and then during the run.</summary>
    public List<MachineProbeSample>? MachineProbes { get; set; }

    /// <summary>The measuring agent built from the contender packs; null when the run measured no pack contender.</summary>
    public AgentRecord? Agent { get; set; }

    /// <summary>First-call samples in the answer of a first-call child of an older SerBench (children now answer with reply.json); read, never written.</summary>
    public List<FirstCallRecord>? FirstCalls { get; set; }

    /// <summary>
    /// The measuring agent of every runtime other than the one SerBench ran on (<c>--runtimes</c>), by runtime name; null
    /// when the run measured only on its own runtime.
    /// </summary>
    public SortedDictionary<string, RuntimeAgentRecord>? RuntimeAgents { get; set; }

    /// <summary>
    /// Set by <c>serbench merge</c>: the files merged, each with its own environment and command. A cell's
    /// <see cref="ResultCell.Machine"/> names the source it came from. Null in a file written by one run.
    /// </summary>
    public List<ResultsSource>? Sources { get; set; }
}

/// <summary>
/// Where the cells of a merged file came from: the machine label the cells carry, the file it was read from (as given to
/// <c>merge</c>), and that file's own header. The run-level measurements (method, harness cost, machine-speed probes,
/// agents, packages) stay here, per source: each describes one machine, and none of them means anything averaged over
/// several.
/// </summary>
internal sealed record ResultsSource(string Machine, string File, ToolInfo Tool, string Command, string Profile, DateTimeOffset StartedAt,
    EnvironmentInfo Environment, AgentRecord? Agent,
    DateTimeOffset? FinishedAt = null,
    MeasurementMethod? Method = null,
    HarnessCalibrationResult? Calibration = null,
    IReadOnlyList<MachineProbeSample>? MachineProbes = null,
    SortedDictionary<string, RuntimeAgentRecord>? RuntimeAgents = null,
    SortedDictionary<string, string>? Packages = null);

/// <summary>
/// The agent built for one runtime: its exact runtime version (once it ran), whether it is Native AOT, the build's cost,
/// and why it is missing when it could not be built (the restore's or publish's own message).
/// </summary>
internal sealed record RuntimeAgentRecord(string Runtime, string? RuntimeVersion, string Compilation, bool Built, bool Reused, double BuildSeconds,
    string? Failure, IReadOnlyList<string> Warnings);

/// <summary>The parts of a first use, in microseconds: creating the codec, the first serialize, the first deserialize.</summary>
internal sealed record FirstCallBreakdown(double CreateMicroseconds, double SerializeMicroseconds, double DeserializeMicroseconds);

/// <summary>What one fresh process measured for the first use of a contender on a payload, in microseconds.</summary>
internal sealed record FirstCallRecord(string Contender, string Payload, double CreateMicroseconds, double SerializeMicroseconds, double DeserializeMicroseconds);

/// <summary>
/// The agent this run used: its cache key, whether it was reused from the cache, what its build cost when it was made
/// and what this run spent finding or building it, and what became of every pack.
/// </summary>
internal sealed record AgentRecord(string Key, bool Reused, double BuildSeconds, double OverheadSeconds, IReadOnlyList<AgentPackRecord> Packs);

/// <summary>One pack in the agent: <c>built</c>, <c>restore-failed</c> or <c>compile-failed</c>, with the tool's message.</summary>
internal sealed record AgentPackRecord(string Library, string Status, string? Message);

/// <summary>How a run measured: rounds per cell, what a round is, and how the interval was computed.</summary>
/// <param name="Rounds">Rounds per cell: each is a fresh process measuring the cell with BenchmarkDotNet.</param>
/// <param name="Grouping">What shares one process in a round: <c>contender</c> (one process per contender and study) or <c>in-process</c>.</param>
/// <param name="Interval">How Error was computed, in words.</param>
/// <param name="Clock">What iterations were timed with: <c>cpu</c> (the measuring process's CPU time) or <c>wall</c>; absent in files
/// written before SerBench had a choice, which used the wall clock.</param>
/// <param name="Prior">The run's prior for a cell's variance of log round means, as the intervals used it (schema 3; null
/// before a run has three cells with two rounds).</param>
internal sealed record MeasurementMethod(int Rounds, string Grouping, string Interval, string? Clock = null, Statistics.VariancePrior? Prior = null);

/// <summary>
/// An operation that only returns its input through the same call path every cell uses (closure, virtual codec call,
/// BenchmarkDotNet's loop): what a cell's mean contains that is not the library's work.
/// </summary>
/// <summary>
/// A run's time budget (<c>--budget</c>): its length, whether it ran out before every cell had the rounds it could use
/// (<see cref="RanOut"/>), the rounds spent on cells whose place in the verdict was open, and the cells it left unmeasured.
/// </summary>
internal sealed record RunBudget(double Seconds, bool RanOut, int ExtraRounds, IReadOnlyList<string> NotMeasured);

internal sealed record HarnessCalibrationResult(double MeanNs, double ErrorNs, IReadOnlyList<double> RoundsNs);

/// <summary>
/// One timing of the fixed machine-speed workload: seconds since the run started, and the fastest of a few calls of each
/// half: <paramref name="CoreNs"/> (a hash over 64 KB) and <paramref name="MemoryNs"/> (a random walk through 32 MB);
/// <paramref name="Ns"/> is their sum. Files written before the halves were recorded have <paramref name="Ns"/> only.
/// </summary>
internal sealed record MachineProbeSample(double AtSeconds, double Ns, double? CoreNs = null, double? MemoryNs = null);

internal sealed record ToolInfo(string Name, string Version, string? Commit);

/// <summary>Where the numbers come from; runtime knobs are recorded, never changed (fairness rule 6).</summary>
internal sealed record EnvironmentInfo
{
    public required string Os { get; init; }

    public required string CpuModel { get; init; }

    public required int LogicalCores { get; init; }

    public required string Runtime { get; init; }

    public required string Architecture { get; init; }

    /// <summary><c>workstation</c> or <c>server</c>, plus concurrent or not.</summary>
    public required string GcMode { get; init; }

    /// <summary>Tiered compilation: the runtime's default unless the environment or runtimeconfig says otherwise.</summary>
    public required string TieredCompilation { get; init; }

    public required string TieredPgo { get; init; }

    /// <summary><c>Release</c> normally; <c>Debug</c> marks numbers from an unoptimized build (tests), not to be trusted.</summary>
    public required string BuildConfiguration { get; init; }

    public required string MeasurementEngine { get; init; }

    /// <summary>
    /// Every runtime knob in effect in the measuring process, name → value and where it came from (globalization,
    /// GC flavour and concurrency, tiered compilation, tiered PGO, ReadyToRun, and any DOTNET_/COMPlus_ variable set).
    /// Null in files written before knobs were recorded.
    /// </summary>
    public SortedDictionary<string, string>? Knobs { get; init; }
}

/// <summary>One measured (or refused) cell: study × contender × payload × shape × count × operation.</summary>
internal sealed record ResultCell
{
    public required string Study { get; init; }

    public required string Contender { get; init; }

    public required string Library { get; init; }

    public required string LibraryVersion { get; init; }

    /// <summary><c>json</c> or <c>binary</c>.</summary>
    public required string Format { get; init; }

    /// <summary><c>utf8</c> or <c>utf16</c>.</summary>
    public required string TextMode { get; init; }

    /// <summary><c>reflection</c>, <c>source-generated</c>, <c>hand-written</c> or <c>run-time-il-emit</c>.</summary>
    public required string Generation { get; init; }

    /// <summary><c>safe</c> or <c>not-safe</c>: trimming and Native AOT support as the library documents it.</summary>
    public string? NativeAot { get; init; }

    /// <summary>True for a speed-of-light reference (hand-written per model), which findings do not rank among libraries.</summary>
    public bool Reference { get; init; }

    /// <summary>The library's licence.</summary>
    public string? Licence { get; init; }

    /// <summary>Label that must travel with the number (transcoding, anti-pattern, variant); null when none.</summary>
    public string? Note { get; init; }

    public required string Payload { get; init; }

    /// <summary><c>object</c>, <c>list</c> or <c>many</c> in JSON (<see cref="CellText"/>).</summary>
    public required Payloads.Shape Shape { get; init; }

    public required int Count { get; init; }

    /// <summary><c>serialize</c>, <c>deserialize</c>, <c>roundtrip</c>, or <c>first-call</c> (the first use in a fresh process) in JSON.</summary>
    public required Studies.Operation Operation { get; init; }

    /// <summary><c>OK</c>, <c>DIFFERS</c>, <c>MISMATCH</c>, <c>UNSUPPORTED</c>, <c>CRASH</c> or <c>UNAVAILABLE</c> in JSON.</summary>
    public required Verification.VerificationStatus Status { get; init; }

    public string? Reason { get; init; }

    public double? MeanNs { get; init; }

    /// <summary>Half-width of the 99.9% interval above the mean: <see cref="HighNs"/> − <see cref="MeanNs"/>, as BenchmarkDotNet's Error.</summary>
    public double? ErrorNs { get; init; }

    /// <summary>The 99.9% interval's lower bound (schema 3; derived from <see cref="ErrorNs"/> for older files). Spans every mode.</summary>
    public double? LowNs { get; init; }

    /// <summary>The 99.9% interval's upper bound (schema 3; derived from <see cref="ErrorNs"/> for older files). Spans every mode.</summary>
    public double? HighNs { get; init; }

    public double? StdDevNs { get; init; }

    public double? MedianNs { get; init; }

    public long? AllocatedBytes { get; init; }

    public double? Gen0 { get; init; }

    public double? Gen1 { get; init; }

    public double? Gen2 { get; init; }

    public long? PayloadBytes { get; init; }

    /// <summary>
    /// The output after each compressor it was measured with (size, median compress time), by <see cref="Sizes.Compressor.Name"/>;
    /// in JSON as <c>gzipBytes</c>, <c>gzipNs</c>, …, which the reader sets one at a time (<see cref="CompressorFields{T}"/>).
    /// </summary>
    [JsonIgnore]
    public ImmutableDictionary<string, Sizes.Compressed> Compressed { get; internal set; } = ImmutableDictionary<string, Sizes.Compressed>.Empty;

    /// <summary>Mean / the baseline's mean in the same study, payload, shape, count and operation.</summary>
    public double? Ratio { get; init; }

    public double? AllocRatio { get; init; }

    /// <summary>The contender that set <see cref="Ratio"/>.</summary>
    public string? Baseline { get; init; }

    /// <summary>True when Error/Mean stayed above the profile's target.</summary>
    public bool Noisy { get; init; }

    /// <summary>Wall-clock seconds spent verifying and measuring this cell.</summary>
    public double? Seconds { get; init; }

    /// <summary>Per-iteration nanoseconds per operation (outliers removed), for later significance tests.</summary>
    public IReadOnlyList<double>? IterationsNs { get; init; }

    /// <summary>The mean of each round that counts (a fresh process each); <see cref="MeanNs"/> is their mean. Null for single-round runs.</summary>
    public IReadOnlyList<double>? RoundsNs { get; init; }

    /// <summary>
    /// Means of rounds measured but not counted: with three rounds or more, those over 1.25× the median of the cell's rounds
    /// (a process that had not settled; see <c>RoundStatistics.SettledRounds</c>). Null when every round counted.
    /// </summary>
    public IReadOnlyList<double>? DroppedRoundsNs { get; init; }

    /// <summary>
    /// The runtime the cell was measured on: <c>net8.0</c>, <c>net9.0</c>, <c>net10.0</c>, or with <c>-aot</c> under
    /// Native AOT. Absent in schema-1 files; the reader fills it from their environment.
    /// </summary>
    public string? Runtime { get; init; }

    /// <summary>The exact runtime version of the process that measured the cell (<c>8.0.22</c>); null when no process of that runtime ran it.</summary>
    public string? RuntimeVersion { get; init; }

    /// <summary>
    /// For a <c>first-call</c> cell: the median over its fresh processes of each part of the first use. Its
    /// <see cref="MeanNs"/> is the median total, <see cref="RoundsNs"/> each process's total.
    /// </summary>
    public FirstCallBreakdown? FirstCall { get; init; }

    /// <summary>
    /// Set when the cell's fresh processes fell into two distinct speed groups (<c>RoundStatistics.Modes</c>): each group's
    /// mean, interval and number of processes, fastest first. <see cref="MeanNs"/> is then the mean over every process, its
    /// Error spans both groups, and a comparison holds only where it holds in both. Null for a cell with one speed.
    /// </summary>
    public IReadOnlyList<SpeedMode>? Modes { get; init; }

    /// <summary>In a merged file, the <see cref="ResultsSource.Machine"/> the cell came from; null in a file written by one run.</summary>
    public string? Machine { get; init; }

    /// <summary>The cell's status and reason as the gate's outcome (<see cref="Verification.GateOutcome.Of"/>).</summary>
    [JsonIgnore]
    public Verification.GateOutcome Outcome => Verification.GateOutcome.Of(Status, Reason);

    /// <summary>The status as every output prints it (<c>OK</c>, <c>CRASH</c>, …).</summary>
    [JsonIgnore]
    public string StatusLabel => CellText.Label(Status);

    /// <summary>True when the cell was measured under Native AOT (its runtime ends in <c>-aot</c>).</summary>
    [JsonIgnore]
    public bool IsNativeAot => Runtime?.EndsWith("-aot", StringComparison.Ordinal) == true;

    /// <summary>The cell's case as tables name it: <c>1 object</c>, <c>list of 1,000</c>, <c>1,000 calls</c>.</summary>
    [JsonIgnore]
    public string Case => CellText.Case(Shape, Count);

    /// <summary>The cell's identity, independent of how it is displayed.</summary>
    [JsonIgnore]
    public CellKey Key => new(Study, Contender, Payload, Shape, Count, Operation, Runtime ?? "", Machine ?? "");
}

/// <summary>
/// One speed group of a cell with two speeds: the mean of its processes' rounds, its 99.9% half-width, how many processes
/// landed in it, and their garbage collections per 1,000 operations (what may tell the two speeds apart).
/// </summary>
internal sealed record SpeedMode(double MeanNs, double ErrorNs, int Processes, double? Gen0 = null, double? Gen1 = null, double? Gen2 = null);

/// <summary>
/// What makes a cell the same cell in two files: study, contender, payload, shape, count, operation, runtime and (in a
/// merged file) machine. Compared ordinally; display labels are derived from it, never the other way round.
/// </summary>
internal readonly record struct CellKey(string Study, string Contender, string Payload, Payloads.Shape Shape, int Count, Studies.Operation Operation, string Runtime = "", string Machine = "")
{
    public override string ToString() => CellText.Of(this);
}
