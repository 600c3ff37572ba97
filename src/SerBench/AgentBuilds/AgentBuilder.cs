using System.Diagnostics;
using System.Text.Json;
using SerBench.Core.Contenders;
using SerBench.Core.Packs;
using SerBench.Core.Running;
using static SerBench.AgentBuilds.BuildOutput;

namespace SerBench.AgentBuilds;

/// <summary>The core, the payload models (so a pack's source generator sees them) and every pack that builds, once per <see cref="AgentKey"/>.</summary>
internal sealed class AgentBuilder
{
    public const string AgentName = "serbench-agent";
    public const string SourceFolder = "agent-source";

    private static readonly TimeSpan DefaultStepTimeout = TimeSpan.FromMinutes(15);

    private readonly string _sourceDirectory;
    private readonly string _cacheDirectory;
    private readonly IReadOnlyList<string> _packageSources;
    private readonly Action<string> _log;
    private readonly RuntimeTarget _runtime;
    private readonly IReadOnlyDictionary<string, string> _modelSources;
    private readonly TimeSpan _stepTimeout;
    private readonly IReadOnlyDictionary<string, string> _versions;
    private DotnetCli? _dotnet;
    private AgentProjectWriter? _writer;

    // runtime: another runtime's (or Native AOT) agent is published self-contained, its runtime packs from NuGet, so only SerBench's SDK is needed.
    // modelSources: C# models of the user's documents by data set name; they register with UserModels.
    // versions: package id → exact version for name@version, overriding or adding to what packs ask; built even without a pack.
    public AgentBuilder(string? sourceDirectory = null, string? cacheDirectory = null, IReadOnlyList<string>? packageSources = null, Action<string>? log = null,
        RuntimeTarget? runtime = null, IReadOnlyDictionary<string, string>? modelSources = null, TimeSpan? stepTimeout = null,
        IReadOnlyDictionary<string, string>? versions = null)
    {
        _versions = versions ?? new Dictionary<string, string>();
        _stepTimeout = stepTimeout ?? DefaultStepTimeout;
        _modelSources = modelSources ?? new Dictionary<string, string>();
        _runtime = runtime ?? RuntimeTarget.Current;
        _sourceDirectory = sourceDirectory ?? Path.Combine(AppContext.BaseDirectory, SourceFolder);
        _cacheDirectory = cacheDirectory ?? DefaultCacheDirectory;
        _packageSources = packageSources ?? [];
        _log = log ?? (_ => { });
    }

