using System.Diagnostics.CodeAnalysis;
using SerBench.Core.Contenders;
using SerBench.Core.Measurement;
using SerBench.Core.Payloads;
using SerBench.Core.Studies;
using SerBench.Core.UserData;

namespace SerBench.Core.Running;

/// <summary>What to run, resolved from the command line (RunOptionsParser). Null lists mean "as each study says".</summary>
internal sealed record RunRequest
{
    public required IReadOnlyList<Study> Studies { get; init; }

    public IReadOnlyList<Contender>? Contenders { get; init; }

    public IReadOnlyList<PayloadModel>? Payloads { get; init; }

    public IReadOnlyList<int>? Sizes { get; init; }

    public IReadOnlyList<Operation>? Operations { get; init; }

    public IReadOnlyList<Shape>? Shapes { get; init; }

    /// <summary>Applied after every other filter.</summary>
    public CellSelection? Cells { get; init; }

    public MeasurementProfile Profile { get; init; } = MeasurementProfile.Quick;

    public IReadOnlyList<RuntimeTarget> Runtimes { get; init; } = [RuntimeTarget.Current];

    /// <summary>They join every study that measures their format.</summary>
    public IReadOnlyList<Contender> UserContenders { get; init; } = [];

    /// <summary>With <c>--data</c>, why the documents are not also measured as typed objects.</summary>
    public string? WhyNoTypedStudy { get; init; }

    public Contender? Find(string name) =>
        Contenders?.FirstOrDefault(c => c is VersionedContender && string.Equals(c.Name, name, StringComparison.OrdinalIgnoreCase))
        ?? ContenderRegistry.Find(name) ?? UserContenders.FirstOrDefault(c => string.Equals(c.Name, name, StringComparison.OrdinalIgnoreCase));

    private const string TypesStudyUnderAot = "In a Native AOT agent, loading the user's assembly throws before any reflection over its types runs.";

    /// <summary>How a child finds the study of the cases it is sent, the user's included.</summary>
    [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = TypesStudyUnderAot)]
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = TypesStudyUnderAot)]
    public static Study FindStudy(string name, IReadOnlyList<string>? dataPaths, UserTypesSource? types)
    {
        IReadOnlyList<Study> dataStudies = [.. DataStudiesFrom(dataPaths).Studies, .. types is null ? [] : new[] { TypesStudy.Create(types) }];
        return dataStudies.Concat(StudyRegistry.All).FirstOrDefault(s => s.Name == name)
               ?? throw new UsageException($"no study '{name}' in this process.");
    }

    /// <summary>The document-model study, and the typed one when a model could be inferred (else why not).</summary>
    internal static (IReadOnlyList<Study> Studies, string? WhyNoTyped) DataStudiesFrom(IReadOnlyList<string>? dataPaths)
    {
        if (dataPaths is null || dataPaths.Count == 0)
        {
            return ([], null);
        }

        var names = new List<string>();
        var sets = dataPaths.Select(path => DataSet.Load(path, names)).ToList();
        if (sets.GroupBy(s => s.Source, StringComparer.Ordinal).FirstOrDefault(g => g.Count() > 1) is { } repeated)
        {
            throw new UsageException($"--data {repeated.Key} is given twice; give each file or folder once.");
        }

        var models = sets.ToDictionary(s => s.Name, InferredDataModel.For, StringComparer.Ordinal);
        return DataStudy.CreateTyped(sets, models) is { } typed
            ? ([DataStudy.Create(sets, models), typed], null)
            : ([DataStudy.Create(sets, models)], DataStudy.WhyNoTypedStudy(sets, models));
    }
}
