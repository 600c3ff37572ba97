using SerBench.Core.Contenders;
using SerBench.Core.Payloads;

namespace SerBench.Core.Studies;

/// <summary>What one measured cell does.</summary>
internal enum Operation
{
    Serialize,
    Deserialize,

    /// <summary>Serialize then deserialize, as one operation.</summary>
    RoundTrip,

    /// <summary>The first use in a fresh process (<c>serbench first-call</c>); never a study workload's operation.</summary>
    FirstCall,
}

/// <summary>One payload in one shape at one size, and the operations measured on it.</summary>
internal sealed record Workload(PayloadModel Payload, Shape Shape, int Count, IReadOnlyList<Operation> Operations)
{
    /// <summary>The count a cell of this workload records (results.json, <c>--cells</c>): 1 for a single object.</summary>
    public int CellCount => Shape == Shape.Object ? 1 : Count;
}

/// <summary>A column a study's table shows, besides the contender and case.</summary>
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

    /// <summary>Operations per second, in millions.</summary>
    MillionOpsPerSecond,

    /// <summary>Mean divided by the objects in one operation, so that collection sizes can be compared.</summary>
    NanosecondsPerObject,

    /// <summary>Allocated bytes divided by the objects in one operation.</summary>
    AllocatedPerObject,

    /// <summary>Payload bytes divided by the objects in one operation.</summary>
    PayloadBytesPerObject,

    /// <summary>Throughput: the payload's megabytes (10^6 bytes) read or written per second.</summary>
    MegabytesPerSecond,

    /// <summary>Allocated bytes per megabyte of payload read or written.</summary>
    AllocatedPerMegabyte,
}

/// <summary>A part of a study's report that shows some of its contenders (e.g. the binary formats against the fastest JSON ones).</summary>
/// <param name="Title">Heading of the section.</param>
/// <param name="Contenders">The contenders it shows, in table order.</param>
internal sealed record StudySection(string Title, IReadOnlyList<string> Contenders);

/// <summary>
/// A named preset reproducing one published study: its contenders, payloads, shapes, conventions, baseline and
/// the columns of its table. The README's Studies table lists them.
/// </summary>
internal sealed class Study
{
    /// <summary>Command-line name, e.g. <c>web-api</c>.</summary>
    public required string Name { get; init; }

    public required string Title { get; init; }

    /// <summary>Where the study comes from (the article it reproduces).</summary>
    public required string Source { get; init; }

    /// <summary>The document conventions every contender is held to.</summary>
    public required JsonConventions Conventions { get; init; }

    /// <summary>Contender names in table order; the baseline should be listed first.</summary>
    public required IReadOnlyList<string> Contenders { get; init; }

    /// <summary>The contender that sets Ratio and Alloc Ratio.</summary>
    public required string Baseline { get; init; }

    public required IReadOnlyList<Workload> Workloads { get; init; }

    public required IReadOnlyList<StudyColumn> Columns { get; init; }

    /// <summary>Parts of the report, each with its own tables; empty when the study has one table per payload and operation.</summary>
    public IReadOnlyList<StudySection> Sections { get; init; } = [];

    /// <summary>Remarks printed under the study's heading (what was changed from the original and why).</summary>
    public IReadOnlyList<string> Notes { get; init; } = [];

    /// <summary>
    /// For a study of the user's own documents (<c>--data</c>), the full paths they were read from: a child process
    /// reads them again to build the same study. Empty for the built-in studies.
    /// </summary>
    public IReadOnlyList<string> DataSources { get; init; } = [];

    /// <summary>
    /// C# source of the model inferred from each data set (by data set name), for the study of typed objects read from
    /// the user's documents: the measuring agent is built with it, and only the agent can run this study's cells.
    /// </summary>
    public IReadOnlyDictionary<string, string> ModelSources { get; init; } = new Dictionary<string, string>();

    /// <summary>For the study of the user's compiled types, where they come from: every process that measures them loads them from there.</summary>
    public UserData.UserTypesSource? UserTypes { get; init; }

    /// <summary>Whether the study measures the user's own data (documents or types) rather than SerBench's built-in models.</summary>
    public bool IsUserData => DataSources.Count > 0 || UserTypes is not null;

    /// <summary>Whether every cell of this study must run in the measuring agent (its model exists only there).</summary>
    public bool RunsInAgent => ModelSources.Count > 0;

    /// <summary>
    /// This study with <paramref name="extra"/> contenders (user packs) added where they fit: a contender joins a study
    /// that already measures its format (JSON or binary), at the end of the section of that format.
    /// </summary>
    public Study Admitting(IReadOnlyList<Contender> extra, Func<string, Contender?> find)
    {
        bool SameFormat(IEnumerable<string> names, PayloadFormat format) => names.Any(n => find(n)?.Format == format);
        var fitting = extra.Where(c => SameFormat(Contenders, c.Format) && !Contenders.Contains(c.Name)).ToList();
        if (fitting.Count == 0)
        {
            return this;
        }

        return With([.. Contenders, .. fitting.Select(c => c.Name)], [.. Sections.Select(section =>
        {
            var joining = fitting.Where(c => SameFormat(section.Contenders, c.Format)
                                             && Sections.First(s => SameFormat(s.Contenders, c.Format)) == section).Select(c => c.Name).ToList();
            return joining.Count == 0 ? section : section with { Contenders = [.. section.Contenders, .. joining] };
        })]);
    }

    /// <summary>
    /// This study with each of <paramref name="versions"/> whose contender it measures placed right after that contender,
    /// in its list and in every section that shows it, so the versions sit side by side in every table.
    /// </summary>
    public Study WithVersions(IReadOnlyList<VersionedContender> versions)
    {
        IReadOnlyList<string> Beside(IReadOnlyList<string> names) =>
            [.. names.SelectMany(name => (IEnumerable<string>)[name, .. versions.Where(v => v.Inner.Name == name).Select(v => v.Name)])];
        return versions.Any(v => Contenders.Contains(v.Inner.Name))
            ? With(Beside(Contenders), [.. Sections.Select(section => section with { Contenders = Beside(section.Contenders) })])
            : this;
    }

    private Study With(IReadOnlyList<string> contenders, IReadOnlyList<StudySection> sections) => new()
    {
        Name = Name, Title = Title, Source = Source, Conventions = Conventions, Baseline = Baseline, Workloads = Workloads, Columns = Columns,
        Notes = Notes, DataSources = DataSources, ModelSources = ModelSources, UserTypes = UserTypes,
        Contenders = contenders,
        Sections = sections,
    };

    public override string ToString() => Name;
}
