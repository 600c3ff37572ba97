using System.Globalization;
using NuGet.Versioning;
using SerBench.Core.Contenders;
using SerBench.Core.Measurement;
using SerBench.Core.Packs;
using SerBench.Core.Payloads;
using SerBench.Core.Results;
using SerBench.Core.Running;
using SerBench.Core.Sizes;
using SerBench.Core.Studies;
using SerBench.Core.UserData;

namespace SerBench.Running;

/// <summary>The options of <c>run</c>, <c>verify</c> and <c>first-call</c> as typed, each under its option's name; null or empty where not given.</summary>
internal sealed record RunOptions
{
    public string? Study { get; init; }
    public string? Contenders { get; init; }
    public string? Payloads { get; init; }
    public IReadOnlyList<string> Data { get; init; } = [];
    public string? Cases { get; init; }
    public IReadOnlyList<string> Maps { get; init; } = [];
    public IReadOnlyList<string> NoMaps { get; init; } = [];
    public string? Types { get; init; }
    public IReadOnlyList<string> TypeNames { get; init; } = [];
    public string? Sample { get; init; }
    public IReadOnlyList<string> Packs { get; init; } = [];

    public string? Sizes { get; init; }
    public string? Threads { get; init; }
    public string? Ops { get; init; }
    public string? Profile { get; init; }
    public string? Shapes { get; init; }
    public string? Cells { get; init; }
    public string? Runtimes { get; init; }
    public string? Rounds { get; init; }
    public string? Budget { get; init; }
    public string? FirstCall { get; init; }
    public string? Clock { get; init; }
    public string? Compressions { get; init; }
}

/// <summary>A request and its plan, built once: the plan does not depend on the profile the rounds policy then chooses.</summary>
internal sealed record PlannedRun(RunRequest Request, IReadOnlyList<PlannedCase> Plan);

/// <summary>Folds <see cref="RunOptions"/> into a <see cref="RunRequest"/> apart from any command (as BenchmarkDotNet's ConfigParser); bad values are <see cref="UsageException"/>.</summary>
internal static class RunOptionsParser
{
    public static RunRequest Parse(RunOptions options) => Plan(options).Request;

    // --data or --types make the run the user's data studies unless --study names another; without --rounds a tiny run gets more (RoundsPolicy.ForPlan).
    public static PlannedRun Plan(RunOptions options)
    {
        var request = Names(options) with
        {
            Runtimes = options.Runtimes is null ? [RuntimeTarget.Current]
                : [.. NameMatcher.SplitList("--runtimes", options.Runtimes).Select(RuntimesOption.Parse).Distinct()],
            Cells = options.Cells is null ? null : CellSelection.Parse(options.Cells),
        };
        request = request with { Profile = Profile(request.Profile, options) };
        // The only plan of the run: a filter that leaves nothing is refused here, and the rounds, agents and availability all read it.
        var plan = RunPlan.Create(request);
        RequireJitForTypes(plan);
        RequireWallClockForThreads(plan, request.Profile);
        return new PlannedRun(options.Rounds is null ? request with { Profile = RoundsPolicy.ForPlan(request.Profile, plan) } : request, plan);
    }

    // Refused rather than planned as UNSUPPORTED cells: two runs joined by merge give the same report, without a column of refusals.
    private static void RequireJitForTypes(IReadOnlyList<PlannedCase> plan)
    {
        if (plan.FirstOrDefault(c => c.Study.UserTypes is not null && c.Runtime.Aot)?.Runtime is { } runtime)
        {
            throw new UsageException($"--runtimes {runtime.Name}: the types study loads your assembly at run time, which Native AOT cannot; drop {runtime.Name}, " +
                                     $"or measure --types on a JIT runtime (e.g. {runtime.Moniker}) and other studies on {runtime.Name} in a run of their own (serbench merge joins the two).");
        }
    }

