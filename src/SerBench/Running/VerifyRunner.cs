using System.Globalization;
using SerBench.Agents;
using SerBench.Core.Agents;
using SerBench.Core.Results;
using SerBench.Core.Running;
using SerBench.Core.Verification;

namespace SerBench.Running;

/// <summary>The gate of every case in this process, except cases that could crash it, which go to a child with <see cref="AgentCaseRunner"/>'s fallback.</summary>
internal static class VerifyRunner
{
    /// <param name="plan">The cases to verify.</param>
    /// <param name="agents">Where cases that need a child go.</param>
    /// <param name="stop">Checked between cases; a child running when it fires is ended.</param>
    /// <param name="progress">Told before each child starts, naming its contender and cases and its time limit.</param>
    public static IReadOnlyList<(PlannedCase Case, GateOutcome Outcome, long? PayloadBytes)> Run(IReadOnlyList<PlannedCase> plan, IAgentClient agents, CancellationToken stop = default,
        Action<string>? progress = null)
    {
        var byCase = new Dictionary<PlannedCase, (PlannedCase, GateOutcome, long?)>();
        foreach (var planned in plan.Where(p => !p.NeedsChildProcess))
        {
            stop.ThrowIfCancellationRequested();
            byCase[planned] = Gate.Verify([planned])[0];
        }

        var children = new AgentCaseRunner(progress is null ? agents : new Announcing(agents, progress));
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

    /// <summary>A contender that never returns keeps its child silent up to the time limit: the line says what is waited for.</summary>
    private sealed class Announcing(IAgentClient inner, Action<string> progress) : IAgentClient
    {
        public AgentAnswer Send(AgentRequest request, CancellationToken cancellation)
        {
            var cases = request.Cases is [var only] ? $"{only.Study.Name} · {only.Workload.Payload.Name} {CellText.Case(only.Workload.Shape, only.Workload.CellCount)}"
                : $"{request.Cases[0].Study.Name} · {request.Cases.Count} cases";
            progress(string.Create(CultureInfo.InvariantCulture,
                $"verifying {request.Contender.Name} · {cases} in a separate process (stopped as hung after {request.Timeout.TotalMinutes:0.#} min)"));
            return inner.Send(request, cancellation);
        }
    }
}
