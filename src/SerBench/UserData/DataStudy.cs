using SerBench.Contenders;
using SerBench.Payloads;
using SerBench.Studies;

namespace SerBench.UserData;

/// <summary>
/// The study <c>serbench run --data</c> builds from the user's documents: every document-model contender parses and
/// writes each data set, against the Utf8JsonReader token walk as the speed-of-light reference (the baseline, so Ratio
/// says how far each library is from it).
/// </summary>
public static class DataStudy
{
    public const string Name = "data";

    /// <summary>The document-model contenders, reference first.</summary>
    public static IReadOnlyList<string> DocumentContenders { get; } = ["stj-reader", "stj-document", "stj-node", "newtonsoft-jtoken"];

    /// <summary>One workload per data set: a single file is one object, a folder of N files N calls (one per document).</summary>
    public static Study Create(IReadOnlyList<DataSet> sets) => new()
    {
        Name = Name,
        Title = "Your documents",
        Source = "serbench run --data: " + string.Join(", ", sets.Select(s => $"{s.Name} ({s.Documents.Count:N0} document(s), {s.TotalBytes:N0} bytes)")),
        Conventions = JsonConventions.Default,
        Baseline = DocumentContenders[0],
        Contenders = DocumentContenders,
        Workloads = [.. sets.Select(set => new Workload(set.ToPayloadModel(), set.Documents.Count == 1 ? Shape.Object : Shape.Many, set.Documents.Count,
            [Operation.Deserialize, Operation.Serialize]))],
        Columns =
        [
            StudyColumn.Mean, StudyColumn.Error, StudyColumn.MegabytesPerSecond, StudyColumn.Ratio, StudyColumn.Allocated, StudyColumn.AllocatedPerMegabyte,
            StudyColumn.PayloadBytes,
        ],
        Notes =
        [
            "Deserialize parses each document into the library's document model; serialize writes that model back (built before timing). " +
            "MB/s is the payload each contender reads or writes per second; stj-reader builds nothing and is the bound no DOM can beat.",
            "The gate compares each library's output and its round trip with your document itself: a changed value, a lost duplicate key or " +
            "a changed string is a MISMATCH (not timed); other escapes, number notation or property order only DIFFERS.",
        ],
        DataSources = [.. sets.Select(s => s.Source)],
    };
}
