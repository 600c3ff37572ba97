using SerBench.Core.Contenders;
using SerBench.Core.Payloads;

namespace SerBench.Core.Studies;

/// <summary>Every study, declared as data: the five of the articles, then SerBench's own.</summary>
internal static class StudyRegistry
{
    /// <summary>Study 1: one Person vs an array of 200, Newtonsoft.Json against four System.Text.Json ways.</summary>
    private static readonly Study WebApi = new()
    {
        Name = "web-api",
        Title = "One object vs an array, five ways (Web API defaults)",
        Source = "a .NET 8 article comparing Newtonsoft.Json and System.Text.Json under ASP.NET Core Web API settings",
        Conventions = JsonConventions.Web,
        Baseline = "newtonsoft-string",
        Contenders = ["newtonsoft-string", "stj-reflection-string", "stj-reflection-utf8", "stj-sourcegen-string", "stj-sourcegen-utf8", "stj-handwritten", "jsonsrcgen", "jsonsrcgen-string"],
        Workloads =
        [
            new(PayloadRegistry.Person, Shape.Object, 1, [Operation.Serialize, Operation.Deserialize]),
            new(PayloadRegistry.Person, Shape.List, 200, [Operation.Serialize, Operation.Deserialize]),
        ],
        Columns = [StudyColumn.Mean, StudyColumn.Error, StudyColumn.Ratio, StudyColumn.Gen0, StudyColumn.Gen1, StudyColumn.Gen2, StudyColumn.Allocated, StudyColumn.AllocRatio, StudyColumn.PayloadBytes],
        Notes =
        [
            "stj-handwritten is SerBench's addition: hand-written Utf8JsonWriter/Reader code, the speed-of-light reference.",
            "jsonsrcgen and jsonsrcgen-string are SerBench's addition: the source generator that won the shootout's source article, on models of its own.",
        ],
    };

    /// <summary>Study 2: JSON against the hand-written binary format, on the SaveGame value.</summary>
    private static readonly Study JsonVsBinary = new()
    {
        Name = "json-vs-binary",
        Title = "JSON against a hand-written binary format",
        Source = "a Unity article (JsonUtility vs a hand-written binary writer, one million iterations with a stopwatch)",
        Conventions = JsonConventions.Default,
        Baseline = "stj-string-then-utf8",
        Contenders =
        [
            "stj-string-then-utf8", "stj-reflection-utf8", "stj-sourcegen-utf8", "stj-handwritten",
            "binary-utf16", "binary-utf8", "binary-utf8-unframed", "cbor", "nerdbank-messagepack", "unity-jsonutility",
        ],
        Workloads = [new(PayloadRegistry.SaveGame, Shape.Object, 1, [Operation.Serialize, Operation.Deserialize])],
        Columns = [StudyColumn.PayloadBytes, StudyColumn.Mean, StudyColumn.Error, StudyColumn.Ratio, StudyColumn.Allocated, StudyColumn.AllocRatio],
        Notes =
        [
            "Unity's JsonUtility runs only inside the Unity player; the in-box System.Text.Json takes its place (stj-string-then-utf8 does what the article's JSON side did).",
            "BenchmarkDotNet replaces the article's one-million-iteration stopwatch loop.",
        ],
    };

    /// <summary>Study 3: one list of 10,000 users vs 10,000 single-user calls, Newtonsoft.Json vs System.Text.Json defaults.</summary>
    private static readonly Study BigVsMany = new()
    {
        Name = "big-vs-many",
        Title = "One big list vs many small calls",
        Source = "a .NET 7 article (Bogus users, Newtonsoft.Json as the baseline)",
        Conventions = JsonConventions.Default,
        Baseline = "newtonsoft-string",
        Contenders = ["newtonsoft-string", "stj-reflection-string"],
        Workloads =
        [
            new(PayloadRegistry.User, Shape.List, 10_000, [Operation.Serialize, Operation.Deserialize]),
            new(PayloadRegistry.User, Shape.Many, 10_000, [Operation.Serialize, Operation.Deserialize]),
        ],
        Columns = [StudyColumn.Mean, StudyColumn.Error, StudyColumn.Ratio, StudyColumn.Allocated, StudyColumn.AllocRatio, StudyColumn.PayloadBytes],
    };