    // The CPU clock adds up every thread's time: N threads done at once would read N× their wall time.
    private static void RequireWallClockForThreads(IReadOnlyList<PlannedCase> plan, MeasurementProfile profile)
    {
        if (profile.Clock == MeasurementClock.Cpu && plan.Any(c => c.Workload.Shape == Shape.Threads))
        {
            throw new UsageException("--clock cpu counts every thread's CPU time, so a threads cell would read its N threads' time added up; " +
                                     "measure the threads study with --clock wall (the default), and other studies with --clock cpu in a run of their own.");
        }
    }

    private static MeasurementProfile Profile(MeasurementProfile profile, RunOptions options)
    {
        if (options.Rounds is { } rounds)
        {
            profile = int.TryParse(rounds, NumberStyles.None, CultureInfo.InvariantCulture, out var count) && count is >= 1 and <= RoundsPolicy.MaximumRounds
                ? RoundsPolicy.WithRounds(profile, count)
                : throw new UsageException($"Invalid --rounds '{rounds}': give a whole number of rounds from 1 to {RoundsPolicy.MaximumRounds}, e.g. --rounds 4.");
        }

        if (options.Budget is { } budget)
        {
            profile = profile with { Budget = budget.Trim() == "off" ? null : DurationOption.Parse("--budget", budget), BudgetYieldsToRounds = false };
        }

        if (options.FirstCall is { } firstCall)
        {
            profile = profile with
            {
                FirstCallLaunches = firstCall switch
                {
                    "on" => Math.Max(profile.FirstCallLaunches, MeasurementProfile.Quick.FirstCallLaunches),
                    "off" => 0,
                    _ => FirstCallLaunches(firstCall)
                         ?? throw new UsageException($"Invalid --first-call '{firstCall}'. Give on, off or a number of fresh processes from 1 to 100, e.g. --first-call off."),
                },
            };
        }

        if (options.Clock is { } clock)
        {
            var chosen = MeasurementClocks.Parse(clock) ?? throw new UsageException($"Invalid --clock '{clock}'. Give cpu or wall, e.g. --clock wall.");
            profile = chosen == MeasurementClock.Cpu && !CpuTimeClock.IsSupported
                ? throw new UsageException("--clock cpu: this OS gives no precise CPU time of a process (SerBench reads it on Linux and macOS); use --clock wall.")
                : profile with { Clock = chosen };
        }

        return options.Compressions is { } compressions ? profile with { Compressions = CompressionsOption.Parse(compressions) } : profile;
    }

    /// <summary>Checked against every name SerBench has.</summary>
    public static IReadOnlyList<Contender> UserContenders(IReadOnlyList<string> packDirectories)
    {
        try
        {
            var packs = packDirectories.Select(directory => Pack.Load(directory, PackOrigin.User)).ToList();
            var duplicate = packs.GroupBy(p => p.Directory).FirstOrDefault(g => g.Count() > 1);
            if (duplicate is not null)
            {
                throw new UsageException($"--pack names '{duplicate.Key}' twice; give each pack once.");
            }

            return PackCatalog.UserContenders(packs, ContenderRegistry.Selectable.Select(c => c.Name));
        }
        catch (PackException exception)
        {
            throw new UsageException(exception.Message);
        }
    }

    private static UserTypesSource? UserTypes(RunOptions options)
    {
        if (options.Types is null)
        {
            return options.TypeNames.Count > 0 || options.Sample is not null
                ? throw new UsageException("--type and --sample need --types ASSEMBLY.dll, the assembly that holds the types.")
                : null;
        }

        return new UserTypesSource(Path.GetFullPath(options.Types), options.TypeNames, options.Sample is null ? null : Path.GetFullPath(options.Sample));
    }

