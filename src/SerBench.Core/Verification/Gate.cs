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
            return (p, prepared.Outcome, prepared.PayloadBytes);
        })];

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
