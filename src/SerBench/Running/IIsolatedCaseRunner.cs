using SerBench.Measurement;

namespace SerBench.Running;

/// <summary>
/// Verifies and measures one case in another process, so that a contender that crashes the process (stack overflow,
/// invalid IL, fail-fast) costs only its own cells. Implemented by the command-line layer, which knows how to start itself.
/// </summary>
public interface IIsolatedCaseRunner
{
    IsolatedCaseResult Run(PlannedCase planned, MeasurementProfile profile, CancellationToken cancellation);
}

/// <summary>The cells the other process wrote before it ended, and why it ended early (null when it finished normally).</summary>
public sealed record IsolatedCaseResult(IReadOnlyList<Results.ResultCell> Cells, string? Failure);