    /// <summary>Study 4: non-ASCII text, and the cost of encoder options separated from the cost of building options per call.</summary>
    private static readonly Study Escaping = new()
    {
        Name = "escaping",
        Title = "Non-ASCII text and the cost of options",
        Source = "a .NET Core 3.1 article (Japanese text; DataContractJsonSerializer, Newtonsoft.Json, System.Text.Json encoders)",
        Conventions = JsonConventions.CamelCaseOnly,
        Baseline = "stj-reflection-string",
        Contenders =
        [
            "stj-reflection-string", "stj-encoder-all-ranges", "stj-encoder-relaxed", "stj-options-per-call",
            "newtonsoft-string", "datacontract-json",
        ],
        Workloads = [new(PayloadRegistry.OfficeWorker, Shape.Object, 1, [Operation.RoundTrip])],
        Columns = [StudyColumn.Mean, StudyColumn.Error, StudyColumn.StdDev, StudyColumn.Ratio, StudyColumn.Gen0, StudyColumn.Gen1, StudyColumn.Gen2, StudyColumn.Allocated, StudyColumn.PayloadBytes],
        Notes =
        [
            "One operation = serialize then deserialize. stj-reflection-string uses the default encoder (writes \\u682A…).",
            "The article built new options inside every call; stj-options-per-call does that (an anti-pattern), the encoder rows build options once.",
        ],
    };

    private static readonly string[] ShootoutJsonContenders =
    [
        "stj-sourcegen-utf8", "stj-sourcegen-string", "newtonsoft-utf8", "newtonsoft-string", "servicestack-utf8", "servicestack-string",
        "jsonsrcgen", "jsonsrcgen-string", "spanjson-utf8", "spanjson-string", "utf8json", "jil", "netjson", "stj-handwritten",
    ];

    private static readonly string[] ShootoutBinaryContenders =
    [
        "stj-sourcegen-utf8", "stj-handwritten", "binary-utf16", "binary-utf8", "binary-utf8-unframed", "cbor", "google-protobuf", "messagepack", "nerdbank-messagepack", "memorypack", "memorypack-utf8", "protobuf-net",
    ];

    /// <summary>
    /// Study 5: every fast JSON library at 1, 100 and 1,000 objects, UTF-8 and string modes; then the binary formats
    /// against the fastest JSON contenders. Libraries whose packs do not restore wherever SerBench runs stay in the tables as UNAVAILABLE.
    /// </summary>
    private static readonly Study Shootout = new()
    {
        Name = "shootout",
        Title = "Every fast library at 1, 100 and 1,000 objects",
        Source = "a .NET 9 write-up ranking JsonSrcGen, SpanJson, Utf8Json, System.Text.Json, Newtonsoft.Json, Jil, NetJSON and ServiceStack.Text",
        Conventions = JsonConventions.Web,
        Baseline = "stj-sourcegen-utf8",
        Contenders = [.. ShootoutJsonContenders.Union(ShootoutBinaryContenders)],
        Workloads = [.. ShootoutWorkloads(PayloadRegistry.Person), .. ShootoutWorkloads(PayloadRegistry.User)],
        Columns =
        [
            StudyColumn.MeanNanoseconds, StudyColumn.Error, StudyColumn.MillionOpsPerSecond, StudyColumn.Ratio, StudyColumn.Gen0,
            StudyColumn.Allocated, StudyColumn.PayloadBytes, StudyColumn.NanosecondsPerObject, StudyColumn.AllocatedPerObject,
        ],
        Sections =
        [
            new StudySection("JSON", ShootoutJsonContenders),
            new StudySection("Binary formats vs the fastest JSON", ShootoutBinaryContenders),
        ],
        Notes =
        [
            "The write-up does not give its model; Person (web-api) and User (big-vs-many) stand in, with Web API conventions.",
            "Each library through its own best API for the mode; rows whose library has no API for the mode say where the harness transcodes.",
            "Baseline: System.Text.Json source-generated to UTF-8, the in-box default for new code.",
        ],
    };


    private static IEnumerable<Workload> ShootoutWorkloads(PayloadModel model) =>
        new[] { 1, 100, 1_000 }.Select(count => new Workload(model, Shape.List, count, [Operation.Serialize, Operation.Deserialize]));

    private static readonly string[] StreamsJsonContenders = ["stj-sourcegen-utf8", "stj-reflection-utf8", "newtonsoft-string", "newtonsoft-utf8", "spanjson-utf8", "utf8json", "jil", "netjson"];

    private static readonly string[] StreamsBinaryContenders = ["stj-sourcegen-utf8", "memorypack", "memorypack-utf8", "messagepack", "nerdbank-messagepack", "protobuf-net", "google-protobuf"];

    private static readonly Operation[] StreamsOperations =
        [Operation.Serialize, Operation.Deserialize, Operation.SerializeStream, Operation.DeserializeStream, Operation.SerializePipe, Operation.DeserializePipe];

