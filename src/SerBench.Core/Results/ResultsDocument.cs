using System.Collections.Immutable;
using System.Text.Json.Serialization;

namespace SerBench.Core.Results;

/// <summary>The whole of <c>results.json</c>; <c>docs/results-format.md</c> is the reference for every field.</summary>
internal sealed class ResultsDocument
{
    // Bumped whenever a field changes meaning or disappears (the versions are listed in docs/results-format.md).
    public const int CurrentSchemaVersion = 3;
    public const int OldestReadableSchemaVersion = 1;

    public int SchemaVersion { get; init; } = CurrentSchemaVersion;
    public required ToolInfo Tool { get; init; }
    public required string Command { get; init; }
    public required string Profile { get; init; }
    public required DateTimeOffset StartedAt { get; init; }
    public DateTimeOffset? FinishedAt { get; set; }
    public required EnvironmentInfo Environment { get; init; }
    public required SortedDictionary<string, string> Packages { get; init; }
    public List<ResultCell> Cells { get; init; } = [];
    public List<StudyDefinition>? Studies { get; init; }
    public MeasurementMethod? Method { get; set; }
    public HarnessCalibrationResult? Calibration { get; set; }
    public RunBudget? Budget { get; set; }
    public List<MachineProbeSample>? MachineProbes { get; set; }
    public List<OddProcess>? OddProcesses { get; set; }
    public AgentRecord? Agent { get; set; }

    /// <summary>Only in an older SerBench's first-call answer (children answer with reply.json); read, never written.</summary>
    public List<FirstCallRecord>? FirstCalls { get; set; }

    public SortedDictionary<string, RuntimeAgentRecord>? RuntimeAgents { get; set; }
    public SortedDictionary<string, VersionAgentRecord>? VersionAgents { get; set; }
    public List<ResultsSource>? Sources { get; set; }
}

/// <summary>A merged file's source; the run-level measurements stay per source, as none means anything averaged over machines.</summary>
internal sealed record ResultsSource(string Machine, string File, ToolInfo Tool, string Command, string Profile, DateTimeOffset StartedAt,
    EnvironmentInfo Environment, AgentRecord? Agent,
    DateTimeOffset? FinishedAt = null,
    MeasurementMethod? Method = null,
    HarnessCalibrationResult? Calibration = null,
    IReadOnlyList<MachineProbeSample>? MachineProbes = null,
    SortedDictionary<string, RuntimeAgentRecord>? RuntimeAgents = null,
    SortedDictionary<string, string>? Packages = null,
    SortedDictionary<string, VersionAgentRecord>? VersionAgents = null);

internal sealed record RuntimeAgentRecord(string Runtime, string? RuntimeVersion, string Compilation, bool Built, bool Reused, double BuildSeconds,
    string? Failure, IReadOnlyList<string> Warnings);

/// <summary>The agent a <c>name@version</c> contender ran in; contenders of one package version share it.</summary>
internal sealed record VersionAgentRecord(string Package, string Version, string Key, bool Built, bool Reused, double BuildSeconds, string? Failure);

internal sealed record FirstCallBreakdown(double CreateMicroseconds, double SerializeMicroseconds, double DeserializeMicroseconds);

internal sealed record FirstCallRecord(string Contender, string Payload, double CreateMicroseconds, double SerializeMicroseconds, double DeserializeMicroseconds);

internal sealed record AgentRecord(string Key, bool Reused, double BuildSeconds, double OverheadSeconds, IReadOnlyList<AgentPackRecord> Packs);

internal sealed record AgentPackRecord(string Library, string Status, string? Message);

/// <summary>A null <paramref name="Clock"/> is a file from before the choice, timed with the wall clock.</summary>
internal sealed record MeasurementMethod(int Rounds, string Grouping, string Interval, string? Clock = null, Statistics.VariancePrior? Prior = null);

internal sealed record RunBudget(double Seconds, bool RanOut, int ExtraRounds, IReadOnlyList<string> NotMeasured)
{
    /// <summary>Cells the budget left with one process: shown, never ranked.</summary>
    public IReadOnlyList<string>? MeasuredOnce { get; init; }
}

/// <summary>
/// A measuring process whose cells, together, ran <paramref name="Ratio"/>× the median of their other processes (2× or
/// more either way): its rounds are left out and its contender gets another process. <paramref name="Cause"/> is what the
/// evidence shows (the machine probe, the warm-up's own account), or that it does not show one.
/// </summary>
internal sealed record OddProcess(string Contender, string? Runtime, int Process, double Ratio, int Cells, string Cause);

/// <summary>The harness's own cost: an identity operation through the call path every cell uses.</summary>
internal sealed record HarnessCalibrationResult(double MeanNs, double ErrorNs, IReadOnlyList<double> RoundsNs);

/// <summary><paramref name="Ns"/> is <paramref name="CoreNs"/> + <paramref name="MemoryNs"/>; older files have the sum only.</summary>
internal sealed record MachineProbeSample(double AtSeconds, double Ns, double? CoreNs = null, double? MemoryNs = null);

internal sealed record ToolInfo(string Name, string Version, string? Commit);

/// <summary>Runtime knobs are recorded; SerBench changes only when code is promoted to tier 1 (<see cref="Measurement.MeasuringKnobs"/>).</summary>
internal sealed record EnvironmentInfo
{
    public required string Os { get; init; }
    public required string CpuModel { get; init; }
    public required int LogicalCores { get; init; }
    public required string Runtime { get; init; }
    public required string Architecture { get; init; }
    public required string GcMode { get; init; }
    public required string TieredCompilation { get; init; }
    public required string TieredPgo { get; init; }

