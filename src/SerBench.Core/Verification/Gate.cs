using SerBench.Core.Running;
using SerBench.Core.Sizes;

namespace SerBench.Core.Verification;

/// <summary>The correctness gate of planned cases, in this process: whatever a contender throws is its CRASH, not the run's.</summary>
internal static class Gate
{
    // Raw size only: nothing is compressed.
    public static IReadOnlyList<(PlannedCase Case, GateOutcome Outcome, long? PayloadBytes)> Verify(IReadOnlyList<PlannedCase> plan) =>
        [.. plan.Select(p =>
        {
            var prepared = Prepare(p, Compressions.None);
            return (p, WithItsPaths(prepared, p.Workload.Operations), prepared.PayloadBytes);
        })];

    // A stream or pipe path that loses data or throws fails the case as the buffered calls would; one that is missing does not.
    private static GateOutcome WithItsPaths(PreparedCase prepared, IReadOnlyList<Studies.Operation> operations) =>
        prepared.Outcome.IsTimed && operations.Where(o => Studies.OperationPaths.AsyncPathOf(o) is not null).Select(prepared.OutcomeFor)
            .FirstOrDefault(o => o.Status is VerificationStatus.Mismatch or VerificationStatus.Crash) is { } failed
            ? failed
            : prepared.Outcome;

    internal static PreparedCase Prepare(PlannedCase planned, Compressions compressions, bool passed = false)
    {
        if (planned.RuntimeUnavailableReason is { } agentMissing)
        {
            return PreparedCase.Failed(new GateOutcome(VerificationStatus.Unavailable, agentMissing));
        }

        try
        {
            return Verifier.Prepare(planned.Contender, planned.Study.Conventions, planned.Workload, compressions: compressions, passed: passed);
        }
#pragma warning disable CA1031 // Whatever escapes the gate is a CRASH of that contender, not of the run.
        catch (Exception exception)
#pragma warning restore CA1031
        {
            return PreparedCase.Failed(GateOutcome.CrashFrom("verification", exception, planned.Contender.Name));
        }
    }
}
