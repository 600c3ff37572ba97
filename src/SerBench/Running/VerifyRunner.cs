using SerBench.Agents;
using SerBench.Core.Agents;
using SerBench.Core.Running;
using SerBench.Core.Verification;

namespace SerBench.Running;

/// <summary>The gate of every case in this process, except cases that could crash it, which go to a child with <see cref="AgentCaseRunner"/>'s fallback.</summary>
internal static class VerifyRunner
{
    /// <param name="plan">The cases to verify.</param>
    /// <param name="agents">Where cases that need a child go.</param>
    /// <param name="stop">Checked between cases; a child running when it fires is ended.</param>
    public static IReadOnlyList<(PlannedCase Case, GateOutcome Outcome, long? PayloadBytes)> Run(IReadOnlyList<PlannedCase> plan, IAgentClient agents, CancellationToken stop = default)
    {
        var byCase = new Dictionary<PlannedCase, (PlannedCase, GateOutcome, long?)>();
        foreach (var planned in plan.Where(p => !p.NeedsChildProcess))
        {
            stop.ThrowIfCancellationRequested();
            byCase[planned] = Gate.Verify([planned])[0];
        }

        var children = new AgentCaseRunner(agents);
        foreach (var group in plan.Where(p => p.NeedsChildProcess).GroupBy(p => (p.Study.Name, p.Contender.Name)))
        {
            foreach (var (planned, _, cell) in children.Verify([.. group], stop))
            {
                byCase[planned] = (planned, new GateOutcome(cell.Status, cell.Reason), cell.PayloadBytes);
            }

            // A stopped child's cases are not its outcome, and a stopped runner leaves some out.
            stop.ThrowIfCancellationRequested();
        }

        return [.. plan.Select(p => byCase[p])];
    }
}
