using SerBench.Core.Contenders;
using SerBench.Core.Measurement;
using SerBench.Core.Running;

namespace SerBench.Core.Agents;

internal enum AgentMode
{
    /// <summary>One round.</summary>
    Run,

    Verify,

    FirstCall,

    Conformance,

    /// <summary>Makes the user's types and reads the samples as them, so that SerBench's own process runs none of their code.</summary>
    Types,
}

/// <summary>Every child's request, in every mode: the child looks each name up and runs exactly these cases, planning nothing.</summary>
internal sealed record AgentRequest
{
    public required AgentMode Mode { get; init; }

    public required Contender Contender { get; init; }

    /// <summary>A child on another runtime refuses the request.</summary>
    public RuntimeTarget Runtime { get; init; } = RuntimeTarget.Current;

    public IReadOnlyList<PlannedCase> Cases { get; init; } = [];

    public MeasurementProfile Profile { get; init; } = MeasurementProfile.Smoke;

    /// <summary>Which of its contender's measuring processes this is (1 = the first), for <see cref="Contenders.DiagnosticSlowdown"/>.</summary>
    public int Process { get; init; } = 1;

    /// <summary>Every case passed the gate in an earlier process of the run: the child round-trips each once and does not compare again.</summary>
    public bool Passed { get; init; }

    /// <summary>Also measures the harness calibration, warmed with the cells, so no process measures it on its own.</summary>
    public bool Calibrate { get; init; }

    public IReadOnlyList<string> Documents { get; init; } = [];

    public IReadOnlyList<string> DocumentSources { get; init; } = [];

    /// <summary>What a types check makes.</summary>
    public UserData.UserTypesSource? Types { get; init; }

    /// <summary>Not sent to the child.</summary>
    public TimeSpan Timeout { get; init; } = TimeSpan.FromMinutes(10);

    public bool NeedsAgent => !Runtime.IsCurrent || Contender is Packs.PackContender or VersionedContender || Cases.Any(c => c.Study.RunsInAgent);

    // Hung after the profile's timeout per cell, plus a minute for start-up and the gate.
    public static AgentRequest Run(IReadOnlyList<PlannedCase> cases, MeasurementProfile profile, int process = 1, bool passed = false, bool calibrate = false) => For(AgentMode.Run, cases, studies: true) with
    {
        Profile = profile,
        Process = process,
        Passed = passed,
        Calibrate = calibrate,
        Timeout = (profile.Timeout * cases.Sum(c => c.Operations.Count)) + TimeSpan.FromMinutes(1),
    };

    /// <summary>A verifying child still running after this is hung: its cases are CRASH (docs/gate.md states it).</summary>
    public static TimeSpan VerifyTimeLimit { get; } = TimeSpan.FromMinutes(10);

    public static AgentRequest Verify(IReadOnlyList<PlannedCase> cases) => For(AgentMode.Verify, cases) with { Timeout = VerifyTimeLimit };

    public static AgentRequest FirstCall(PlannedCase planned) => For(AgentMode.FirstCall, [planned]) with { Timeout = TimeSpan.FromMinutes(2) };

    /// <summary>A types check still running after this is hung in the user's code: its type is refused (docs/commands.md states it).</summary>
    public static TimeSpan TypesTimeLimit { get; } = TimeSpan.FromSeconds(30);

    // The contender is the one whose library reads the samples there: System.Text.Json by reflection.
    public static AgentRequest TypesCheck(UserData.UserTypesSource types) => new()
    {
        Mode = AgentMode.Types,
        Contender = ContenderRegistry.BuiltIn.OfType<SystemTextJsonReflectionUtf8>().Single(),
        Types = types,
        Timeout = TypesTimeLimit,
    };

    public static AgentRequest Conformance(Contender contender, IReadOnlyList<Conformance.ConformanceDocument> documents, IReadOnlyList<string> sources) => new()
    {
        Mode = AgentMode.Conformance,
        Contender = contender,
        Documents = [.. documents.Select(d => d.Name)],
        DocumentSources = sources,
        // Start-up, plus a generous allowance per document and per megabyte: a library that takes longer is hung.
        Timeout = TimeSpan.FromSeconds(30 + (5 * documents.Count) + (documents.Sum(d => (double)d.Utf8.Length) / 100_000)),
    };

    // A measuring process may carry several studies of its contender: settling and warming are then paid once for all of them.
    private static AgentRequest For(AgentMode mode, IReadOnlyList<PlannedCase> cases, bool studies = false)
    {
        if (cases.Count == 0)
        {
            throw new ArgumentException("An agent request needs at least one case.", nameof(cases));
        }

        var first = cases[0];
        if (cases.Any(c => c.Contender != first.Contender || (!studies && c.Study != first.Study) || c.Runtime != first.Runtime))
        {
            throw new ArgumentException("An agent request carries the cases of one contender on one runtime (in one study, but to measure).", nameof(cases));
        }

        return new AgentRequest { Mode = mode, Contender = first.Contender, Runtime = first.Runtime, Cases = cases };
    }
}
