namespace SerBench.Core.Agents;

/// <summary>A request this agent cannot follow (another SerBench wrote it, or it was edited): the user's options were checked by the parent, so this is never a <see cref="Running.UsageException"/>.</summary>
internal sealed class AgentRequestException(string message) : Exception(message);
