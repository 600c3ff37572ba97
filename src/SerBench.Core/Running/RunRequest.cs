using System.Globalization;
using SerBench.Contenders;
using SerBench.Measurement;
using SerBench.Payloads;
using SerBench.Results;
using SerBench.Studies;
using SerBench.UserData;

namespace SerBench.Running;

/// <summary>What to run, resolved from the command line. Null lists mean "as each study says".</summary>
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

    /// <summary>
    /// Resolves the raw option values. Throws <see cref="UsageException"/> naming the bad value and the valid ones.
    /// </summary>
    /// <remarks>
    /// <c>dataPaths</c> (<c>--data</c>): files or folders of the user's JSON documents; <c>types</c> (<c>--types</c>): the
    /// user's compiled types. With either, the run is the studies of the user's data unless <c>study</c> names another one.
    /// </remarks>
    public static RunRequest Parse(string? study, string? contenders, string? payloads, string? sizes, string? operations, string? profile, string? shapes = null,
        IReadOnlyList<Contender>? userContenders = null, IReadOnlyList<string>? dataPaths = null, UserTypesSource? types = null)
    {
        userContenders ??= [];
        // Built when a name is not a built-in contender: listing every contender reads the packs' manifests with
        // System.Text.Json, which a first-call child of a built-in contender must not run before it measures.
        IReadOnlyList<Contender>? selectable = null;
        IReadOnlyList<Contender> Selectable() => selectable ??= [.. ContenderRegistry.Selectable, .. userContenders];
        Contender? Find(string name) => Selectable().FirstOrDefault(c => string.Equals(c.Name, name, StringComparison.OrdinalIgnoreCase));
        Contender Resolve(string name) =>
            ContenderRegistry.FindBuiltIn(name) ?? NameMatcher.Resolve("contender", "contenders", name, Selectable(), c => c.Name);
        var (fromData, whyNoTyped) = DataStudiesFrom(dataPaths);
        IReadOnlyList<Study> dataStudies = [.. fromData, .. types is null ? [] : new[] { TypesStudy.Create(types) }];
        IReadOnlyList<Study> known = [.. StudyRegistry.All, .. dataStudies];
        IReadOnlyList<PayloadModel> knownPayloads = [.. PayloadRegistry.All, .. dataStudies.SelectMany(s => s.Workloads.Select(w => w.Payload)).DistinctBy(p => p.Name)];
        IReadOnlyList<Study> studies = study is not null ? [.. NameMatcher.SplitList("--study", study).Select(name => ResolveStudy(name, known, whyNoTyped)).Distinct()]
            : dataStudies.Count > 0 ? dataStudies
            : StudyRegistry.All;
        var named = contenders is null ? null : ResolveContenders(NameMatcher.SplitList("--contenders", contenders), Resolve);
        if (named?.OfType<VersionedContender>().ToList() is { Count: > 0 } versions)
        {
            studies = [.. studies.Select(s => s.WithVersions(versions))];
        }

        IReadOnlyList<Operation>? ops = operations is null ? null
            : [.. NameMatcher.SplitList("--ops", operations).Select(n => NameMatcher.Resolve("operation", "operations", n, Enum.GetValues<Operation>(), CellText.Name)).Distinct()];
        var chosen = profile is null ? MeasurementProfile.Quick : NameMatcher.Resolve("profile", "profiles", profile, MeasurementProfile.All, p => p.Name);
        return new RunRequest
        {
            // User packs hold typed serializers: they join the typed studies (the user's models and types too), not the study of document models.
            Studies = userContenders.Count == 0 ? studies : [.. studies.Select(s => s.Name == DataStudy.Name ? s : s.Admitting(userContenders, Find))],
            UserContenders = userContenders,
            WhyNoTypedStudy = whyNoTyped,
            Contenders = named,
            Payloads = payloads is null ? null
                : [.. NameMatcher.SplitList("--payloads", payloads).Select(n => NameMatcher.Resolve("payload", "payloads", n, knownPayloads, p => p.Name)).Distinct()],
            Sizes = sizes is null ? null : [.. NameMatcher.SplitList("--sizes", sizes).Select(ParseSize).Distinct()],
            Operations = ops,
            Shapes = shapes is null ? null
                : [.. NameMatcher.SplitList("--shapes", shapes).Select(n => NameMatcher.Resolve("shape", "shapes", n, Enum.GetValues<Shape>(), CellText.Name)).Distinct()],
            // --ops first-call times first calls even in the profile that leaves them out (smoke).
            Profile = ops?.Contains(Operation.FirstCall) == true && chosen.FirstCallLaunches == 0
                ? chosen with { FirstCallLaunches = MeasurementProfile.Quick.FirstCallLaunches }
                : chosen,
        };
    }

    /// <summary>
    /// The contenders <c>--contenders</c> names, each once; <c>name@version</c> is that contender at another version of its
    /// package. The same version named twice (or a version that is the contender's own beside the contender) is refused.
    /// </summary>
    private static IReadOnlyList<Contender> ResolveContenders(IReadOnlyList<string> names, Func<string, Contender> resolve)
    {
        var contenders = names.Select(n => VersionedContender.Names(n) ? VersionedContender.Parse(n, resolve) : resolve(n)).ToList();
        var versions = contenders.OfType<VersionedContender>().ToList();
        if (versions.GroupBy(v => v.Name, StringComparer.OrdinalIgnoreCase).FirstOrDefault(g => g.Count() > 1) is { } twice)
        {
            throw new UsageException($"--contenders names {twice.Key} twice; give each contender and version once.");
        }

        if (versions.FirstOrDefault(v => contenders.Contains(v.Inner) && SameVersion(v.Version, VersionedContender.OwnVersion(v.Inner))) is { } own)
        {
            throw new UsageException($"--contenders names {own.Inner.Name} and {own.Name}, but {own.Version} is the version {own.Inner.Name} is measured at already; " +
                                     $"name it once, or give another version.");
        }

        return [.. contenders.Distinct()];
    }

    private static bool SameVersion(string a, string b) =>
        NuGet.Versioning.NuGetVersion.TryParse(a, out var x) && NuGet.Versioning.NuGetVersion.TryParse(b, out var y) && x == y;

    /// <summary>
    /// The study of that exact name among the built-in ones and those of the user's documents and types: how a child
    /// finds the study of the cases it is sent.
    /// </summary>
    public static Study FindStudy(string name, IReadOnlyList<string>? dataPaths, UserTypesSource? types)
    {
        IReadOnlyList<Study> dataStudies = [.. DataStudiesFrom(dataPaths).Studies, .. types is null ? [] : new[] { TypesStudy.Create(types) }];
        return dataStudies.Concat(StudyRegistry.All).FirstOrDefault(s => s.Name == name)
               ?? throw new UsageException($"no study '{name}' in this process.");
    }

    /// <summary>
    /// A <c>--study</c> name among the studies this run has. The studies of the user's data exist only with their option,
    /// and a name that is missing says what would work instead.
    /// </summary>
    private static Study ResolveStudy(string name, IReadOnlyList<Study> known, string? whyNoTyped)
    {
        if (known.FirstOrDefault(s => string.Equals(s.Name, name, StringComparison.OrdinalIgnoreCase)) is { } found)
        {
            return found;
        }

        var hint = name.ToLowerInvariant() switch
        {
            DataStudy.TypedName when whyNoTyped is not null => whyNoTyped,
            DataStudy.Name or DataStudy.TypedName => $"Study '{name}' measures your own JSON documents: add --data FILE_OR_FOLDER " +
                                                     "(serbench samples --out my-documents writes some to try), e.g. --data my-documents.",
            TypesStudy.Name => $"Study '{name}' measures your own compiled types: add --types ASSEMBLY.dll --type Namespace.TypeName.",
            _ => null,
        };
        if (hint is not null)
        {
            throw new UsageException(hint);
        }

        var names = NameMatcher.ByCloseness(name, known.Select(s => s.Name));
        throw new UsageException($"Unknown study '{name}'. Valid studies: {string.Join(", ", names)} (data with --data, types with --types). " +
                                 "Give one or a comma-separated list, e.g. --study web-api,escaping; --cells picks single cells of several studies.");
    }

    /// <summary>
    /// The study of the documents through document models and, when a model could be inferred, the study of them as typed
    /// objects; otherwise the line that says why there is no typed study.
    /// </summary>
    private static (IReadOnlyList<Study> Studies, string? WhyNoTyped) DataStudiesFrom(IReadOnlyList<string>? dataPaths)
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

    /// <summary>
    /// Resolves <c>--runtimes</c> (<c>net8.0,net9.0,net10.0-aot</c>); throws <see cref="UsageException"/> naming the bad
    /// name and the form a runtime takes.
    /// </summary>
    public static IReadOnlyList<RuntimeTarget> ParseRuntimes(string? runtimes) => runtimes is null ? [RuntimeTarget.Current]
        : [.. NameMatcher.SplitList("--runtimes", runtimes).Select(RuntimeTarget.Parse).Distinct()];

    private static int ParseSize(string text)
    {
        var normalized = text.Replace("_", "", StringComparison.Ordinal);
        if (int.TryParse(normalized, NumberStyles.AllowThousands, CultureInfo.InvariantCulture, out var size) && size is >= 1 and <= 10_000_000)
        {
            return size;
        }

        throw new UsageException($"Invalid size '{text}'. Sizes are whole numbers from 1 to 10,000,000, e.g. --sizes 1,200,10000.");
    }
}
