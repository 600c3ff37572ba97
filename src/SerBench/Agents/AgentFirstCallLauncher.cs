using SerBench.Core.Agents;
using SerBench.Core.Running;
using SerBench.FirstCall;

namespace SerBench.Agents;

internal sealed class AgentFirstCallLauncher(IAgentClient client) : IFirstCallLauncher
{
    public FirstCallLaunch Launch(PlannedCase planned, CancellationToken cancellation)
    {
        var answer = client.Send(AgentRequest.FirstCall(planned), cancellation);
        return answer.Failure is null && answer.Reply?.FirstCall is { } sample
            ? new FirstCallLaunch(sample, null)
            : new FirstCallLaunch(null, answer.Failure ?? "the process wrote no result");
    }
}
