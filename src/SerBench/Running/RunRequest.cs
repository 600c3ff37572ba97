using SerBench.Core.Contenders;
using SerBench.Core.Measurement;
using SerBench.Core.Payloads;
using SerBench.Core.Running;
using SerBench.Core.Studies;
using SerBench.Core.UserData;

namespace SerBench.Running;

/// <summary>What to run, resolved from the command line (RunOptionsParser). Null lists mean "as each study says".</summary>
internal sealed record RunRequest
{
    public required IReadOnlyList<Study> Studies { get; init; }

    public IReadOnlyList<Contender>? Contenders { get; init; }

    public IReadOnlyList<PayloadModel>? Payloads { get; init; }

    public IReadOnlyList<int>? Sizes { get; init; }

    /// <summary>Thread counts replacing the threads study's (1 and the core count).</summary>
    public IReadOnlyList<int>? Threads { get; init; }

    public const int MostThreads = 256;

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

    /// <summary>The document-model study, and the typed one when a model could be inferred (else why not).</summary>
    internal static (IReadOnlyList<Study> Studies, string? WhyNoTyped) DataStudiesFrom(IReadOnlyList<string>? dataPaths, DataCaseRule rule = DataCaseRule.Auto, MapChoices? choices = null)
    {
        choices ??= MapChoices.None;
        if (dataPaths is null || dataPaths.Count == 0)
        {
            return rule != DataCaseRule.Auto || !choices.IsEmpty
                ? throw new UsageException("--cases, --map and --no-map shape the models of your documents: add --data FILE_OR_FOLDER.")
                : ([], null);
        }

        var sets = DataSet.LoadAll(dataPaths, rule);
        var models = sets.GroupBy(s => s.Model).ToDictionary(g => g.Key, g => InferredDataModel.For(g.Key, [.. g.SelectMany(s => s.Documents)], choices), StringComparer.Ordinal);
        CheckMapChoices(choices, models);
        return DataStudy.CreateTyped(sets, models) is { } typed
            ? ([DataStudy.Create(sets, models), typed], null)
            : ([DataStudy.Create(sets, models)], DataStudy.WhyNoTypedStudy(sets, models));
    }

    // A path must name an object in some document's model: a typo or an array would otherwise change nothing, silently.
    private static void CheckMapChoices(MapChoices choices, IReadOnlyDictionary<string, InferredDataModel> models)
    {
        foreach (var (option, path) in choices.Maps.Select(p => ("--map", p)).Concat(choices.NoMaps.Select(p => ("--no-map", p))))
        {
            var kinds = models.Where(m => m.Value.Places.ContainsKey(path)).Select(m => (Model: m.Key, Kind: m.Value.Places[path])).ToList();
            if (kinds.Any(k => k.Kind == "an object"))
            {
                continue;
            }

            var objects = models.Values.SelectMany(m => m.Places).Where(p => p.Value == "an object" && p.Key != "$").Select(p => p.Key).Distinct().Take(5).ToList();
            var examples = objects.Count == 0 ? "your documents hold no object below the root" : "objects in your documents: " + string.Join(", ", objects);
            throw new UsageException(kinds.Count > 0
                ? $"{option} '{path}' points at {kinds[0].Kind} in model {kinds[0].Model}; {option} takes a path to an object ({examples})."
                : $"{option} '{path}' matches nothing in your documents; give a path as model.cs writes it, e.g. $.events or $.items[*].attributes ({examples}).");
        }
    }
}
