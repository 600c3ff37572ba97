using System.Text.Json.Serialization;
using SerBench.Core.Contenders;
using SerBench.Core.Payloads;

namespace SerBench.Core.Studies;

internal enum Operation
{
    Serialize,
    Deserialize,

    RoundTrip,

    /// <summary>Async, into a <see cref="System.IO.Stream"/>, as ASP.NET Core writes a response body.</summary>
    SerializeStream,

    /// <summary>Async, from a <see cref="System.IO.Stream"/>, as ASP.NET Core reads a request body.</summary>
    DeserializeStream,

    /// <summary>Async, into a PipeWriter, as ASP.NET Core's System.Text.Json formatter writes a response body.</summary>
    SerializePipe,

    /// <summary>Async, from a PipeReader, as ASP.NET Core's System.Text.Json formatter reads a request body (.NET 10).</summary>
    DeserializePipe,

    /// <summary>A JSON array read from a stream item by item (IAsyncEnumerable), every item.</summary>
    DeserializeItems,

    /// <summary>The same, until the first item: how soon a consumer can start.</summary>
    FirstItem,

    /// <summary>The first use in a fresh process; never a study workload's operation.</summary>
    FirstCall,
}

internal sealed record Workload(PayloadModel Payload, Shape Shape, int Count, IReadOnlyList<Operation> Operations)
{
    /// <summary>1 for a single object, as results.json and <c>--cells</c> count it.</summary>
    public int CellCount => Shape == Shape.Object ? 1 : Count;
}

internal enum StudyColumn
{
    Mean,
    Error,
    StdDev,
    Median,
    Ratio,
    Gen0,
    Gen1,
    Gen2,
    Allocated,
    AllocRatio,
    PayloadBytes,

    /// <summary>Mean in nanoseconds, whatever its size (the shootout study's "Mean (ns)").</summary>
    MeanNanoseconds,

    MillionOpsPerSecond,

    /// <summary>Objects a second: a threads cell's N objects in its time (higher is better).</summary>
    Throughput,

    NanosecondsPerObject,

    AllocatedPerObject,

    PayloadBytesPerObject,

    /// <summary>10^6 bytes.</summary>
    MegabytesPerSecond,

    AllocatedPerMegabyte,
}

/// <summary>A part of a study's report that shows some of its contenders, in table order.</summary>
internal sealed record StudySection(string Title, IReadOnlyList<string> Contenders);

/// <summary>
/// What a study's report is laid out from. <see cref="Study"/> adds what to measure; <see cref="Results.StudyDefinition"/>
/// is the same layout as results.json records it, so an old file renders the same after the code's studies change.
/// </summary>
internal abstract record StudyLayout
{
    [JsonPropertyOrder(1)]
    public required string Name { get; init; }

    [JsonPropertyOrder(2)]
    public required string Title { get; init; }

    [JsonPropertyOrder(3)]
    public required string Source { get; init; }

    /// <summary>In table order, the baseline first.</summary>
    [JsonPropertyOrder(5)]
    public required IReadOnlyList<string> Contenders { get; init; }

    [JsonPropertyOrder(6)]
    public required string Baseline { get; init; }

    /// <summary>Table columns besides contender and case; empty means the default set.</summary>
    [JsonPropertyOrder(7)]
    public IReadOnlyList<StudyColumn> Columns { get; init; } = [];

    /// <summary>Empty when the study has one table per payload and operation.</summary>
    [JsonPropertyOrder(8)]
    public IReadOnlyList<StudySection> Sections { get; init; } = [];

    /// <summary>What was changed from the original and why.</summary>
    [JsonPropertyOrder(9)]
    public IReadOnlyList<string> Notes { get; init; } = [];
}

/// <summary>A named preset reproducing one published study; the README's Studies table lists them.</summary>
internal sealed record Study : StudyLayout
{
    public required JsonConventions Conventions { get; init; }

    public required IReadOnlyList<Workload> Workloads { get; init; }

    /// <summary>With <c>--data</c>, its cases: a child process reads their files again to build the same study.</summary>
    public IReadOnlyList<UserData.DataSet> DataSets { get; init; } = [];

    /// <summary>C# of each document shape's inferred model, by model name: the agent is built with it, so only the agent runs this study.</summary>
    public IReadOnlyDictionary<string, string> ModelSources { get; init; } = new Dictionary<string, string>();

    /// <summary>Every process that measures the user's types loads them from here.</summary>
    public UserData.UserTypesSource? UserTypes { get; init; }

    public bool IsUserData => DataSets.Count > 0 || UserTypes is not null;

    public bool RunsInAgent => ModelSources.Count > 0;

    /// <summary>A user pack's contender joins a study that measures its format, at the end of that format's section.</summary>
    public Study Admitting(IReadOnlyList<Contender> extra, Func<string, Contender?> find)
    {
        bool SameFormat(IEnumerable<string> names, PayloadFormat format) => names.Any(n => find(n)?.Format == format);
        var fitting = extra.Where(c => SameFormat(Contenders, c.Format) && !Contenders.Contains(c.Name)).ToList();
        if (fitting.Count == 0)
        {
            return this;
        }

        return this with
        {
            Contenders = [.. Contenders, .. fitting.Select(c => c.Name)],
            Sections = [.. Sections.Select(section =>
            {
                var joining = fitting.Where(c => SameFormat(section.Contenders, c.Format)
                                                 && Sections.First(s => SameFormat(s.Contenders, c.Format)) == section).Select(c => c.Name).ToList();
                return joining.Count == 0 ? section : section with { Contenders = [.. section.Contenders, .. joining] };
            })],
        };
    }

    /// <summary>Each version right after its contender, so versions sit side by side in every table.</summary>
    public Study WithVersions(IReadOnlyList<VersionedContender> versions)
    {
        IReadOnlyList<string> Beside(IReadOnlyList<string> names) =>
            [.. names.SelectMany(name => (IEnumerable<string>)[name, .. versions.Where(v => v.Inner.Name == name).Select(v => v.Name)])];
        return versions.Any(v => Contenders.Contains(v.Inner.Name))
            ? this with { Contenders = Beside(Contenders), Sections = [.. Sections.Select(section => section with { Contenders = Beside(section.Contenders) })] }
            : this;
    }

    public override string ToString() => Name;
}

internal static class OperationPaths
{
    /// <summary>The path of a stream or pipe cell; null for the buffered ones and first calls.</summary>
    public static AsyncPath? AsyncPathOf(this Operation operation) => operation switch
    {
        Operation.SerializeStream or Operation.DeserializeStream => AsyncPath.Stream,
        Operation.SerializePipe or Operation.DeserializePipe => AsyncPath.Pipe,
        Operation.DeserializeItems or Operation.FirstItem => AsyncPath.Items,
        _ => null,
    };

    public static bool Writes(this Operation operation) => operation is Operation.Serialize or Operation.SerializeStream or Operation.SerializePipe;

    /// <summary>The buffered call (to or from a string or byte[]) a stream or pipe cell is decided against.</summary>
    public static Operation Buffered(this Operation operation) => operation.Writes() ? Operation.Serialize : Operation.Deserialize;
}
