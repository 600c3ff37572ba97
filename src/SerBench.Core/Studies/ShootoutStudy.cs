using SerBench.Core.Contenders;
using SerBench.Core.Payloads;

namespace SerBench.Core.Studies;

/// <summary>
/// Study 5: every fast JSON library at 1, 100 and 1,000 objects, UTF-8 and string modes; then the binary formats
/// against the fastest JSON contenders. Libraries whose packs do not restore wherever SerBench runs stay in the tables as UNAVAILABLE.
/// </summary>
internal static class ShootoutStudy
{
    private static readonly string[] JsonContenders =
    [
        "stj-sourcegen-utf8", "stj-sourcegen-string", "newtonsoft-utf8", "newtonsoft-string", "servicestack-utf8", "servicestack-string",
        "jsonsrcgen", "jsonsrcgen-string", "spanjson-utf8", "spanjson-string", "utf8json", "jil", "netjson", "stj-handwritten",
    ];

    private static readonly string[] BinaryContenders =
    [
        "stj-sourcegen-utf8", "stj-handwritten", "binary-utf16", "binary-utf8", "binary-utf8-unframed", "cbor", "google-protobuf", "messagepack", "nerdbank-messagepack", "memorypack", "memorypack-utf8", "protobuf-net",
    ];

    public static Study Create() => new()
    {
        Name = "shootout",
        Title = "Every fast library at 1, 100 and 1,000 objects",
        Source = "a .NET 9 write-up ranking JsonSrcGen, SpanJson, Utf8Json, System.Text.Json, Newtonsoft.Json, Jil, NetJSON and ServiceStack.Text",
        Conventions = JsonConventions.Web,
        Baseline = "stj-sourcegen-utf8",
        Contenders = [.. JsonContenders.Union(BinaryContenders)],
        Workloads = [.. Workloads(PayloadRegistry.Person), .. Workloads(PayloadRegistry.User)],
        Columns =
        [
            StudyColumn.MeanNanoseconds, StudyColumn.Error, StudyColumn.MillionOpsPerSecond, StudyColumn.Ratio, StudyColumn.Gen0,
            StudyColumn.Allocated, StudyColumn.PayloadBytes, StudyColumn.NanosecondsPerObject, StudyColumn.AllocatedPerObject,
        ],
        Sections =
        [
            new StudySection("JSON", JsonContenders),
            new StudySection("Binary formats vs the fastest JSON", BinaryContenders),
        ],
        Notes =
        [
            "The write-up does not give its model; Person (web-api) and User (big-vs-many) stand in, with Web API conventions.",
            "Each library through its own best API for the mode; rows whose library has no API for the mode say where the harness transcodes.",
            "Baseline: System.Text.Json source-generated to UTF-8, the in-box default for new code.",
        ],
    };

    private static IEnumerable<Workload> Workloads(PayloadModel model) =>
        new[] { 1, 100, 1_000 }.Select(count => new Workload(model, Shape.List, count, [Operation.Serialize, Operation.Deserialize]));
}