    /// <summary>
    /// SerBench's own study, left out of the default run (its cells would take a fifth more time): each library's async
    /// stream and pipe paths against its own call to a string or byte[], on web-api's Person.
    /// </summary>
    private static readonly Study Streams = new()
    {
        Name = "streams",
        Title = "Through a stream or a pipe, against a string or byte[]",
        Source = "what ASP.NET Core does with a request and a response body (SerBench's own study, not in the default run)",
        Conventions = JsonConventions.Web,
        Baseline = "stj-sourcegen-utf8",
        Contenders = [.. StreamsJsonContenders.Union(StreamsBinaryContenders)],
        Workloads =
        [
            new(PayloadRegistry.Person, Shape.Object, 1, StreamsOperations),
            new(PayloadRegistry.Person, Shape.List, 1_000, StreamsOperations),
            new(PayloadRegistry.Person, Shape.List, 10_000, [Operation.Deserialize, Operation.DeserializeItems, Operation.FirstItem]),
        ],
        Columns = [StudyColumn.Mean, StudyColumn.Error, StudyColumn.Ratio, StudyColumn.Gen0, StudyColumn.Gen1, StudyColumn.Gen2, StudyColumn.Allocated, StudyColumn.AllocRatio, StudyColumn.PayloadBytes],
        Sections =
        [
            new StudySection("JSON", StreamsJsonContenders),
            new StudySection("Binary formats", StreamsBinaryContenders),
        ],
        Notes =
        [
            "Each library's own async path: into and out of a MemoryStream (Newtonsoft's ASP.NET Core formatters, any Stream body), and into a PipeWriter and out of a PipeReader (System.Text.Json's formatters in ASP.NET Core 10; a library that writes to an IBufferWriter<byte> and reads a ReadOnlySequence<byte> writes and reads the pipe itself).",
            "What stands in for the network: for the response, a pipe whose reader takes each flush as it comes (on the writer's thread), or a MemoryStream emptied before each call; for the request, the payload in memory. The network, Kestrel and any wait for I/O are left out: every await completes at once.",
            "10,000 Persons read item by item (System.Text.Json's DeserializeAsyncEnumerable, each item let go as it comes): deserialize-items reads them all, first-item stops at the first, against reading the whole list. Allocated is per call; the most a call keeps alive at once (peakLiveBytes, sampled with full collections every 1,000 items and at the end, outside timing) is in the finding.",
            "A library without a path is UNSUPPORTED with the reason, never a buffer copied into the stream. A finding decides each path against the same contender's string or byte[] call.",
        ],
    };

    private static readonly string[] ThreadsJsonContenders = ["stj-sourcegen-utf8", "stj-reflection-utf8", "stj-sourcegen-string", "stj-reflection-string", "newtonsoft-string"];

    private static readonly string[] ThreadsBinaryContenders = ["stj-sourcegen-utf8", "memorypack", "messagepack", "nerdbank-messagepack", "protobuf-net"];

    private static readonly Operation[] ThreadsOperations = [Operation.Serialize, Operation.Deserialize];

    /// <summary>
    /// SerBench's own study, left out of the default run: each library on 1 thread and on every core at once, each thread on
    /// its own object, as a server serializes on every core. A library whose time grows with the threads shares something.
    /// </summary>
    private static readonly Study Threads = new()
    {
        Name = "threads",
        Title = "One thread against every core at once",
        Source = "a server, serializing on every core at once (SerBench's own study, not in the default run)",
        Conventions = JsonConventions.Web,
        Baseline = "stj-sourcegen-utf8",
        Contenders = [.. ThreadsJsonContenders.Union(ThreadsBinaryContenders)],
        // 1 and this machine's cores (--threads replaces them): the plan runs in the parent, which knows the cores.
        Workloads = [.. new[] { 1, Environment.ProcessorCount }.Distinct().Select(threads => new Workload(PayloadRegistry.Person, Shape.Threads, threads, ThreadsOperations))],
        Columns = [StudyColumn.Mean, StudyColumn.Error, StudyColumn.Ratio, StudyColumn.Throughput, StudyColumn.Gen0, StudyColumn.Gen1, StudyColumn.Gen2, StudyColumn.Allocated, StudyColumn.AllocRatio],
        Sections =
        [
            new StudySection("JSON", ThreadsJsonContenders),
            new StudySection("Binary formats", ThreadsBinaryContenders),
        ],
        Notes =
        [
            "N threads, each calling the contender on its own Person (the same data), all released at once; a cell's time is the wall time until all N are done, so with perfect scaling it stays the one-thread time. Throughput is N objects in that time (higher is better); scaling is the one-thread time over the N-thread time (1.00× when nothing is shared).",
            "The threads share one codec, as a server shares its serializer and options; a codec that reuses a buffer is UNSUPPORTED here. One thread runs the same way: a worker released by the measuring thread, which waits.",
            "What it can show: contention in a library (locks, shared caches, pools) and the allocation and garbage collection that N threads pay together. What it cannot: a 2-core machine has 1 and 2 threads only, its cores may share caches or a hypervisor's time with others, and the runtime's default workstation garbage collector runs here, where ASP.NET Core apps default to the server one.",
        ],
    };

    /// <summary>In report order: the five studies of the articles, which a run without --study measures.</summary>
    public static IReadOnlyList<Study> Default { get; } = [WebApi, JsonVsBinary, BigVsMany, Escaping, Shootout];

    /// <summary>Every study --study can name: the default ones, then SerBench's own.</summary>
    public static IReadOnlyList<Study> All { get; } = [.. Default, Streams, Threads];
}