    /// <summary><c>Debug</c> marks numbers from an unoptimized build (tests), not to be trusted.</summary>
    public required string BuildConfiguration { get; init; }

    public required string MeasurementEngine { get; init; }
    public SortedDictionary<string, string>? Knobs { get; init; }
}

/// <summary>One measured (or refused) cell: study × contender × payload × shape × count × operation.</summary>
internal sealed record ResultCell
{
    public required string Study { get; init; }
    public required string Contender { get; init; }
    public required string Library { get; init; }
    public required string LibraryVersion { get; init; }
    public required string Format { get; init; }
    public required string TextMode { get; init; }
    public required string Generation { get; init; }
    public string? NativeAot { get; init; }

    /// <summary>A speed-of-light reference, which findings do not rank among libraries.</summary>
    public bool Reference { get; init; }

    public string? Licence { get; init; }
    public string? Note { get; init; }
    public required string Payload { get; init; }
    public required Payloads.Shape Shape { get; init; }
    public required int Count { get; init; }
    public required Studies.Operation Operation { get; init; }
    public required Verification.VerificationStatus Status { get; init; }
    public string? Reason { get; init; }

    /// <summary>Over round means (<see cref="RoundsNs"/>) when rounds were combined; over one process's iterations otherwise.</summary>
    public double? MeanNs { get; init; }

    /// <summary>Half-width of the 99.9% interval, as BenchmarkDotNet's Error; the verdict uses <see cref="LowNs"/>/<see cref="HighNs"/>.</summary>
    public double? ErrorNs { get; init; }

    public double? LowNs { get; init; }
    public double? HighNs { get; init; }

    /// <summary>Over the counted rounds' pooled iterations (<see cref="IterationsNs"/>), not over round means as <see cref="MeanNs"/> is.</summary>
    public double? StdDevNs { get; init; }

    /// <summary>Over the counted rounds' pooled iterations, as <see cref="StdDevNs"/> is.</summary>
    public double? MedianNs { get; init; }
    public long? AllocatedBytes { get; init; }
    public double? Gen0 { get; init; }
    public double? Gen1 { get; init; }
    public double? Gen2 { get; init; }
    public long? PayloadBytes { get; init; }

    /// <summary>The most memory one call kept alive at once, sampled with full collections outside timing (a list read whole or item by item).</summary>
    public long? PeakLiveBytes { get; init; }

    /// <summary>By <see cref="Sizes.Compressor.Name"/>; in JSON as <c>gzipBytes</c>, <c>gzipNs</c>, … (<see cref="CompressorFields{T}"/>).</summary>
    [JsonIgnore]
    public ImmutableDictionary<string, Sizes.Compressed> Compressed { get; internal set; } = ImmutableDictionary<string, Sizes.Compressed>.Empty;

    public double? Ratio { get; init; }
    public double? AllocRatio { get; init; }
    public string? Baseline { get; init; }
    public bool Noisy { get; init; }
    public double? Seconds { get; init; }
    public IReadOnlyList<double>? IterationsNs { get; init; }

    /// <summary>One mean per counted round (a fresh process each); <see cref="MeanNs"/> is their mean.</summary>
    public IReadOnlyList<double>? RoundsNs { get; init; }

    public IReadOnlyList<double>? DroppedRoundsNs { get; init; }
    public string? Runtime { get; init; }
    public string? RuntimeVersion { get; init; }

    /// <summary>Medians over the fresh processes; a first-call cell's <see cref="MeanNs"/> is the median total.</summary>
    public FirstCallBreakdown? FirstCall { get; init; }

    /// <summary>Two speed groups, fastest first; a comparison holds only where it holds in both.</summary>
    public IReadOnlyList<SpeedMode>? Modes { get; init; }

    public string? Machine { get; init; }

    [JsonIgnore]
    public Verification.GateOutcome Outcome => Verification.GateOutcome.Of(Status, Reason);

    [JsonIgnore]
    public string StatusLabel => CellText.Label(Status);

    /// <summary>Its mean rests on one fresh process (the budget ran out, the others were odd, or an older file): never ranked or separated.</summary>
    [JsonIgnore]
    public bool OneProcess => Operation != Studies.Operation.FirstCall && MeanNs is not null && RoundsNs is { Count: 1 };

    [JsonIgnore]
    public bool IsNativeAot => Runtime?.EndsWith("-aot", StringComparison.Ordinal) == true;

    /// <summary>As tables name it: <c>1 object</c>, <c>list of 1,000</c>, <c>1,000 calls</c>.</summary>
    [JsonIgnore]
    public string Case => CellText.Case(Shape, Count);

    [JsonIgnore]
    public CellKey Key => new(Study, Contender, Payload, Shape, Count, Operation, Runtime ?? "", Machine ?? "");
}

/// <summary>Collections are per 1,000 operations: what may tell the two speeds apart.</summary>
internal sealed record SpeedMode(double MeanNs, double ErrorNs, int Processes, double? Gen0 = null, double? Gen1 = null, double? Gen2 = null);

/// <summary>What makes a cell the same cell in two files; display labels are derived from it, never the other way round.</summary>
internal readonly record struct CellKey(string Study, string Contender, string Payload, Payloads.Shape Shape, int Count, Studies.Operation Operation, string Runtime = "", string Machine = "")
{
    public override string ToString() => CellText.Of(this);
}
