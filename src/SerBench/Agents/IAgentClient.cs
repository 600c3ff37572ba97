using SerBench.Core.Agents;

namespace SerBench.Agents;

/// <summary>What a child answered: its reply (null when it died before writing one) and why it ended early (null when it did not).</summary>
internal sealed record AgentAnswer(AgentReply? Reply, string? Failure);

/// <summary>
/// The parent side of the agent protocol: sends one <see cref="AgentRequest"/> to a fresh child process and returns its
/// answer. <see cref="AgentClient"/> starts real processes; tests give a fake.
/// </summary>
internal interface IAgentClient
{
    AgentAnswer Send(AgentRequest request, CancellationToken cancellation);
}
