using SerBench.Contenders;
using SerBench.Payloads;

namespace SerBench.Studies;

/// <summary>What one measured cell does.</summary>
public enum Operation
{
    Serialize,
    Deserialize,

    /// <summary>Serialize then deserialize, as one operation.</summary>
    RoundTrip,
}

/// <summary>One payload in one shape at one size, and the operations measured on it.</summary>
public sealed record Workload(PayloadModel Payload, Shape Shape, int Count, IReadOnlyList<Operation> Operations);

/// <summary>A column a study's table shows, besides the contender and case.</summary>
public enum StudyColumn
{
    Mean,
    Error,
    StdDev,
    Median,
    Ratio,
    Gen0,
    Gen1,
    Gen2,
    Allocated,
    AllocRatio,
    PayloadBytes,
}

/// <summary>
/// A named preset reproducing one published study: its contenders, payloads, shapes, conventions, baseline and
/// the columns of its table. See <c>shared/studies.md</c>.
/// </summary>
public sealed class Study
{
    /// <summary>Command-line name, e.g. <c>web-api</c>.</summary>
    public required string Name { get; init; }

    public required string Title { get; init; }

    /// <summary>Where the study comes from (the article it reproduces).</summary>
    public required string Source { get; init; }

    /// <summary>The document conventions every contender is held to.</summary>
    public required JsonConventions Conventions { get; init; }

    /// <summary>Contender names in table order; the baseline should be listed first.</summary>
    public required IReadOnlyList<string> Contenders { get; init; }

    /// <summary>The contender that sets Ratio and Alloc Ratio.</summary>
    public required string Baseline { get; init; }

    public required IReadOnlyList<Workload> Workloads { get; init; }

    public required IReadOnlyList<StudyColumn> Columns { get; init; }

    /// <summary>Remarks printed under the study's heading (what was changed from the original and why).</summary>
    public IReadOnlyList<string> Notes { get; init; } = [];

    public override string ToString() => Name;
}
