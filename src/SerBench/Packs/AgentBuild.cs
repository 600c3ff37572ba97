namespace SerBench.Packs;

/// <summary>What became of one pack in an agent build.</summary>
internal enum PackBuildStatus
{
    /// <summary>Restored and compiled into the agent.</summary>
    Built,

    /// <summary>Its packages could not be restored from the configured sources.</summary>
    RestoreFailed,

    /// <summary>Its sources did not compile.</summary>
    CompileFailed,
}

/// <summary>One pack's outcome, with the tool's own message when it failed.</summary>
internal sealed record PackBuildResult(string Slug, string Library, PackBuildStatus Status, string? Message, IReadOnlyDictionary<string, string> RestoredVersions);

/// <summary>
/// The record an agent build leaves beside the agent (<c>build.json</c>): what went in (the key), what came out, and how
/// long it took. A later run with the same key reuses the agent; the record says it was reused, not a clock.
/// </summary>
internal sealed record AgentBuild
{
    public const string RecordFileName = "build.json";

    /// <summary>Hash of everything the agent is built from: sources, packs, package sources, NuGet configuration, runtime.</summary>
    public required string Key { get; init; }

    public required DateTimeOffset BuiltAt { get; init; }

    public required double BuildSeconds { get; init; }

    /// <summary>The agent's main assembly (its native executable under Native AOT); null when nothing could be built.</summary>
    public string? AgentAssembly { get; init; }

    public required IReadOnlyList<PackBuildResult> Packs { get; init; }

    /// <summary>Restore and build invocations, for the record ("restore", "build", …).</summary>
    public IReadOnlyList<string> Steps { get; init; } = [];

    /// <summary>The runtime the agent runs on (<c>net8.0</c>, <c>net9.0-aot</c>).</summary>
    public string Runtime { get; init; } = "";

    /// <summary>Why no agent exists for that runtime (its packs not served, no native linker): the tool's own message; null when built.</summary>
    public string? RuntimeFailure { get; init; }

    /// <summary>Trimming and Native AOT warnings the publish gave (IL2xxx, IL3xxx), each once.</summary>
    public IReadOnlyList<string> Warnings { get; init; } = [];

    /// <summary>The agent's files as built (path under the build folder, size, SHA-256): checked before the agent is reused.</summary>
    public IReadOnlyList<AgentFile>? Files { get; init; }

    /// <summary>Set when this process found the agent already built (not written to the record).</summary>
    [System.Text.Json.Serialization.JsonIgnore]
    public bool Reused { get; init; }

    /// <summary>Seconds this process spent finding (or building) the agent.</summary>
    [System.Text.Json.Serialization.JsonIgnore]
    public double ElapsedSeconds { get; init; }

    /// <summary>The build folder.</summary>
    [System.Text.Json.Serialization.JsonIgnore]
    public string Directory { get; init; } = "";
}
