using System.Diagnostics;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using System.Text.RegularExpressions;
using System.Xml.Linq;
using SerBench.Running;

namespace SerBench.Packs;

/// <summary>
/// Builds the measuring agent: SerBench's own sources (shipped beside the tool in <c>agent-source/</c>) compiled together
/// with every pack whose packages restore, into one executable. The payload models are in the same compilation, so a
/// source generator in a pack runs on them. Built once per key (sources, packs, package sources, NuGet configuration,
/// runtime) into the cache and reused; a pack that does not restore or compile is left out with the tool's own message.
/// </summary>
public sealed class AgentBuilder
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
    private CancellationToken _stop;

    /// <param name="sourceDirectory">SerBench's sources for the agent (default: <c>agent-source/</c> beside the tool).</param>
    /// <param name="cacheDirectory">Where agents are kept (default: <see cref="DefaultCacheDirectory"/>).</param>
    /// <param name="packageSources">Extra NuGet sources (<c>--package-source</c>), besides the user's own configuration.</param>
    /// <param name="log">Progress lines ("restoring…", "compiling…").</param>
    /// <param name="runtime">
    /// The runtime the agent runs on (default: the one SerBench runs on). For another runtime, or Native AOT, the agent is
    /// published self-contained for this machine's runtime identifier, so only the .NET SDK SerBench runs on is needed:
    /// the runtime packs come from NuGet.
    /// </param>
    /// <param name="modelSources">
    /// C# models inferred from the user's documents, by data set name: compiled into the agent with SerBench's sources
    /// (they register themselves with <see cref="UserData.UserModels"/>), so the agent can run typed contenders on them.
    /// </param>
    /// <param name="stepTimeout">How long one restore, build or publish may take before it is stopped (default: 15 minutes).</param>
    public AgentBuilder(string? sourceDirectory = null, string? cacheDirectory = null, IReadOnlyList<string>? packageSources = null, Action<string>? log = null,
        RuntimeTarget? runtime = null, IReadOnlyDictionary<string, string>? modelSources = null, TimeSpan? stepTimeout = null)
    {
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

    /// <summary>
    /// The agent for <paramref name="packs"/>: the cached one when its key matches, else a new build. For the runtime
    /// SerBench runs on, sets each pack's <see cref="Pack.UnavailableReason"/> and restored versions from the outcome; an
    /// agent for another runtime leaves the packs alone (a pack may work on one runtime and not another), and its
    /// <see cref="AgentBuild.Packs"/> say what became of each there.
    /// </summary>
    /// <param name="packs">Every known pack.</param>
    /// <param name="stop">Stops a build: the dotnet process tree is killed and the half-built folder removed; <see cref="OperationCanceledException"/>.</param>
    public AgentBuild Ensure(IReadOnlyList<Pack> packs, CancellationToken stop = default)
    {
        var clock = Stopwatch.StartNew();
        var slugs = UniqueSlugs(packs);
        var key = Key(packs, slugs);
        var root = Path.Combine(_cacheDirectory, "agents");
        var directory = Path.Combine(root, key);
        // A built agent is reused without the lock, so a cache that cannot be written (read-only, another user's) still serves.
        if (TryRead(directory, _log) is { } ready)
        {
            Touch(directory);
            return Finish(packs, slugs, ready with { Reused = true, Directory = directory }, clock);
        }

        AgentCache.Prune(root, null);
        AgentBuild build;
        using (AgentCache.Lock(root, key))
        {
            // Damage was reported above; another process may have rebuilt it while this one waited for the lock.
            var existing = TryRead(directory, _ => { });
            build = existing is null
                ? Build(packs, slugs, key, directory, stop) with { Directory = directory }
                : existing with { Reused = true, Directory = directory };
            Touch(directory);
        }

        if (!build.Reused)
        {
            AgentCache.Prune(root, directory);
        }

        return Finish(packs, slugs, build, clock);
    }

    private AgentBuild Finish(IReadOnlyList<Pack> packs, string[] slugs, AgentBuild build, Stopwatch clock)
    {
        if (IsOwnRuntime)
        {
            Apply(packs, slugs, build);
        }

        return build with { ElapsedSeconds = clock.Elapsed.TotalSeconds };
    }

    /// <summary>The folder's time says when an agent was last used, so pruning keeps the ones in use; a read-only cache keeps its times.</summary>
    private static void Touch(string directory)
    {
        try
        {
            Directory.SetLastWriteTimeUtc(directory, DateTime.UtcNow);
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
        {
            // Not ours to write: the agent is used all the same.
        }
    }

    /// <summary>
    /// The cached agent for <paramref name="packs"/> if one was built, without building: what <c>serbench list</c> shows.
    /// Applies its outcome to the packs like <see cref="Ensure"/>.
    /// </summary>
    public AgentBuild? Peek(IReadOnlyList<Pack> packs)
    {
        var slugs = UniqueSlugs(packs);
        var directory = Path.Combine(_cacheDirectory, "agents", Key(packs, slugs));
        var build = TryRead(directory, _ => { });
        if (build is not null && IsOwnRuntime)
        {
            Apply(packs, slugs, build);
        }

        return build;
    }

    /// <summary>The command that starts the agent: its apphost when there is one, else <c>dotnet exec</c> on its assembly.</summary>
    public static (string FileName, string[] Prefix) Command(AgentBuild build)
    {
        var assembly = build.AgentAssembly ?? throw new InvalidOperationException("No pack was built into this agent.");
        var apphost = Path.ChangeExtension(assembly, OperatingSystem.IsWindows() ? ".exe" : null);
        return File.Exists(apphost) ? (apphost, []) : (DotnetHost(), ["exec", assembly]);
    }

    /// <summary>The file a data set's model is compiled from: its name is already lower-case ASCII, digits and hyphens.</summary>
    private static string ModelFileName(string dataSetName) => "model-" + dataSetName + ".cs";

    /// <summary>True when the agent runs on the runtime SerBench runs on: a plain build, needed only for pack contenders.</summary>
    private bool IsOwnRuntime => _runtime.IsCurrent;

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

    private static void Apply(IReadOnlyList<Pack> packs, string[] slugs, AgentBuild build)
    {
        for (var i = 0; i < packs.Count; i++)
        {
            var result = build.Packs.FirstOrDefault(p => p.Slug == slugs[i]);
            packs[i].UnavailableReason = result is null ? "the agent build left no record for this pack"
                : result.Status == PackBuildStatus.Built ? null
                : result.Message;
            packs[i].RestoredVersions = result?.RestoredVersions ?? new Dictionary<string, string>();
        }
    }

    /// <summary>A pack holds at most 16 MB in all; a NuGet configuration is a few KB.</summary>
    private const long MaxHashedFileBytes = 64L * 1024 * 1024;

    private string Key(IReadOnlyList<Pack> packs, string[] slugs)
    {
        using var hash = IncrementalHash.CreateHash(HashAlgorithmName.SHA256);
        void Add(string text) => hash.AppendData(Encoding.UTF8.GetBytes(text + "\n"));
        void AddFile(string label, string path)
        {
            Add(label);
            try
            {
                hash.AppendData(Files.InputFile.ReadAll(path, MaxHashedFileBytes, "a file of the agent's sources"));
            }
            catch (Files.InputFileException exception)
            {
                throw new PackException($"'{path}' {exception.Message}.");
            }
        }

        Add("serbench-agent/4");
        Add(Environment.Version.ToString());
        Add(System.Runtime.InteropServices.RuntimeInformation.RuntimeIdentifier);
        Add("runtime:" + _runtime.Name);
        if (!Directory.Exists(_sourceDirectory))
        {
            throw new PackException($"SerBench's agent sources are missing: '{_sourceDirectory}' does not exist; reinstall SerBench (the tool package carries them).");
        }

        foreach (var file in SourceFiles())
        {
            AddFile("src:" + Path.GetRelativePath(_sourceDirectory, file).Replace('\\', '/'), file);
        }

        for (var i = 0; i < packs.Count; i++)
        {
            foreach (var file in packs[i].Files())
            {
                AddFile($"pack:{slugs[i]}:" + Path.GetRelativePath(packs[i].Directory, file).Replace('\\', '/'), file);
            }
        }

        foreach (var (name, source) in _modelSources.OrderBy(m => m.Key, StringComparer.Ordinal))
        {
            Add("model:" + name);
            Add(source);
        }

        foreach (var source in _packageSources)
        {
            Add("source:" + source);
        }

        // A source added to the user's NuGet configuration must be tried again, not answered from the cache.
        foreach (var config in NuGetConfigFiles())
        {
            AddFile("config:" + config, config);
        }

        return Convert.ToHexString(hash.GetHashAndReset()).ToLowerInvariant()[..16];
    }

    private IEnumerable<string> SourceFiles() =>
        Directory.EnumerateFiles(_sourceDirectory, "*", SearchOption.AllDirectories).Order(StringComparer.Ordinal);

    /// <summary>The NuGet configuration the restore uses: the nearest nuget.config above the current folder, else the user's own.</summary>
    private static IEnumerable<string> NuGetConfigFiles()
    {
        if (NearestNuGetConfig() is { } nearest)
        {
            yield return nearest;
        }

        var user = Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.ApplicationData), "NuGet", "NuGet.Config");
        if (File.Exists(user))
        {
            yield return user;
        }
    }

    private static string? NearestNuGetConfig()
    {
        for (var directory = new DirectoryInfo(Environment.CurrentDirectory); directory is not null; directory = directory.Parent)
        {
            foreach (var name in new[] { "nuget.config", "NuGet.config", "NuGet.Config" })
            {
                var path = Path.Combine(directory.FullName, name);
                if (File.Exists(path))
                {
                    return path;
                }
            }
        }

        return null;
    }

    /// <summary>The recorded build when its record reads and its files are as built; a damaged agent is reported through <paramref name="log"/> and built again.</summary>
    private static AgentBuild? TryRead(string directory, Action<string> log)
    {
        var path = Path.Combine(directory, AgentBuild.RecordFileName);
        if (!File.Exists(path))
        {
            return null;
        }

        try
        {
            var build = JsonSerializer.Deserialize<AgentBuild>(Files.InputFile.ReadAll(path, 1024 * 1024, "an agent's build record"), RecordOptions);
            if (build?.AgentAssembly is not { } relative)
            {
                return build;
            }

            if (AgentFingerprint.Damage(directory, build.Files) is { } damage)
            {
                log($"the cached agent in {directory} is damaged ({damage}); building it again");
                return null;
            }

            return build with { AgentAssembly = Path.Combine(directory, relative) };
        }
        catch (Exception exception) when (exception is JsonException or IOException or UnauthorizedAccessException)
        {
            log($"the cached agent in {directory} cannot be read ({Verification.Verdict.FirstLine(exception.Message)}); building it again");
            return null;
        }
    }

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
        _stop = stop;
        var clock = Stopwatch.StartNew();
        if (Directory.Exists(work))
        {
            Directory.Delete(work, recursive: true);
        }

        AgentProjectSeal.Write(work);
        foreach (var file in SourceFiles())
        {
            Copy(file, Path.Combine(work, "src", Path.GetRelativePath(_sourceDirectory, file)));
        }

        for (var i = 0; i < packs.Count; i++)
        {
            foreach (var file in packs[i].Files())
            {
                Copy(file, Path.Combine(work, PackCatalog.AgentFolder, slugs[i], Path.GetRelativePath(packs[i].Directory, file)));
            }
        }

        // Under src/, so the project's src/**/*.cs compiles them with SerBench's own sources.
        foreach (var (name, source) in _modelSources)
        {
            var path = Path.Combine(work, "src", "UserModels", ModelFileName(name));
            Directory.CreateDirectory(Path.GetDirectoryName(path)!);
            File.WriteAllText(path, source);
        }

        var coreVersions = CorePackageVersions(Path.Combine(_sourceDirectory, "Directory.Packages.props"));
        var failed = new Dictionary<int, (PackBuildStatus Status, string Message)>();
        var included = Enumerable.Range(0, packs.Count).ToList();
        var steps = new List<string>();
        string? agentAssembly = null;
        string? runtimeFailure = null;
        var warnings = new List<string>();
        IReadOnlyDictionary<string, string> restored = new Dictionary<string, string>();
        // The agent for SerBench's own runtime exists only for pack contenders and models of the user's documents; another
        // runtime's agent also runs the built-in ones.
        while (included.Count > 0 || !IsOwnRuntime || _modelSources.Count > 0)
        {
            var project = WriteProject(work, packs, slugs, included, coreVersions);
            _log($"restoring packages for {included.Count} pack(s){ForRuntime}");
            var restore = Dotnet(work, ["restore", project, .. RuntimeArguments(), .. ConfigFileArguments()]);
            steps.Add($"restore {included.Count} pack(s): exit {restore.ExitCode}");
            if (restore.ExitCode == TimedOut)
            {
                runtimeFailure = GiveUp(restore, PackBuildStatus.RestoreFailed, included, failed);
                break;
            }

            if (restore.ExitCode != 0)
            {
                if (included.Count == 0 && IsOwnRuntime)
                {
                    runtimeFailure = "the agent with the models of your documents could not be built: " + Summary(RestoreErrors(restore.Output), PackBuildStatus.RestoreFailed);
                    break;
                }

                if (RuntimeFailure(PackBuildStatus.RestoreFailed, RestoreErrors(restore.Output), packs, slugs, included, work, coreVersions) is { } failure)
                {
                    runtimeFailure = failure;
                    break;
                }

                Blame(PackBuildStatus.RestoreFailed, RestoreErrors(restore.Output), packs, slugs, included, failed,
                    pack => Dotnet(work, ["restore", WriteProject(work, packs, slugs, [pack], coreVersions, alone: true), .. RuntimeArguments(), .. ConfigFileArguments()]));
                continue;
            }

            _log($"compiling the agent with {included.Count} pack(s){ForRuntime}");
            var build = Compile(work, project, Path.Combine(work, "bin"));
            steps.Add($"{(IsOwnRuntime ? "build" : "publish")} {included.Count} pack(s): exit {build.ExitCode}");
            if (build.ExitCode == TimedOut)
            {
                runtimeFailure = GiveUp(build, PackBuildStatus.CompileFailed, included, failed);
                break;
            }

            if (build.ExitCode != 0)
            {
                // Nothing left to blame but SerBench and the models of the user's documents: stop here with the compiler's words.
                if (included.Count == 0 && IsOwnRuntime)
                {
                    runtimeFailure = "the agent with the models of your documents could not be built: " + Summary(CompileErrors(build.Output), PackBuildStatus.CompileFailed);
                    break;
                }

                if (ModelFailure(CompileErrors(build.Output), build.Output, packs, slugs, included) is { } modelFailure)
                {
                    runtimeFailure = modelFailure;
                    foreach (var i in included)
                    {
                        failed[i] = (PackBuildStatus.CompileFailed, "not built: " + modelFailure);
                    }

                    break;
                }

                if (RuntimeFailure(PackBuildStatus.CompileFailed, CompileErrors(build.Output), packs, slugs, included, work, coreVersions) is { } failure)
                {
                    runtimeFailure = failure;
                    break;
                }

                Blame(PackBuildStatus.CompileFailed, CompileErrors(build.Output), packs, slugs, included, failed, pack =>
                {
                    var alone = WriteProject(work, packs, slugs, [pack], coreVersions, alone: true);
                    var restoreAlone = Dotnet(work, ["restore", alone, .. RuntimeArguments(), .. ConfigFileArguments()]);
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
        File.WriteAllText(Path.Combine(work, AgentBuild.RecordFileName), JsonSerializer.Serialize(record, RecordOptions));
        if (Directory.Exists(directory))
        {
            Directory.Delete(directory, recursive: true);
        }

        Directory.Move(work, directory);
        return record with { AgentAssembly = agentAssembly is null ? null : Path.Combine(directory, agentAssembly) };
    }

    private string ForRuntime => IsOwnRuntime ? "" : $" for {_runtime.Name}";

    /// <summary>
    /// A step that ran past its time limit would run past it again, so it is reported once, with the command and
    /// the time, and nothing is retried pack by pack: another runtime's agent fails as a whole (returned); on SerBench's own
    /// runtime every pack in the step fails with that message (or, with no pack, the agent of the user's models does).
    /// </summary>
    private string? GiveUp(DotnetOutcome outcome, PackBuildStatus status, List<int> included, Dictionary<int, (PackBuildStatus Status, string Message)> failed)
    {
        if (!IsOwnRuntime)
        {
            return $"the {_runtime.Name} agent could not be built: {outcome.Output}";
        }

        if (included.Count == 0)
        {
            return "the agent with the models of your documents could not be built: " + outcome.Output;
        }

        foreach (var i in included)
        {
            failed[i] = (status, outcome.Output);
        }

        return null;
    }

    /// <summary>Restore and publish arguments for another runtime: this machine's runtime identifier, self-contained.</summary>
    private string[] RuntimeArguments() => IsOwnRuntime ? [] : ["-r", System.Runtime.InteropServices.RuntimeInformation.RuntimeIdentifier];

    /// <summary>A plain build for SerBench's own runtime; a self-contained (or Native AOT) publish for any other.</summary>
    private DotnetOutcome Compile(string work, string project, string output) => IsOwnRuntime
        ? Dotnet(work, ["build", project, "--no-restore", "-c", "Release", "-o", output, "-p:UseSharedCompilation=false", "-nodeReuse:false"])
        : Dotnet(work, ["publish", project, "--no-restore", "-c", "Release", "-o", output, .. RuntimeArguments(), "--self-contained", "-p:UseSharedCompilation=false", "-nodeReuse:false"]);

    /// <summary>
    /// For another runtime's agent, a failure that names no pack may be the runtime's own (its packs not served, no native
    /// toolchain for AOT): SerBench's sources alone are tried, and when they fail too, that is the runtime's failure.
    /// </summary>
    private string? RuntimeFailure(PackBuildStatus status, IReadOnlyList<string> errors, IReadOnlyList<Pack> packs, string[] slugs, List<int> included,
        string work, IReadOnlyDictionary<string, string> coreVersions)
    {
        if (IsOwnRuntime || included.Any(i => Mentions(errors, packs[i], slugs[i]).Any()))
        {
            return null;
        }

        var own = errors;
        if (included.Count > 0)
        {
            var folder = Path.Combine(work, "alone", "serbench-core");
            var project = WriteProject(folder, packs, slugs, [], coreVersions, relativeRoot: "../../");
            var restored = Dotnet(work, ["restore", project, .. RuntimeArguments(), .. ConfigFileArguments()]);
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

    /// <summary>
    /// A compile failure that names no pack while models of the user's documents are in the build (an error in a model
    /// file, or the compiler's exit with no message, as for a model nested 250 deep) is the models': reported at once with
    /// the compiler's first errors, since rebuilding pack by pack takes minutes per pack and finds nothing.
    /// </summary>
    private string? ModelFailure(IReadOnlyList<string> errors, string output, IReadOnlyList<Pack> packs, string[] slugs, List<int> included)
    {
        var inModels = errors.Where(e => e.StartsWith("model-", StringComparison.Ordinal)).ToList();
        if (_modelSources.Count == 0 || (inModels.Count == 0 && included.Any(i => Mentions(errors, packs[i], slugs[i]).Any())))
        {
            return null;
        }

        return "the models inferred from your documents do not compile: " +
               Summary(inModels.Count > 0 ? inModels : errors.Count > 0 ? errors : [FirstLines(output) is { Length: > 0 } lines ? lines : "the compiler stopped without a message"],
                   PackBuildStatus.CompileFailed);
    }

    // "/x/Foo.cs(3,4): warning IL2026: Using member '…' which has 'RequiresUnreferencedCodeAttribute' … [/x/serbench-agent.csproj]"
    private static readonly Regex TrimWarning = new(@"warning (?<code>IL\d{4}):\s*(?<text>.*?)(?:\s+\[[^\]]+\])?\s*$", RegexOptions.CultureInvariant);

    /// <summary>Trimming and Native AOT warnings of a publish (IL2xxx, IL3xxx), each once: what the agent warned it may not do.</summary>
    private static List<string> Warnings(string output) =>
        [.. output.Split('\n').Select(line => TrimWarning.Match(line.TrimEnd('\r'))).Where(m => m.Success)
            .Select(m => $"{m.Groups["code"].Value}: {m.Groups["text"].Value}").Distinct().Take(200)];

    /// <summary>
    /// Marks the packs the tool's errors name (by package id or by file path) as failed and leaves them out; when no error
    /// names a pack (a missing transitive dependency, generated code), each remaining pack is tried alone to find the culprits.
    /// </summary>
    private static void Blame(PackBuildStatus status, IReadOnlyList<string> errors, IReadOnlyList<Pack> packs, string[] slugs, List<int> included,
        Dictionary<int, (PackBuildStatus, string)> failed, Func<int, DotnetOutcome> alone)
    {
        var blamed = included.Where(i => Mentions(errors, packs[i], slugs[i]).Any()).ToList();
        foreach (var i in blamed)
        {
            failed[i] = (status, Summary(Mentions(errors, packs[i], slugs[i]).ToList(), status));
        }

        if (blamed.Count == 0)
        {
            foreach (var i in included.ToList())
            {
                var outcome = alone(i);
                if (outcome.ExitCode != 0)
                {
                    var own = status == PackBuildStatus.RestoreFailed ? RestoreErrors(outcome.Output) : CompileErrors(outcome.Output);
                    failed[i] = (status, Summary(own.Count > 0 ? own : errors.Count > 0 ? errors : [FirstLines(outcome.Output)], status));
                    blamed.Add(i);
                }
            }
        }

        if (blamed.Count == 0)
        {
            // Every pack builds alone but not together: say so on all of them rather than loop.
            foreach (var i in included)
            {
                failed[i] = (status, "builds alone but not together with the other packs: " + Summary(errors, status));
                blamed.Add(i);
            }
        }

        included.RemoveAll(blamed.Contains);
    }

    private static IEnumerable<string> Mentions(IReadOnlyList<string> errors, Pack pack, string slug) => errors.Where(error =>
        error.Contains($"{PackCatalog.AgentFolder}/{slug}/", StringComparison.Ordinal)
        || pack.Manifest.Packages.Any(p => Regex.IsMatch(error, $@"(?<![\w.]){Regex.Escape(p.Id)}(?![\w]|\.\w)", RegexOptions.IgnoreCase)));

    private static string Summary(IReadOnlyList<string> errors, PackBuildStatus status)
    {
        var first = errors.Count > 0 ? errors[0] : "(no message)";
        var more = errors.Count > 1 ? $" (+{errors.Count - 1} more)" : "";
        return (status == PackBuildStatus.RestoreFailed ? "restore failed: " : "does not compile: ") + first + more;
    }

    // "/x/serbench-agent.csproj : error NU1101: Unable to find package Jil. No packages exist with this id in source(s): a, b [/x/serbench-agent.csproj]"
    private static readonly Regex ErrorLine = new(@"(?:^|\s)(?:(?<file>[^\s:][^:]*?)(?:\((?<pos>\d+,\d+)\))?\s*:\s*)?error(?: (?<code>[A-Z]+\d+))?\s*:\s*(?<text>.*?)(?:\s+\[[^\]]+\])?\s*$",
        RegexOptions.CultureInvariant);

    private static List<string> RestoreErrors(string output) => Errors(output, restore: true);

    private static List<string> CompileErrors(string output) => Errors(output, restore: false);

    private static List<string> Errors(string output, bool restore)
    {
        var errors = new List<string>();
        foreach (var line in output.Split('\n'))
        {
            var match = ErrorLine.Match(line.TrimEnd('\r'));
            if (!match.Success)
            {
                continue;
            }

            var file = match.Groups["file"].Value.Replace('\\', '/');
            var packIndex = file.IndexOf($"/{PackCatalog.AgentFolder}/", StringComparison.Ordinal);
            var where = restore || file.Length == 0 ? ""
                : (packIndex >= 0 ? file[(packIndex + 1)..] : Path.GetFileName(file)) + (match.Groups["pos"].Success ? $"({match.Groups["pos"].Value})" : "") + ": ";
            var code = match.Groups["code"].Success ? match.Groups["code"].Value + ": " : "";
            var text = $"{where}{code}{match.Groups["text"].Value}";
            if (!errors.Contains(text))
            {
                errors.Add(text);
            }
        }

        return errors;
    }

    private static string FirstLines(string output) =>
        string.Join(" ", output.Split('\n').Select(l => l.Trim()).Where(l => l.Length > 0).Take(3));

    private string[] ConfigFileArguments() => NearestNuGetConfig() is { } config ? ["--configfile", config] : [];

    /// <summary>
    /// Writes the agent project for the <paramref name="included"/> packs. The whole agent lives in <paramref name="work"/>;
    /// a pack tried alone (to find which one fails) gets its own folder below it, so its obj/ does not disturb the agent's.
    /// </summary>
    private string WriteProject(string work, IReadOnlyList<Pack> packs, string[] slugs, IReadOnlyList<int> included, IReadOnlyDictionary<string, string> coreVersions,
        bool alone = false, string? relativeRoot = null)
    {
        var folder = alone ? Path.Combine(work, "alone", slugs[included[0]]) : work;
        var up = relativeRoot ?? (alone ? "../../" : "");
        XElement Property(string name, string value) => new(name, value);
        var packages = new XElement("ItemGroup", coreVersions.Select(p => new XElement("PackageReference", new XAttribute("Include", p.Key), new XAttribute("Version", p.Value))));
        foreach (var package in included.SelectMany(i => packs[i].Manifest.Packages).GroupBy(p => p.Id, StringComparer.OrdinalIgnoreCase))
        {
            if (!coreVersions.ContainsKey(package.Key))
            {
                packages.Add(new XElement("PackageReference", new XAttribute("Include", package.Key), new XAttribute("Version", package.First().Version)));
            }
        }

        var project = new XElement("Project", new XAttribute("Sdk", "Microsoft.NET.Sdk"),
            new XElement("PropertyGroup",
                Property("OutputType", "Exe"),
                Property("TargetFramework", _runtime.Moniker),
                Property("AssemblyName", AgentName),
                Property("RootNamespace", "SerBench"),
                Property("Nullable", "enable"),
                Property("ImplicitUsings", "enable"),
                Property("LangVersion", "latest"),
                Property("Optimize", "true"),
                Property("EnableDefaultCompileItems", "false"),
                Property("EnableDefaultNoneItems", "false"),
                Property("GenerateDocumentationFile", "false"),
                Property("TreatWarningsAsErrors", "false"),
                Property("NoWarn", "$(NoWarn);CS1591;NU1603;NU1701;NU1903;NU1902;NU1904"),
                Property("SatelliteResourceLanguages", "en"),
                Property("RestoreAdditionalProjectSources", string.Join(";", _packageSources)),
                // Native AOT compiles the agent with the platform's linker (clang on Linux); nothing else changes.
                _runtime.Aot ? Property("PublishAot", "true") : null,
                IsOwnRuntime ? null : Property("SelfContained", "true")),
            new XElement("ItemGroup",
                new XElement("Compile", new XAttribute("Include", up + "src/**/*.cs")),
                // Under Native AOT the trimmer would drop what SerBench finds by reflection in its own assembly (pack
                // adapters by attribute, the payload models' properties the gate compares): the agent keeps all of it.
                // The libraries are trimmed as any AOT app trims them, so what fails there fails as it would for a user.
                _runtime.Aot ? new XElement("TrimmerRootAssembly", new XAttribute("Include", AgentName)) : null,
                included.Select(i => new XElement("Compile", new XAttribute("Include", $"{up}{PackCatalog.AgentFolder}/{slugs[i]}/**/*.cs"))),
                included.Select(i => new XElement("None", new XAttribute("Include", $"{up}{PackCatalog.AgentFolder}/{slugs[i]}/{PackManifest.FileName}"),
                    new XAttribute("Link", $"{PackCatalog.AgentFolder}/{slugs[i]}/{PackManifest.FileName}"),
                    new XAttribute("CopyToOutputDirectory", "PreserveNewest")))),
            packages,
            included.Where(i => File.Exists(Path.Combine(packs[i].Directory, Pack.TargetsFileName)))
                .Select(i => new XElement("Import", new XAttribute("Project", $"{up}{PackCatalog.AgentFolder}/{slugs[i]}/{Pack.TargetsFileName}"))));
        var path = Path.Combine(folder, AgentName + ".csproj");
        Directory.CreateDirectory(folder);
        project.Save(path);
        return path;
    }

    private static Dictionary<string, string> CorePackageVersions(string propsPath)
    {
        // The packages the measuring core uses, at the versions SerBench was built with.
        var wanted = new[] { "BenchmarkDotNet", "Perfolizer", "Bogus" };
        var document = XDocument.Load(propsPath);
        return document.Descendants("PackageVersion")
            .Where(e => wanted.Contains((string?)e.Attribute("Include")))
            .ToDictionary(e => (string)e.Attribute("Include")!, e => (string)e.Attribute("Version")!, StringComparer.OrdinalIgnoreCase);
    }

    private static Dictionary<string, string> RestoredVersions(string assetsPath)
    {
        var versions = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        if (!File.Exists(assetsPath))
        {
            return versions;
        }

        using var document = JsonDocument.Parse(File.ReadAllBytes(assetsPath));
        if (document.RootElement.TryGetProperty("libraries", out var libraries))
        {
            foreach (var library in libraries.EnumerateObject())
            {
                var slash = library.Name.IndexOf('/', StringComparison.Ordinal);
                if (slash > 0 && library.Value.TryGetProperty("type", out var type) && type.GetString() == "package")
                {
                    versions[library.Name[..slash]] = library.Name[(slash + 1)..];
                }
            }
        }

        return versions;
    }

    private static void Copy(string from, string to)
    {
        Directory.CreateDirectory(Path.GetDirectoryName(to)!);
        File.Copy(from, to, overwrite: true);
    }

    private static readonly JsonSerializerOptions RecordOptions = new()
    {
        WriteIndented = true,
        PropertyNamingPolicy = JsonNamingPolicy.CamelCase,
        Converters = { new System.Text.Json.Serialization.JsonStringEnumConverter(JsonNamingPolicy.KebabCaseLower) },
    };

    private sealed record DotnetOutcome(int ExitCode, string Output);

    /// <summary>The exit code <see cref="Dotnet"/> reports for a step it stopped at its time limit.</summary>
    private const int TimedOut = -1;

    private static string DotnetHost() =>
        Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") is { Length: > 0 } host && File.Exists(host) ? host
        : Path.GetFileNameWithoutExtension(Environment.ProcessPath) == "dotnet" ? Environment.ProcessPath! : "dotnet";

    private DotnetOutcome Dotnet(string workingDirectory, IReadOnlyList<string> arguments)
    {
        _stop.ThrowIfCancellationRequested();
        var start = new ProcessStartInfo(DotnetHost())
        {
            WorkingDirectory = workingDirectory,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (var argument in arguments.Concat(["-nologo", "-v:q", "-clp:NoSummary"]))
        {
            start.ArgumentList.Add(argument);
        }

        // A parent `dotnet test` or `dotnet run` leaves MSBuild's own variables behind; the agent build must not inherit them.
        foreach (var name in start.Environment.Keys.Where(k => k.StartsWith("MSBuild", StringComparison.OrdinalIgnoreCase) || k == "DOTNET_HOST_PATH").ToList())
        {
            start.Environment.Remove(name);
        }

        start.Environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
        start.Environment["DOTNET_NOLOGO"] = "1";
        start.Environment["DOTNET_SKIP_FIRST_TIME_EXPERIENCE"] = "1";
        using var process = Process.Start(start) ?? throw new InvalidOperationException("Could not start dotnet to build the agent.");
        var output = process.StandardOutput.ReadToEndAsync();
        var error = process.StandardError.ReadToEndAsync();
        // Stopped (Ctrl+C, SIGTERM): the build's own children (MSBuild nodes, csc) go too, so none is left using a core.
        using (_stop.Register(() => Kill(process)))
        {
            if (!process.WaitForExit(_stepTimeout))
            {
                Kill(process);
                return new DotnetOutcome(TimedOut, $"error SB0001: 'dotnet {string.Join(' ', arguments.Take(2).Select(Path.GetFileName))}' did not finish within " +
                    (_stepTimeout.TotalMinutes >= 1 ? $"{_stepTimeout.TotalMinutes:0} minutes" : $"{_stepTimeout.TotalSeconds:0.###} s") + " and was stopped");
            }

            process.WaitForExit();
        }

        _stop.ThrowIfCancellationRequested();
        return new DotnetOutcome(process.ExitCode, output.Result + error.Result);
    }

    private static void Kill(Process process)
    {
        try
        {
            process.Kill(entireProcessTree: true);
        }
        catch (InvalidOperationException)
        {
            // It has exited already.
        }
    }
}