    private static RunRequest Names(RunOptions options)
    {
        var (userContenders, types) = (UserContenders(options.Packs), UserTypes(options));
        // Built only when a name is not a built-in contender: listing every contender reads the packs' manifests.
        IReadOnlyList<Contender>? selectable = null;
        IReadOnlyList<Contender> Selectable() => selectable ??= [.. ContenderRegistry.Selectable, .. userContenders];
        Contender? Find(string name) => Selectable().FirstOrDefault(c => string.Equals(c.Name, name, StringComparison.OrdinalIgnoreCase));
        Contender Resolve(string name) =>
            ContenderRegistry.FindBuiltIn(name) ?? NameMatcher.Resolve("contender", "contenders", name, Selectable(), c => c.Name);
        var (fromData, whyNoTyped) = RunRequest.DataStudiesFrom(options.Data, CaseRule(options.Cases), MapChoices(options));
        IReadOnlyList<Study> dataStudies = [.. fromData, .. types is null ? [] : new[] { TypesStudy.Create(types) }];
        IReadOnlyList<Study> known = [.. StudyRegistry.All, .. dataStudies];
        IReadOnlyList<PayloadModel> knownPayloads = [.. PayloadRegistry.All, .. dataStudies.SelectMany(s => s.Workloads.Select(w => w.Payload)).DistinctBy(p => p.Name)];
        IReadOnlyList<Study> studies = options.Study is not null ? [.. NameMatcher.SplitList("--study", options.Study).Select(name => ResolveStudy(name, known, whyNoTyped)).Distinct()]
            : dataStudies.Count > 0 ? dataStudies
            : StudyRegistry.Default;
        var named = options.Contenders is null ? null : ResolveContenders(NameMatcher.SplitList("--contenders", options.Contenders), Resolve);
        if (named?.OfType<VersionedContender>().ToList() is { Count: > 0 } versions)
        {
            studies = [.. studies.Select(s => s.WithVersions(versions))];
        }

        IReadOnlyList<Operation>? ops = options.Ops is null ? null
            : [.. NameMatcher.SplitList("--ops", options.Ops).Select(n => NameMatcher.Resolve("operation", "operations", n, Enum.GetValues<Operation>(), CellText.Name)).Distinct()];
        var chosen = options.Profile is null ? MeasurementProfile.Quick : NameMatcher.Resolve("profile", "profiles", options.Profile, MeasurementProfile.All, p => p.Name);
        return new RunRequest
        {
            // User packs hold typed serializers: they join the typed studies (the user's models and types too), not the study of document models.
            Studies = userContenders.Count == 0 ? studies : [.. studies.Select(s => s.Name == DataStudy.Name ? s : s.Admitting(userContenders, Find))],
            UserContenders = userContenders,
            WhyNoTypedStudy = whyNoTyped,
            Contenders = named,
            Payloads = options.Payloads is null ? null
                : [.. NameMatcher.SplitList("--payloads", options.Payloads).Select(n => NameMatcher.Resolve("payload", "payloads", n, knownPayloads, p => p.Name)).Distinct()],
            Sizes = options.Sizes is null ? null : [.. NameMatcher.SplitList("--sizes", options.Sizes).Select(ParseSize).Distinct()],
            Threads = options.Threads is null ? null : [.. NameMatcher.SplitList("--threads", options.Threads).Select(ParseThreads).Distinct().Order()],
            Operations = ops,
            Shapes = options.Shapes is null ? null
                : [.. NameMatcher.SplitList("--shapes", options.Shapes).Select(n => NameMatcher.Resolve("shape", "shapes", n, Enum.GetValues<Shape>(), CellText.Name)).Distinct()],
            // --ops first-call times first calls even in the profile that leaves them out (smoke).
            Profile = ops?.Contains(Operation.FirstCall) == true && chosen.FirstCallLaunches == 0
                ? chosen with { FirstCallLaunches = MeasurementProfile.Quick.FirstCallLaunches }
                : chosen,
        };
    }

