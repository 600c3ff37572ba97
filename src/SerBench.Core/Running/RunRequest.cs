using System.Diagnostics.CodeAnalysis;
using SerBench.Contenders;
using SerBench.Measurement;
using SerBench.Payloads;
using SerBench.Results;
using SerBench.Studies;
using SerBench.UserData;

namespace SerBench.Running;

/// <summary>What to run, resolved from the command line (RunOptionsParser). Null lists mean "as each study says".</summary>
public sealed record RunRequest
{
    public required IReadOnlyList<Study> Studies { get; init; }

    public IReadOnlyList<Contender>? Contenders { get; init; }

    public IReadOnlyList<PayloadModel>? Payloads { get; init; }

    public IReadOnlyList<int>? Sizes { get; init; }

    public IReadOnlyList<Operation>? Operations { get; init; }

    /// <summary>Only these shapes of each study's workloads; null for all.</summary>
    public IReadOnlyList<Shape>? Shapes { get; init; }

    /// <summary>Only these cells (<c>--cells</c>), after every other filter; null for all.</summary>
    public CellSelection? Cells { get; init; }

    public MeasurementProfile Profile { get; init; } = MeasurementProfile.Quick;

    /// <summary>The runtimes to measure on (<c>--runtimes</c>), in the order given; by default the one SerBench runs on.</summary>
    public IReadOnlyList<RuntimeTarget> Runtimes { get; init; } = [RuntimeTarget.Current];

    /// <summary>Contenders of the user's own packs (<c>--pack</c>); they join every study that measures their format.</summary>
    public IReadOnlyList<Contender> UserContenders { get; init; } = [];

    /// <summary>With <c>--data</c>, why the documents are not also measured as typed objects; null when they are, or without <c>--data</c>.</summary>
    public string? WhyNoTypedStudy { get; init; }

    /// <summary>Finds a contender by name among the registry's and the user's packs.</summary>
    public Contender? Find(string name) =>
        Contenders?.FirstOrDefault(c => c is VersionedContender && string.Equals(c.Name, name, StringComparison.OrdinalIgnoreCase))
        ?? ContenderRegistry.Find(name) ?? UserContenders.FirstOrDefault(c => string.Equals(c.Name, name, StringComparison.OrdinalIgnoreCase));

    private const string TypesStudyUnderAot = "In a Native AOT agent, loading the user's assembly throws before any reflection over its types runs.";

    /// <summary>
    /// The study of that exact name among the built-in ones and those of the user's documents and types: how a child
    /// finds the study of the cases it is sent.
    /// </summary>
    [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = TypesStudyUnderAot)]
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = TypesStudyUnderAot)]
    public static Study FindStudy(string name, IReadOnlyList<string>? dataPaths, UserTypesSource? types)
    {
        IReadOnlyList<Study> dataStudies = [.. DataStudiesFrom(dataPaths).Studies, .. types is null ? [] : new[] { TypesStudy.Create(types) }];
        return dataStudies.Concat(StudyRegistry.All).FirstOrDefault(s => s.Name == name)
               ?? throw new UsageException($"no study '{name}' in this process.");
    }

    /// <summary>
    /// The study of the documents through document models and, when a model could be inferred, the study of them as typed
    /// objects; otherwise the line that says why there is no typed study.
    /// </summary>
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
