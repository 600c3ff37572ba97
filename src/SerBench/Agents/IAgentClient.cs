using SerBench.Core.Agents;

namespace SerBench.Agents;

internal sealed record AgentAnswer(AgentReply? Reply, string? Failure);

/// <summary>The parent side of the agent protocol: one request to a fresh child process; tests give a fake.</summary>
internal interface IAgentClient
{
    AgentAnswer Send(AgentRequest request, CancellationToken cancellation);
}
