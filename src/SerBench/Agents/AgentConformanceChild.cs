using SerBench.Conformance;
using SerBench.Core.Agents;
using SerBench.Core.Conformance;
using SerBench.Core.Contenders;

namespace SerBench.Agents;

// sources: the user's files and folders the documents come from.
internal sealed class AgentConformanceChild(IAgentClient client, IReadOnlyList<string> sources) : IConformanceChild
{
    public ConformanceChildAnswer Run(Contender contender, IReadOnlyList<ConformanceDocument> documents)
    {
        var answer = client.Send(AgentRequest.Conformance(contender, documents, sources), CancellationToken.None);
        return new ConformanceChildAnswer(answer.Reply is { Contender: not null } reply ? reply.Documents : null, answer.Reply?.Contender, answer.Failure);
    }
}
