using SerBench.Core.Contenders;
using SerBench.Core.Results;
using SerBench.Core.Studies;
using SerBench.Core.Verification;

namespace SerBench.Core.Running;

/// <summary>The cells of a planned case: how each is described in results.json, found again, and labelled for progress.</summary>
internal static class PlannedCells
{
    public static ResultCell Describe(PlannedCase planned, Operation operation, GateOutcome outcome) => new()
    {
        Study = planned.Study.Name,
        Contender = planned.Contender.Name,
        Library = planned.Contender.Library,
        LibraryVersion = planned.Contender.LibraryVersion,
        Format = planned.Contender.Format.ToString().ToLowerInvariant(),
        TextMode = planned.Contender.TextMode.ToString().ToLowerInvariant(),
        Generation = GenerationName(planned.Contender.Generation),
        NativeAot = AotName(planned.Contender.NativeAot),
        Licence = planned.Contender.Licence,
        Reference = planned.Contender.IsReference,
        Note = planned.Contender.Note,
        Payload = planned.Workload.Payload.Name,
        Shape = planned.Workload.Shape,
        Count = planned.Workload.CellCount,
        Operation = operation,
        Status = outcome.Status,
        Reason = outcome.Reason,
        Baseline = planned.Baseline,
        Runtime = planned.Runtime.Name,
        // Only a process of that runtime knows its exact version; the parent describes other runtimes' cells without one.
        RuntimeVersion = planned.Runtime.IsCurrent ? Environment.Version.ToString() : null,
    };

    public static CellKey Key(PlannedCase planned, Operation operation) => Describe(planned, operation, GateOutcome.Ok).Key;

    public static CellRound? Find(IReadOnlyList<CellRound> rounds, PlannedCase planned, Operation operation)
    {
        var expected = Key(planned, operation);
        return rounds.FirstOrDefault(r => r.Described.Key == expected);
    }

    public static string GenerationName(Generation generation) => generation switch
    {
        Generation.SourceGenerated => "source-generated",
        Generation.HandWritten => "hand-written",
        Generation.RuntimeIlEmit => "run-time-il-emit",
        _ => "reflection",
    };

    public static string AotName(AotSupport support) => support == AotSupport.Safe ? "safe" : "not-safe";

    private const string LabelSeparator = " · ";

    /// <summary><c>web-api · stj-sourcegen-utf8 · person list of 200 · serialize</c>.</summary>
    public static string Label(PlannedCase planned, Operation operation)
    {
        var workload = planned.Workload;
        return string.Join(LabelSeparator, planned.Study.Name, planned.Contender.Name, $"{workload.Payload.Name} {CellText.Case(workload.Shape, workload.Count)}", CellText.Name(operation));
    }

    /// <summary>The contender a <see cref="Label"/> names, when it is of <paramref name="study"/>: results.json lists the cells the budget left unmeasured by label.</summary>
    public static string? ContenderIn(string label, string study)
    {
        var prefix = study + LabelSeparator;
        if (!label.StartsWith(prefix, StringComparison.Ordinal))
        {
            return null;
        }

        var end = label.IndexOf(LabelSeparator, prefix.Length, StringComparison.Ordinal);
        return end < 0 ? null : label[prefix.Length..end];
    }
}