    /// <summary><c>name@version</c> is that contender at another version of its package; the same version named twice is refused.</summary>
    private static IReadOnlyList<Contender> ResolveContenders(IReadOnlyList<string> names, Func<string, Contender> resolve)
    {
        var contenders = names.Select(n => VersionedContender.Names(n) ? ParseVersion(n, resolve) : resolve(n)).ToList();
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
        NuGetVersion.TryParse(a, out var x) && NuGetVersion.TryParse(b, out var y) && x == y;

    private static VersionedContender ParseVersion(string text, Func<string, Contender> resolve)
    {
        var at = text.IndexOf(VersionedContender.Separator, StringComparison.Ordinal);
        var (name, version) = (text[..at].Trim(), text[(at + 1)..].Trim());
        if (name.Length == 0)
        {
            throw new UsageException($"Invalid contender '{text}': name the contender before '@', e.g. newtonsoft-string@13.0.4.");
        }

        if (version.Length == 0)
        {
            throw new UsageException($"Invalid contender '{text}': give a package version after '@', e.g. {name}@1.2.3.");
        }

        if (!NuGetVersion.TryParse(version, out var parsed))
        {
            throw new UsageException($"Invalid version '{version}' in '{text}': give a NuGet package version, e.g. {name}@1.2.3 or {name}@2.0.0-beta1.");
        }

        var inner = resolve(name);
        if (inner.PackageId is null)
        {
            throw new UsageException($"'{inner.Name}@{version}': {inner.Name} has no package of its own to take a version of ({inner.Library} comes with .NET or SerBench); " +
                                     "versions apply to contenders of a package, e.g. newtonsoft-string@13.0.4 or stj-reflection-utf8@11.0.0.");
        }

        if (inner.ComesWithRuntime && NuGetVersion.TryParse(inner.LibraryVersion, out var inBox) && parsed < inBox)
        {
            throw new UsageException($"'{inner.Name}@{version}': .NET {Environment.Version} carries {inner.Library} {inBox} itself, and a package older than the " +
                                     $"runtime's own copy is never loaded; give {inBox} or newer.");
        }

        return new VersionedContender(inner, parsed.ToNormalizedString());
    }

    private static DataCaseRule CaseRule(string? cases) =>
        cases is null ? DataCaseRule.Auto : NameMatcher.Resolve("--cases rule", "rules are", cases, Enum.GetValues<DataCaseRule>(), DataCaseRules.Name);

    private static MapChoices MapChoices(RunOptions options)
    {
        foreach (var (option, path) in options.Maps.Select(p => ("--map", p)).Concat(options.NoMaps.Select(p => ("--no-map", p))))
        {
            if (!path.StartsWith('$'))
            {
                throw new UsageException($"{option} '{path}': give a JSON path from the root, as model.cs writes it, e.g. {option} '$.events'.");
            }
        }

        var maps = options.Maps.ToHashSet(StringComparer.Ordinal);
        return maps.FirstOrDefault(options.NoMaps.Contains) is { } both
            ? throw new UsageException($"'{both}' is given to both --map and --no-map; give it to one.")
            : new MapChoices(maps, options.NoMaps.ToHashSet(StringComparer.Ordinal));
    }

    /// <summary>The data studies exist only with their option; a missing name says what would work instead.</summary>
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

        var names = NearestNames.Order(name, known.Select(s => s.Name));
        throw new UsageException($"Unknown study '{name}'. Valid studies: {string.Join(", ", names)} (data with --data, types with --types). " +
                                 "Give one or a comma-separated list, e.g. --study web-api,escaping; --cells picks single cells of several studies.");
    }

    internal static int? FirstCallLaunches(string text) =>
        int.TryParse(text.Trim(), NumberStyles.None, CultureInfo.InvariantCulture, out var count) && count is >= 1 and <= 100 ? count : null;

    private static int ParseSize(string text)
    {
        var normalized = text.Replace("_", "", StringComparison.Ordinal);
        if (int.TryParse(normalized, NumberStyles.AllowThousands, CultureInfo.InvariantCulture, out var size) && size is >= 1 and <= 10_000_000)
        {
            return size;
        }

        throw new UsageException($"Invalid size '{text}'. Sizes are whole numbers from 1 to 10,000,000, e.g. --sizes 1,200,10000.");
    }

    private static int ParseThreads(string text) =>
        int.TryParse(text.Trim(), NumberStyles.None, CultureInfo.InvariantCulture, out var threads) && threads is >= 1 and <= RunRequest.MostThreads ? threads
            : throw new UsageException($"Invalid thread count '{text}'. Thread counts are whole numbers from 1 to {RunRequest.MostThreads}, e.g. --threads 1,2,4.");
}