    /// <summary><c>SERBENCH_CACHE</c> when set, else <c>serbench/</c> in the user's local application data folder.</summary>
    public static string DefaultCacheDirectory =>
        Environment.GetEnvironmentVariable("SERBENCH_CACHE") is { Length: > 0 } cache
            ? Path.GetFullPath(cache)
            : Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.LocalApplicationData, Environment.SpecialFolderOption.Create), "serbench");

    /// <summary>The packs' outcomes are read from it with <see cref="Outcomes"/>, for SerBench's own runtime only: a pack may work on one runtime and not another.</summary>
    public AgentBuild Ensure(IReadOnlyList<Pack> packs, CancellationToken stop = default)
    {
        var clock = Stopwatch.StartNew();
        var slugs = UniqueSlugs(packs);
        var key = AgentKey.Compute(_sourceDirectory, _runtime, packs, slugs, _modelSources, _packageSources, _versions);
        var root = Path.Combine(_cacheDirectory, "agents");
        var directory = Path.Combine(root, key);
        // A built agent is reused without the lock, so a cache that cannot be written (read-only, another user's) still serves.
        if (AgentCache.TryRead(directory, _log) is { } ready)
        {
            AgentCache.Touch(directory);
            return ready with { Reused = true, Directory = directory, ElapsedSeconds = clock.Elapsed.TotalSeconds };
        }

        AgentCache.Prune(root, null);
        AgentBuild build;
        using (AgentCache.Lock(root, key))
        {
            // Damage was reported above; another process may have rebuilt it while this one waited for the lock.
            var existing = AgentCache.TryRead(directory, _ => { });
            build = existing is null
                ? Build(packs, slugs, key, directory, stop) with { Directory = directory }
                : existing with { Reused = true, Directory = directory };
            AgentCache.Touch(directory);
        }

        if (!build.Reused)
        {
            AgentCache.Prune(root, directory);
        }

        return build with { ElapsedSeconds = clock.Elapsed.TotalSeconds };
    }

    /// <summary>The cached agent without building (for <c>serbench list</c>).</summary>
    public AgentBuild? Peek(IReadOnlyList<Pack> packs)
    {
        var slugs = UniqueSlugs(packs);
        var directory = Path.Combine(_cacheDirectory, "agents", AgentKey.Compute(_sourceDirectory, _runtime, packs, slugs, _modelSources, _packageSources, _versions));
        return AgentCache.TryRead(directory, _ => { });
    }

    public static (string FileName, string[] Prefix) Command(AgentBuild build)
    {
        var assembly = build.AgentAssembly ?? throw new InvalidOperationException("No pack was built into this agent.");
        var apphost = Path.ChangeExtension(assembly, OperatingSystem.IsWindows() ? ".exe" : null);
        return File.Exists(apphost) ? (apphost, []) : (DotnetCli.Host(), ["exec", assembly]);
    }

    private static string[] UniqueSlugs(IReadOnlyList<Pack> packs)
    {
        var seen = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        return [.. packs.Select(pack =>
        {
            var slug = pack.Slug;
            for (var i = 2; !seen.Add(slug); i++)
            {
                slug = $"{pack.Slug}-{i}";
            }

            return slug;
        })];
    }

    /// <summary>What the main agent's build (SerBench's runtime, the packs' own versions) found for each of <paramref name="packs"/>, the list it was built from.</summary>
    public static IReadOnlyDictionary<Pack, PackOutcome> Outcomes(IReadOnlyList<Pack> packs, AgentBuild build) =>
        packs.Zip(UniqueSlugs(packs)).ToDictionary(x => x.First, x => build.Packs.FirstOrDefault(p => p.Slug == x.Second) switch
        {
            null => PackOutcome.Unavailable("the agent build left no record for this pack"),
            var result => new PackOutcome(result.Status == PackBuildStatus.Built ? null : result.Message, result.RestoredVersions),
        });

    /// <summary>A pack's contender with its pack's outcome; any other contender as it is.</summary>
    public static Contender Bind(Contender contender, IReadOnlyDictionary<Pack, PackOutcome>? outcomes) =>
        contender is PackContender packContender && outcomes?.GetValueOrDefault(packContender.Pack) is { } outcome ? packContender.With(outcome) : contender;

    private AgentBuild Build(IReadOnlyList<Pack> packs, string[] slugs, string key, string directory, CancellationToken stop)
    {
        var work = directory + AgentCache.BuildingSuffix;
        try
        {
            return Build(packs, slugs, key, directory, work, stop);
        }
        catch (OperationCanceledException)
        {
            AgentCache.TryDelete(new DirectoryInfo(work));
            throw;
        }
    }

    private AgentBuild Build(IReadOnlyList<Pack> packs, string[] slugs, string key, string directory, string work, CancellationToken stop)
    {
        _dotnet = new DotnetCli(_stepTimeout, stop);
        var clock = Stopwatch.StartNew();
        if (Directory.Exists(work))
        {
            Directory.Delete(work, recursive: true);
        }

        _writer = new AgentProjectWriter(_sourceDirectory, _runtime, _packageSources, _modelSources, _versions);
        _writer.Prepare(work, packs, slugs);
        var failed = PackVersionConflicts.Find(packs, _writer.CoreVersions, _versions);
        var included = Enumerable.Range(0, packs.Count).Where(i => !failed.ContainsKey(i)).ToList();
        var steps = new List<string>();
        string? agentAssembly = null;
        string? runtimeFailure = null;
        var warnings = new List<string>();
        IReadOnlyDictionary<string, string> restored = new Dictionary<string, string>();
        // SerBench's own runtime needs an agent only for packs, models and versions; another runtime's runs the built-in contenders too.
        while (included.Count > 0 || !IsOwnRuntime || _modelSources.Count > 0 || _versions.Count > 0)
        {
            var project = WriteProject(work, packs, slugs, included);
            _log($"restoring packages for {included.Count} pack(s){ForRuntime}");
            var restore = Restore(work, project);
            steps.Add($"restore {included.Count} pack(s): exit {restore.ExitCode}");
            if (restore.ExitCode == DotnetCli.TimedOut)
            {
                runtimeFailure = GiveUp(restore, PackBuildStatus.RestoreFailed, included, failed);
                break;
            }

            if (restore.ExitCode != 0)
            {
                if (included.Count == 0 && IsOwnRuntime)
                {
                    runtimeFailure = OwnAgentFailure + Summary(RestoreErrors(restore.Output), PackBuildStatus.RestoreFailed);
                    break;
                }

                if (RuntimeFailure(PackBuildStatus.RestoreFailed, RestoreErrors(restore.Output), packs, slugs, included, work) is { } failure)
                {
                    runtimeFailure = failure;
                    break;
                }

                PackBlame.Blame(PackBuildStatus.RestoreFailed, RestoreErrors(restore.Output), packs, slugs, included, failed,
                    pack => Restore(work, WriteProject(work, packs, slugs, [pack], alone: true)));
                continue;
            }

            _log($"compiling the agent with {included.Count} pack(s){ForRuntime}");
            var build = Compile(work, project, Path.Combine(work, "bin"));
            steps.Add($"{(IsOwnRuntime ? "build" : "publish")} {included.Count} pack(s): exit {build.ExitCode}");
            if (build.ExitCode == DotnetCli.TimedOut)
            {
                runtimeFailure = GiveUp(build, PackBuildStatus.CompileFailed, included, failed);
                break;
            }

            if (build.ExitCode != 0)
            {
                // Nothing left to blame but SerBench and the models of the user's documents: stop here with the compiler's words.
                if (included.Count == 0 && IsOwnRuntime)
                {
                    runtimeFailure = OwnAgentFailure + Summary(CompileErrors(build.Output), PackBuildStatus.CompileFailed);
                    break;
                }

                if (PackBlame.ModelFailure(_modelSources.Count > 0, CompileErrors(build.Output), build.Output, packs, slugs, included) is { } modelFailure)
                {
                    runtimeFailure = modelFailure;
                    foreach (var i in included)
                    {
                        failed[i] = (PackBuildStatus.CompileFailed, "not built: " + modelFailure);
                    }

                    break;
                }

                if (RuntimeFailure(PackBuildStatus.CompileFailed, CompileErrors(build.Output), packs, slugs, included, work) is { } failure)
                {
                    runtimeFailure = failure;
                    break;
                }

                PackBlame.Blame(PackBuildStatus.CompileFailed, CompileErrors(build.Output), packs, slugs, included, failed, pack =>
                {
                    var alone = WriteProject(work, packs, slugs, [pack], alone: true);
                    var restoreAlone = Restore(work, alone);
                    return restoreAlone.ExitCode != 0 ? restoreAlone : Compile(work, alone, Path.Combine(work, "alone", slugs[pack], "bin"));
                });
                continue;
            }

            agentAssembly = Path.Combine("bin", _runtime.Aot ? AgentName : AgentName + ".dll");
            restored = RestoredVersions(Path.Combine(work, "obj", "project.assets.json"));
            warnings = Warnings(build.Output);
            break;
        }

        // Intermediate files are half the size of an agent and never used again.
        foreach (var intermediate in new[] { "obj", "alone" }.Select(name => Path.Combine(work, name)).Where(Directory.Exists))
        {
            Directory.Delete(intermediate, recursive: true);
        }

        var results = packs.Select((pack, i) => failed.TryGetValue(i, out var failure)
            ? new PackBuildResult(slugs[i], pack.Manifest.Library, failure.Status, failure.Message, new Dictionary<string, string>())
            : new PackBuildResult(slugs[i], pack.Manifest.Library, PackBuildStatus.Built, null,
                pack.Manifest.Packages.Where(p => restored.ContainsKey(p.Id)).ToDictionary(p => p.Id, p => restored[p.Id]))).ToList();
        var record = new AgentBuild
        {
            Key = key,
            BuiltAt = DateTimeOffset.UtcNow,
            BuildSeconds = Math.Round(clock.Elapsed.TotalSeconds, 1),
            AgentAssembly = agentAssembly,
            Packs = results,
            Steps = steps,
            Runtime = _runtime.Name,
            RuntimeFailure = runtimeFailure,
            Warnings = warnings,
            Files = agentAssembly is null ? null : AgentFingerprint.Record(work, Path.Combine(work, "bin")),
        };
        File.WriteAllText(Path.Combine(work, AgentBuild.RecordFileName), JsonSerializer.Serialize(record, AgentCache.RecordOptions));
        if (Directory.Exists(directory))
        {
            Directory.Delete(directory, recursive: true);
        }

        Directory.Move(work, directory);
        return record with { AgentAssembly = agentAssembly is null ? null : Path.Combine(directory, agentAssembly) };
    }

    private DotnetOutcome Dotnet(string workingDirectory, IReadOnlyList<string> arguments) => _dotnet!.Run(workingDirectory, arguments);

    private DotnetOutcome Restore(string work, string project) => Dotnet(work, ["restore", project, .. RuntimeArguments(), .. AgentKey.ConfigFileArguments()]);

    private string WriteProject(string work, IReadOnlyList<Pack> packs, string[] slugs, IReadOnlyList<int> included, bool alone = false, string? relativeRoot = null) =>
        _writer!.Write(work, packs, slugs, included, alone, relativeRoot);

    private bool IsOwnRuntime => _runtime.IsCurrent;

    private string ForRuntime => IsOwnRuntime ? "" : $" for {_runtime.Name}";

    private string OwnAgentFailure => _versions.Count > 0
        ? $"the agent with {string.Join(", ", _versions.Select(v => $"{v.Key} {v.Value}"))} could not be built: "
        : "the agent with the models of your documents could not be built: ";

    /// <summary>A step past its time limit would time out again: no retry pack by pack; another runtime's agent fails whole (returned).</summary>
    private string? GiveUp(DotnetOutcome outcome, PackBuildStatus status, List<int> included, Dictionary<int, (PackBuildStatus Status, string Message)> failed)
    {
        if (!IsOwnRuntime)
        {
            return $"the {_runtime.Name} agent could not be built: {outcome.Output}";
        }

        if (included.Count == 0)
        {
            return OwnAgentFailure + outcome.Output;
        }

        foreach (var i in included)
        {
            failed[i] = (status, outcome.Output);
        }

        return null;
    }

    private string[] RuntimeArguments() => IsOwnRuntime ? [] : ["-r", System.Runtime.InteropServices.RuntimeInformation.RuntimeIdentifier];

    private DotnetOutcome Compile(string work, string project, string output) => IsOwnRuntime
        ? Dotnet(work, ["build", project, "--no-restore", "-c", "Release", "-o", output, "-p:UseSharedCompilation=false", "-nodeReuse:false"])
        : Dotnet(work, ["publish", project, "--no-restore", "-c", "Release", "-o", output, .. RuntimeArguments(), "--self-contained", "-p:UseSharedCompilation=false", "-nodeReuse:false"]);

    /// <summary>Another runtime's failure that names no pack may be the runtime's own (packs not served, no AOT toolchain): the core alone is tried.</summary>
    private string? RuntimeFailure(PackBuildStatus status, IReadOnlyList<string> errors, IReadOnlyList<Pack> packs, string[] slugs, List<int> included, string work)
    {
        if (IsOwnRuntime || included.Any(i => PackBlame.Mentions(errors, packs[i], slugs[i]).Any()))
        {
            return null;
        }

        var own = errors;
        if (included.Count > 0)
        {
            var folder = Path.Combine(work, "alone", "serbench-core");
            var project = WriteProject(folder, packs, slugs, [], relativeRoot: "../../");
            var restored = Restore(work, project);
            var core = restored.ExitCode == 0 ? Compile(work, project, Path.Combine(folder, "bin")) : restored;
            if (core.ExitCode == 0)
            {
                return null;
            }

            status = restored.ExitCode != 0 ? PackBuildStatus.RestoreFailed : PackBuildStatus.CompileFailed;
            own = Errors(core.Output, restore: restored.ExitCode != 0) is { Count: > 0 } coreErrors ? coreErrors : [FirstLines(core.Output)];
        }

        return $"the {_runtime.Name} agent could not be built: " + Summary(own, status);
    }
}
