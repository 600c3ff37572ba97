using SerBench.Core.Contenders;
using SerBench.Core.Payloads;

namespace SerBench.Core.Studies;

/// <summary>
/// SerBench's own study, left out of the default run (its cells would take a fifth more time): each library's async
/// stream and pipe paths against its own call to a string or byte[], on web-api's Person.
/// </summary>
internal static class StreamsStudy
{
    private static readonly string[] JsonContenders = ["stj-sourcegen-utf8", "stj-reflection-utf8", "newtonsoft-string", "newtonsoft-utf8", "spanjson-utf8", "utf8json", "jil", "netjson"];

    private static readonly string[] BinaryContenders = ["stj-sourcegen-utf8", "memorypack", "memorypack-utf8", "messagepack", "nerdbank-messagepack", "protobuf-net", "google-protobuf"];

    private static readonly Operation[] Operations =
        [Operation.Serialize, Operation.Deserialize, Operation.SerializeStream, Operation.DeserializeStream, Operation.SerializePipe, Operation.DeserializePipe];

    public static Study Create() => new()
    {
        Name = "streams",
        Title = "Through a stream or a pipe, against a string or byte[]",
        Source = "what ASP.NET Core does with a request and a response body (SerBench's own study, not in the default run)",
        Conventions = JsonConventions.Web,
        Baseline = "stj-sourcegen-utf8",
        Contenders = [.. JsonContenders.Union(BinaryContenders)],
        Workloads =
        [
            new(PayloadRegistry.Person, Shape.Object, 1, Operations),
            new(PayloadRegistry.Person, Shape.List, 1_000, Operations),
            new(PayloadRegistry.Person, Shape.List, 10_000, [Operation.Deserialize, Operation.DeserializeItems, Operation.FirstItem]),
        ],
        Columns = [StudyColumn.Mean, StudyColumn.Error, StudyColumn.Ratio, StudyColumn.Gen0, StudyColumn.Gen1, StudyColumn.Gen2, StudyColumn.Allocated, StudyColumn.AllocRatio, StudyColumn.PayloadBytes],
        Sections =
        [
            new StudySection("JSON", JsonContenders),
            new StudySection("Binary formats", BinaryContenders),
        ],
        Notes =
        [
            "Each library's own async path: into and out of a MemoryStream (Newtonsoft's ASP.NET Core formatters, any Stream body), and into a PipeWriter and out of a PipeReader (System.Text.Json's formatters in ASP.NET Core 10; a library that writes to an IBufferWriter<byte> and reads a ReadOnlySequence<byte> writes and reads the pipe itself).",
            "What stands in for the network: for the response, a pipe whose reader takes each flush as it comes (on the writer's thread), or a MemoryStream emptied before each call; for the request, the payload in memory. The network, Kestrel and any wait for I/O are left out: every await completes at once.",
            "10,000 Persons read item by item (System.Text.Json's DeserializeAsyncEnumerable, each item let go as it comes): deserialize-items reads them all, first-item stops at the first, against reading the whole list. Allocated is per call; the most a call keeps alive at once (peakLiveBytes, sampled with full collections every 1,000 items and at the end, outside timing) is in the finding.",
            "A library without a path is UNSUPPORTED with the reason, never a buffer copied into the stream. A finding decides each path against the same contender's string or byte[] call.",
        ],
    };
}
