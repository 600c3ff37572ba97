using System.Text.Json.Serialization;
using SerBench.Core.Studies;

namespace SerBench.Core.Results;

/// <summary>A study as it was run, so <c>report</c> renders an old file the same way after the code's definitions change.</summary>
internal sealed record StudyDefinition : StudyLayout
{
    [JsonPropertyOrder(4)]
    public required ConventionsDefinition Conventions { get; init; }

    [JsonPropertyOrder(10)]
    public IReadOnlyList<WorkloadDefinition> Workloads { get; init; } = [];

    [JsonIgnore]
    public static IReadOnlyList<StudyColumn> DefaultColumns { get; } =
        [StudyColumn.Mean, StudyColumn.Error, StudyColumn.Ratio, StudyColumn.Allocated, StudyColumn.AllocRatio, StudyColumn.PayloadBytes];

    public static StudyDefinition From(Study study) => new()
    {
        Name = study.Name,
        Title = study.Title,
        Source = study.Source,
        Conventions = new ConventionsDefinition(study.Conventions.Name, study.Conventions.CamelCase, study.Conventions.EnumsAsStrings, study.Conventions.CaseInsensitiveReading),
        Contenders = study.Contenders,
        Baseline = study.Baseline,
        Columns = study.Columns,
        Sections = study.Sections,
        Notes = study.Notes,
        Workloads = [.. study.Workloads.Select(w => new WorkloadDefinition(w.Payload.Name, w.Shape, w.Count, w.Operations))],
    };

    /// <summary>The recorded definition; else today's study of that name; else a bare one.</summary>
    public static StudyDefinition Resolve(ResultsDocument document, string name) =>
        document.Studies?.FirstOrDefault(s => s.Name == name)
        ?? (StudyRegistry.All.FirstOrDefault(s => s.Name == name) is { } known ? From(known) : Bare(name));

    private static StudyDefinition Bare(string name) => new()
    {
        Name = name, Title = name, Source = "(not recorded)", Conventions = new ConventionsDefinition("(not recorded)", false, false, false), Contenders = [], Baseline = "",
    };
}

internal sealed record ConventionsDefinition(string Name, bool CamelCase, bool EnumsAsStrings, bool CaseInsensitiveReading);

internal sealed record WorkloadDefinition(string Payload, Payloads.Shape Shape, int Count, IReadOnlyList<Operation> Operations);
