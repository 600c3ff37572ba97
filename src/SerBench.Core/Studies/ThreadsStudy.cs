using SerBench.Core.Contenders;
using SerBench.Core.Payloads;

namespace SerBench.Core.Studies;

/// <summary>
/// SerBench's own study, left out of the default run: each library on 1 thread and on every core at once, each thread on
/// its own object, as a server serializes on every core. A library whose time grows with the threads shares something.
/// </summary>
internal static class ThreadsStudy
{
    private static readonly string[] JsonContenders = ["stj-sourcegen-utf8", "stj-reflection-utf8", "stj-sourcegen-string", "stj-reflection-string", "newtonsoft-string"];

    private static readonly string[] BinaryContenders = ["stj-sourcegen-utf8", "memorypack", "messagepack", "nerdbank-messagepack", "protobuf-net"];

    private static readonly Operation[] Operations = [Operation.Serialize, Operation.Deserialize];

    public static Study Create() => new()
    {
        Name = "threads",
        Title = "One thread against every core at once",
        Source = "a server, serializing on every core at once (SerBench's own study, not in the default run)",
        Conventions = JsonConventions.Web,
        Baseline = "stj-sourcegen-utf8",
        Contenders = [.. JsonContenders.Union(BinaryContenders)],
        // 1 and this machine's cores (--threads replaces them): the plan runs in the parent, which knows the cores.
        Workloads = [.. new[] { 1, Environment.ProcessorCount }.Distinct().Select(threads => new Workload(PayloadRegistry.Person, Shape.Threads, threads, Operations))],
        Columns = [StudyColumn.Mean, StudyColumn.Error, StudyColumn.Ratio, StudyColumn.Throughput, StudyColumn.Gen0, StudyColumn.Gen1, StudyColumn.Gen2, StudyColumn.Allocated, StudyColumn.AllocRatio],
        Sections =
        [
            new StudySection("JSON", JsonContenders),
            new StudySection("Binary formats", BinaryContenders),
        ],
        Notes =
        [
            "N threads, each calling the contender on its own Person (the same data), all released at once; a cell's time is the wall time until all N are done, so with perfect scaling it stays the one-thread time. Throughput is N objects in that time (higher is better); scaling is the one-thread time over the N-thread time (1.00× when nothing is shared).",
            "The threads share one codec, as a server shares its serializer and options; a codec that reuses a buffer is UNSUPPORTED here. One thread runs the same way: a worker released by the measuring thread, which waits.",
            "What it can show: contention in a library (locks, shared caches, pools) and the allocation and garbage collection that N threads pay together. What it cannot: a 2-core machine has 1 and 2 threads only, its cores may share caches or a hypervisor's time with others, and the runtime's default workstation garbage collector runs here, where ASP.NET Core apps default to the server one.",
        ],
    };
}
