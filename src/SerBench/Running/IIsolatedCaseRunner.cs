using SerBench.Measurement;

namespace SerBench.Running;

/// <summary>
/// Verifies and measures one case in another process, so that a contender that crashes the process (stack overflow,
/// invalid IL, fail-fast) costs only its own cells. Implemented by the command-line layer, which knows how to start itself.
/// </summary>
public interface IIsolatedCaseRunner
{
    /// <summary>Every case of one contender in one study, in a single other process (one start-up for all of them).</summary>
    IsolatedCaseResult RunGroup(IReadOnlyList<PlannedCase> cases, MeasurementProfile profile, CancellationToken cancellation);

    /// <summary>One case alone: the fallback for the cases a group's process did not reach before it died.</summary>
    IsolatedCaseResult Run(PlannedCase planned, MeasurementProfile profile, CancellationToken cancellation);
}

/// <summary>The cells the other process wrote before it ended, and why it ended early (null when it finished normally).</summary>
public sealed record IsolatedCaseResult(IReadOnlyList<Results.ResultCell> Cells, string? Failure);
