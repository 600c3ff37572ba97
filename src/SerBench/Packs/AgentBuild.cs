namespace SerBench.Packs;

/// <summary>What became of one pack in an agent build.</summary>
public enum PackBuildStatus
{
    /// <summary>Restored and compiled into the agent.</summary>
    Built,

    /// <summary>Its packages could not be restored from the configured sources.</summary>
    RestoreFailed,

    /// <summary>Its sources did not compile.</summary>
    CompileFailed,
}

/// <summary>One pack's outcome, with the tool's own message when it failed.</summary>
public sealed record PackBuildResult(string Slug, string Library, PackBuildStatus Status, string? Message, IReadOnlyDictionary<string, string> RestoredVersions);

/// <summary>
/// The record an agent build leaves beside the agent (<c>build.json</c>): what went in (the key), what came out, and how
/// long it took. A later run with the same key reuses the agent; the record says it was reused, not a clock.
/// </summary>
public sealed record AgentBuild
{
    public const string RecordFileName = "build.json";

    /// <summary>Hash of everything the agent is built from: sources, packs, package sources, NuGet configuration, runtime.</summary>
    public required string Key { get; init; }

    public required DateTimeOffset BuiltAt { get; init; }

    public required double BuildSeconds { get; init; }

    /// <summary>The agent's main assembly; null when no pack could be built.</summary>
    public string? AgentAssembly { get; init; }

    public required IReadOnlyList<PackBuildResult> Packs { get; init; }

    /// <summary>Restore and build invocations, for the record ("restore", "build", …).</summary>
    public IReadOnlyList<string> Steps { get; init; } = [];

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
