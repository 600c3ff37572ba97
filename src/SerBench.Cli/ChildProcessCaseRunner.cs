using System.Globalization;
using SerBench.FirstCall;
using SerBench.Measurement;
using SerBench.Packs;
using SerBench.Results;
using SerBench.Running;

namespace SerBench.Cli;

/// <summary>
/// Measures cases in a child process through an <see cref="AgentRequest"/>: a whole group (one contender in one study),
/// or one case. On SerBench's own runtime a pack contender runs in the agent built from the packs and a built-in one in
/// SerBench itself; on another runtime every contender runs in that runtime's agent. The child rewrites its results.json
/// after every cell, so whatever it finished before dying is read back and kept.
/// </summary>
internal sealed class ChildProcessCaseRunner(string outputDirectory, AgentBuild? agent, IReadOnlyDictionary<RuntimeTarget, AgentBuild>? runtimeAgents = null)
    : IIsolatedCaseRunner, IFirstCallLauncher
{
    private int _launched;

    public IsolatedCaseResult RunGroup(IReadOnlyList<PlannedCase> cases, MeasurementProfile profile, CancellationToken cancellation) =>
        RunChild(cases, profile, cancellation);

    public IsolatedCaseResult Run(PlannedCase planned, MeasurementProfile profile, CancellationToken cancellation) =>
        RunChild([planned], profile, cancellation);

    /// <summary>
    /// Runs the child; it is considered hung after the profile's per-cell timeout for each of its cells, plus a minute
    /// for start-up and the correctness gate.
    /// </summary>
    private IsolatedCaseResult RunChild(IReadOnlyList<PlannedCase> cases, MeasurementProfile profile, CancellationToken cancellation)
    {
        var contender = cases[0].Contender;
        var runtime = cases[0].Runtime;
        var name = OutputFolder.Slug(runtime.IsCurrent ? contender.Name : $"{contender.Name}-{runtime.Name}");
        var directory = Path.Combine(outputDirectory, "isolated", (++_launched).ToString("000", CultureInfo.InvariantCulture) + "-" + name);
        var timeout = profile.Timeout * cases.Sum(c => c.Operations.Count) + TimeSpan.FromMinutes(1);
        var (inAgent, chosen) = ChildFor(cases[0]);
        var answer = AgentProcess.Run(AgentRequest.For(AgentMode.Run, cases, profile.Name, profile.Clock), directory, timeout, cancellation, inAgent, chosen);
        return new IsolatedCaseResult(answer.Results?.Cells ?? [], answer.Failure);
    }

    /// <summary>One fresh process that times the first use of the case's contender; each keeps its folder for a reader who wonders.</summary>
    public FirstCallLaunch Launch(PlannedCase planned, CancellationToken cancellation)
    {
        var name = OutputFolder.Slug($"{planned.Contender.Name}-{planned.Workload.Payload.Name}" + (planned.Runtime.IsCurrent ? "" : "-" + planned.Runtime.Name));
        var directory = Path.Combine(outputDirectory, "first-call", (++_launched).ToString("000", CultureInfo.InvariantCulture) + "-" + name);
        var (inAgent, chosen) = ChildFor(planned);
        var answer = AgentProcess.Run(AgentRequest.For(AgentMode.FirstCall, [planned], "smoke"), directory, TimeSpan.FromMinutes(2), cancellation, inAgent, chosen);
        return answer.Failure is null && answer.Results?.FirstCalls is [var sample]
            ? new FirstCallLaunch(new FirstCallSample(sample.CreateMicroseconds, sample.SerializeMicroseconds, sample.DeserializeMicroseconds), null)
            : new FirstCallLaunch(null, answer.Failure ?? "the process wrote no result: " + answer.Outcome.Error.Split('\n')[0]);
    }

    /// <summary>
    /// Which process measures a case: on SerBench's own runtime a pack contender's agent or SerBench itself, on another
    /// runtime that runtime's agent.
    /// </summary>
    private (bool InAgent, AgentBuild? Agent) ChildFor(PlannedCase planned) => planned.Runtime.IsCurrent
        ? (planned.Contender is PackContender || planned.Study.RunsInAgent, agent)
        : (true, runtimeAgents?.GetValueOrDefault(planned.Runtime)
                 ?? throw new InvalidOperationException($"No agent was prepared for {planned.Runtime.Name}; its cases should have been UNAVAILABLE."));
}
