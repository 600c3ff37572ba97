using SerBench.Core.Contenders;
using SerBench.Core.Measurement;
using SerBench.Core.Running;

namespace SerBench.Core.Agents;

/// <summary>What a child process is asked to do.</summary>
internal enum AgentMode
{
    /// <summary>Gate and measure the cases (one round); the reply gets the measured cells.</summary>
    Run,

    /// <summary>Gate only; the reply gets one cell per case with its status and payload size.</summary>
    Verify,

    /// <summary>Time the first codec creation, serialize and deserialize of the process; the reply gets one sample.</summary>
    FirstCall,

    /// <summary>Put conformance documents through the contender; the reply gets a cell per document.</summary>
    Conformance,
}

/// <summary>
/// The one request every child process gets, in every mode: SerBench itself for built-in contenders, the agent built from
/// the packs for pack contenders, another runtime's agent for that runtime. It carries the planned cases themselves (one
/// contender, one study, one runtime); the child looks each name up and runs exactly those cases, planning nothing.
/// <see cref="AgentRequestCodec"/> is its one encoding.
/// </summary>
internal sealed record AgentRequest
{
    public required AgentMode Mode { get; init; }

    /// <summary>The one contender the child runs.</summary>
    public required Contender Contender { get; init; }

    /// <summary>The runtime the parent planned for; a child on another runtime refuses the request.</summary>
    public RuntimeTarget Runtime { get; init; } = RuntimeTarget.Current;

    /// <summary>The cases to gate, measure or time first (run, verify, first-call), in the parent's order.</summary>
    public IReadOnlyList<PlannedCase> Cases { get; init; } = [];

    /// <summary>How to measure (run mode reads its name and clock).</summary>
    public MeasurementProfile Profile { get; init; } = MeasurementProfile.Smoke;

    /// <summary>Conformance: the documents to put through the contender, by name, in order.</summary>
    public IReadOnlyList<string> Documents { get; init; } = [];

    /// <summary>Conformance: the user's files and folders the documents may come from (full paths).</summary>
    public IReadOnlyList<string> DocumentSources { get; init; } = [];

    /// <summary>How long the parent waits before it calls the child hung; not sent to the child.</summary>
    public TimeSpan Timeout { get; init; } = TimeSpan.FromMinutes(10);

    /// <summary>Whether a child must run it in an agent built from the packs rather than in SerBench itself.</summary>
    public bool NeedsAgent => !Runtime.IsCurrent || Contender is Packs.PackContender or VersionedContender || Cases.Any(c => c.Study.RunsInAgent);

    /// <summary>
    /// Gate and measure one contender's cases of one study on one runtime. The child is hung after the profile's per-cell
    /// timeout for each of its cells, plus a minute for start-up and the gate.
    /// </summary>
    public static AgentRequest Run(IReadOnlyList<PlannedCase> cases, MeasurementProfile profile) => For(AgentMode.Run, cases) with
    {
        Profile = profile,
        Timeout = (profile.Timeout * cases.Sum(c => c.Operations.Count)) + TimeSpan.FromMinutes(1),
    };

    /// <summary>The gate alone for one contender's cases of one study.</summary>
    public static AgentRequest Verify(IReadOnlyList<PlannedCase> cases) => For(AgentMode.Verify, cases) with { Timeout = TimeSpan.FromMinutes(10) };

    /// <summary>The first use of the case's contender on its payload, in a fresh process.</summary>
    public static AgentRequest FirstCall(PlannedCase planned) => For(AgentMode.FirstCall, [planned]) with { Timeout = TimeSpan.FromMinutes(2) };

    /// <summary>Conformance documents through one contender: the documents by name, the user's files they may come from.</summary>
    public static AgentRequest Conformance(Contender contender, IReadOnlyList<Conformance.ConformanceDocument> documents, IReadOnlyList<string> sources) => new()
    {
        Mode = AgentMode.Conformance,
        Contender = contender,
        Documents = [.. documents.Select(d => d.Name)],
        DocumentSources = sources,
        // Start-up, plus a generous allowance per document and per megabyte: a library that takes longer is hung.
        Timeout = TimeSpan.FromSeconds(30 + (5 * documents.Count) + (documents.Sum(d => (double)d.Utf8.Length) / 100_000)),
    };

    private static AgentRequest For(AgentMode mode, IReadOnlyList<PlannedCase> cases)
    {
        if (cases.Count == 0)
        {
            throw new ArgumentException("An agent request needs at least one case.", nameof(cases));
        }

        var first = cases[0];
        if (cases.Any(c => c.Contender != first.Contender || c.Study != first.Study || c.Runtime != first.Runtime))
        {
            throw new ArgumentException("An agent request carries the cases of one contender in one study on one runtime.", nameof(cases));
        }

        return new AgentRequest { Mode = mode, Contender = first.Contender, Runtime = first.Runtime, Cases = cases };
    }
}
