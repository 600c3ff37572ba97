using SerBench.Core.Agents;

namespace SerBench.Agents;

// Child: how the process ended, for who must tell an exit code 1 from a hang; Failure is the one line the cells carry.
internal sealed record AgentAnswer(AgentReply? Reply, string? Failure, ChildOutcome? Child = null);

/// <summary>The parent side of the agent protocol: one request to a fresh child process; tests give a fake.</summary>
internal interface IAgentClient
{
    AgentAnswer Send(AgentRequest request, CancellationToken cancellation);
}
