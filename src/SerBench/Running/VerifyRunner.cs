using SerBench.Agents;
using SerBench.Core.Agents;
using SerBench.Core.Running;
using SerBench.Core.Verification;

namespace SerBench.Running;

/// <summary>The gate of every case in this process, except cases that could crash it, which go to a child with <see cref="AgentCaseRunner"/>'s fallback.</summary>
internal static class VerifyRunner
{
    public static IReadOnlyList<(PlannedCase Case, GateOutcome Outcome, long? PayloadBytes)> Run(IReadOnlyList<PlannedCase> plan, IAgentClient agents)
    {
        var byCase = new Dictionary<PlannedCase, (PlannedCase, GateOutcome, long?)>();
        foreach (var result in Gate.Verify([.. plan.Where(p => !p.NeedsChildProcess)]))
        {
            byCase[result.Case] = result;
        }

        var children = new AgentCaseRunner(agents);
        foreach (var group in plan.Where(p => p.NeedsChildProcess).GroupBy(p => (p.Study.Name, p.Contender.Name)))
        {
            foreach (var (planned, _, cell) in children.Verify([.. group], CancellationToken.None))
            {
                byCase[planned] = (planned, new GateOutcome(cell.Status, cell.Reason), cell.PayloadBytes);
            }
        }

        return [.. plan.Select(p => byCase[p])];
    }
}
