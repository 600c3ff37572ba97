using SerBench.Core.Contenders;
using SerBench.Core.Studies;

namespace SerBench.Core.Running;

/// <summary>One contender on one workload of a study, with the operations to measure on it, on one runtime.</summary>
internal sealed record PlannedCase(Study Study, Contender Contender, Workload Workload, IReadOnlyList<Operation> Operations, string Baseline)
{
    public RuntimeTarget Runtime { get; init; } = RuntimeTarget.Current;

    /// <summary>Why the agent that should run this case (its runtime's, its version's, the models') did not build; set once, when the run is prepared.</summary>
    public string? RuntimeUnavailableReason { get; init; }

    // A case of the user's types runs their code (constructors, getters, setters), which must never end or hang SerBench's own process.
    public bool NeedsChildProcess => UnavailableReason is null && (Contender.NeedsProcessIsolation || Study.RunsInAgent || Study.UserTypes is not null);

    public string? UnavailableReason => RuntimeUnavailableReason ?? (Runtime.IsCurrent ? Contender.UnavailableReason : null);
}
