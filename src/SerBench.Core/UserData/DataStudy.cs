using System.Globalization;
using SerBench.Core.Contenders;
using SerBench.Core.Payloads;
using SerBench.Core.Studies;

namespace SerBench.Core.UserData;

/// <summary>The studies <c>run --data</c> builds; the Utf8JsonReader walk is the baseline, so Ratio is the distance from it.</summary>
internal static class DataStudy
{
    public const string Name = "data";

    public static IReadOnlyList<string> DocumentContenders { get; } = ["stj-reader", "stj-document", "stj-node", "newtonsoft-jtoken"];

    public const string TypedName = "data-typed";

    public static IReadOnlyList<string> TypedContenders { get; } =
    [
        "stj-sourcegen-utf8", "stj-reflection-utf8", "stj-reflection-string", "newtonsoft-utf8", "newtonsoft-string", "datacontract-json",
        "spanjson-utf8", "utf8json", "jil", "netjson", "jsonsrcgen",
    ];

    /// <summary>Typed objects, through the models by <see cref="DataSet.Model"/>; a case without one is left out, and a note says why.</summary>
    public static Study? CreateTyped(IReadOnlyList<DataSet> sets, IReadOnlyDictionary<string, InferredDataModel> models)
    {
        var typed = sets.Where(s => models.TryGetValue(s.Model, out var model) && model.Source is not null).ToList();
        if (typed.Count == 0)
        {
            return null;
        }

        return new Study
        {
            Name = TypedName,
            Title = "Your documents as typed objects",
            Source = "serbench run --data, with a C# model SerBench inferred from the documents (model.cs beside the results)",
            Conventions = JsonConventions.Default,
            Baseline = TypedContenders[0],
            Contenders = TypedContenders,
            Workloads = [.. typed.Select(set => Workload(set, TypedDataPayload.Create(set)))],
            Columns = DocumentColumns,
            Notes =
            [
                "Each document is read into the inferred model (property names kept by [JsonPropertyName] and [DataMember]). The gate judges data " +
                "against what the model holds (what the model itself cannot hold is listed below, not charged to a library) and form against your " +
                "document, so a number written in another notation or text escaped another way DIFFERS.",
                "One model per document shape, in model.cs: " + string.Join("; ", typed.GroupBy(s => s.Model).Select(g => $"{g.Key} for {string.Join(", ", g.Select(s => s.Name))}")) + ".",
                .. sets.Where(s => !typed.Contains(s)).Select(s => NoModel(s, models)).Distinct(),
                .. typed.Select(s => s.Model).Distinct().SelectMany(m => CappedNotes(m, models[m].Notes)),
            ],
            DataSets = typed,
            ModelSources = typed.Select(s => s.Model).Distinct().ToDictionary(m => m, m => models[m].Source!, StringComparer.Ordinal),
        };
    }

    public static string WhyNoTypedStudy(IReadOnlyList<DataSet> sets, IReadOnlyDictionary<string, InferredDataModel> models) =>
        $"No {TypedName} study (your documents as typed objects): " + string.Join("; ", sets.Select(s => NoModel(s, models)).Distinct()) + ".";

    private static string NoModel(DataSet set, IReadOnlyDictionary<string, InferredDataModel> models) =>
        $"{set.Model}: no typed model: {models.GetValueOrDefault(set.Model)?.Reason ?? "not inferred"}";

    /// <summary>Per model; model.cs holds them all as comments.</summary>
    public const int NotesShown = 8;

    private static IEnumerable<string> CappedNotes(string model, IReadOnlyList<string> notes) =>
        notes.Count <= NotesShown
            ? notes.Select(note => $"model {model}: {note}")
            : [.. notes.Take(NotesShown).Select(note => $"model {model}: {note}"), $"model {model}: {notes.Count - NotesShown} more notes on the model in model.cs"];

    private static IReadOnlyList<StudyColumn> DocumentColumns { get; } =
    [
        StudyColumn.Mean, StudyColumn.Error, StudyColumn.MegabytesPerSecond, StudyColumn.Ratio, StudyColumn.Allocated, StudyColumn.AllocatedPerMegabyte, StudyColumn.Gen2,
        StudyColumn.PayloadBytes,
    ];

    // A document is one object, a case of N documents N calls.
    private static Workload Workload(DataSet set, PayloadModel payload) =>
        new(payload, set.Documents.Count == 1 ? Shape.Object : Shape.Many, set.Documents.Count, [Operation.Deserialize, Operation.Serialize]);

    /// <summary>Document models, one workload per case; its notes say why when <see cref="CreateTyped"/> has no study.</summary>
    public static Study Create(IReadOnlyList<DataSet> sets, IReadOnlyDictionary<string, InferredDataModel> models) => new()
    {
        Name = Name,
        Title = "Your documents",
        Source = "serbench run --data: " + string.Join(", ", sets.Select(s => s.Name)),
        Conventions = JsonConventions.Default,
        Baseline = DocumentContenders[0],
        Contenders = DocumentContenders,
        Workloads = [.. sets.Select(set => Workload(set, set.ToPayloadModel()))],
        Columns = DocumentColumns,
        Notes =
        [
            "Deserialize parses each document into the library's document model; serialize writes that model back (built before timing). " +
            "MB/s is the payload each contender reads or writes per second; stj-reader builds nothing and is the bound no DOM can beat.",
            "The gate compares each library's output and its round trip with your document itself: a changed value, a lost duplicate key or " +
            "a changed string is a MISMATCH (not timed); other escapes, number notation (a number rewritten to the same double included) or property order only DIFFERS.",
            .. sets.Any(s => models.GetValueOrDefault(s.Model)?.Source is not null) ? [] : new[] { WhyNoTypedStudy(sets, models) },
        ],
        DataSets = sets,
    };
}
