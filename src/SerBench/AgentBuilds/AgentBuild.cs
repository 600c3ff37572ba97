namespace SerBench.AgentBuilds;

internal enum PackBuildStatus
{
    Built,

    RestoreFailed,

    CompileFailed,
}

internal sealed record PackBuildResult(string Slug, string Library, PackBuildStatus Status, string? Message, IReadOnlyDictionary<string, string> RestoredVersions);

/// <summary>The record beside a built agent (<c>build.json</c>): what went in, what came out, how long it took.</summary>
internal sealed record AgentBuild
{
    public const string RecordFileName = "build.json";

    public required string Key { get; init; }

    public required DateTimeOffset BuiltAt { get; init; }

    public required double BuildSeconds { get; init; }

    /// <summary>Under Native AOT, its native executable; null when nothing could be built.</summary>
    public string? AgentAssembly { get; init; }

    public required IReadOnlyList<PackBuildResult> Packs { get; init; }

    public IReadOnlyList<string> Steps { get; init; } = [];

    /// <summary><c>net8.0</c>, <c>net9.0-aot</c>…</summary>
    public string Runtime { get; init; } = "";

    /// <summary>Why no agent exists for that runtime (packs not served, no native linker); null when built.</summary>
    public string? RuntimeFailure { get; init; }

    /// <summary>Trimming and Native AOT warnings (IL2xxx, IL3xxx), each once.</summary>
    public IReadOnlyList<string> Warnings { get; init; } = [];

    /// <summary>Checked before the agent is reused.</summary>
    public IReadOnlyList<AgentFile>? Files { get; init; }

    [System.Text.Json.Serialization.JsonIgnore]
    public bool Reused { get; init; }

    [System.Text.Json.Serialization.JsonIgnore]
    public double ElapsedSeconds { get; init; }

    [System.Text.Json.Serialization.JsonIgnore]
    public string Directory { get; init; } = "";
}
