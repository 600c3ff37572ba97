using System.Globalization;
using SerBench.AgentBuilds;
using SerBench.Agents;
using SerBench.Core.Contenders;
using SerBench.Core.Packs;
using SerBench.Core.Results;
using SerBench.Core.Running;
using SerBench.Results;

namespace SerBench.Running;

/// <summary>The agent of one <c>name@version</c>: its contender made anew with the version NuGet restored, and why the build failed, if it did.</summary>
internal sealed record VersionAgent(VersionedContender Contender, AgentBuild Build, string? Failure);

/// <summary>
/// A run decided once: the request, its one plan with every case's availability, and the agents it needs (SerBench's own for packs and
/// models, one per other runtime, one per <c>name@version</c>). run, verify and first-call read it; nothing in it changes.
/// </summary>
internal sealed record PreparedRun(RunRequest Request, IReadOnlyList<PlannedCase> Plan, AgentBuild? Agent, IReadOnlyDictionary<RuntimeTarget, AgentBuild> RuntimeAgents,
    IReadOnlyDictionary<string, VersionAgent> VersionAgents)
{
    /// <summary>Before anything is written: another runtime needs an SDK that targets it, and the user's types are made in a child (<see cref="AgentTypesCheck"/>).</summary>
    public static PlannedRun Check(PlannedRun planned, StartChild start, CancellationToken stop)
    {
        if (planned.Request.Runtimes.Any(r => !r.IsCurrent))
        {
            RuntimesOption.RequireSdkFor(planned.Request.Runtimes, DotnetCli.NewestSdk());
        }

        if (planned.Request.Studies.Select(s => s.UserTypes).FirstOrDefault(t => t is not null) is { } types)
        {
            AgentTypesCheck.Run(types, start, stop);
        }

        stop.ThrowIfCancellationRequested();
        return planned;
    }

    /// <summary>Builds (or reuses) every agent the plan needs, then applies availability once (<see cref="Of"/>).</summary>
    public static PreparedRun Prepare(PlannedRun planned, IReadOnlyList<string> packageSources, Action<string> log, CancellationToken stop)
    {
        var (request, plan) = planned;
        var here = plan.Where(p => p.Runtime.IsCurrent).ToList();
        var agent = MainAgent([.. here.Select(p => p.Contender)], request.UserContenders, packageSources, log, stop, ModelSources(here));
        var packs = AllPacks(request.UserContenders);
        var runtimeAgents = new Dictionary<RuntimeTarget, AgentBuild>();
        foreach (var runtime in plan.Select(p => p.Runtime).Where(r => !r.IsCurrent).Distinct())
        {
            log($"{runtime.Name} agent: looking for a build in {AgentBuilder.DefaultCacheDirectory}");
            var build = Ensure(new AgentBuilder(packageSources: packageSources, log: line => log($"{runtime.Name} agent: {line}"), runtime: runtime,
                modelSources: ModelSources(plan)), packs, stop);
            log(Outcome($"{runtime.Name} agent", build, build.RuntimeFailure, packs.Count));
            runtimeAgents[runtime] = build;
        }

        var versionAgents = new Dictionary<string, VersionAgent>(StringComparer.OrdinalIgnoreCase);
        foreach (var group in here.Select(p => p.Contender).OfType<VersionedContender>().Distinct().GroupBy(v => ((v.Inner as PackContender)?.Pack, v.PackageId!, v.Version)))
        {
            var (pack, id, version) = group.Key;
            // A pack's companion packages released with its library (protobuf-net.Core beside protobuf-net) move with it.
            var versions = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase) { [id] = version };
            foreach (var companion in pack?.Manifest.Packages.Skip(1).Where(p => p.Version == pack.Manifest.Packages[0].Version) ?? [])
            {
                versions[companion.Id] = version;
            }

            var label = $"{id} {version} agent";
            log($"{label}: looking for a build in {AgentBuilder.DefaultCacheDirectory}");
            var build = Ensure(new AgentBuilder(packageSources: packageSources, log: line => log($"{label}: {line}"), versions: versions,
                modelSources: ModelSources([.. plan.Where(p => group.Contains(p.Contender))])), pack is null ? [] : [pack], stop);
            var result = build.Packs.FirstOrDefault();
            var failure = build.RuntimeFailure ?? (result is { Status: not PackBuildStatus.Built } ? result.Message : null)
                          ?? (build.AgentAssembly is null ? $"the agent with {id} {version} was not built" : null);
            log(Outcome(label, build, failure, packs: null));
            foreach (var contender in group)
            {
                var restored = new VersionedContender(contender.Inner, contender.Version) { RestoredVersion = result?.RestoredVersions.GetValueOrDefault(id) ?? version };
                versionAgents[contender.Name] = new VersionAgent(restored, build, failure);
            }
        }

        return Of(planned, agent, runtimeAgents, versionAgents, agent is null ? null : AgentBuilder.Outcomes(packs, agent));
    }

    /// <summary>The one place a case becomes UNAVAILABLE for want of its agent (the models', its runtime's, its version's), with why; versions take their restored contender, a pack's contender what the main agent's build found for its pack (<see cref="AgentBuilder.Outcomes"/>).</summary>
    public static PreparedRun Of(PlannedRun planned, AgentBuild? agent, IReadOnlyDictionary<RuntimeTarget, AgentBuild> runtimeAgents,
        IReadOnlyDictionary<string, VersionAgent> versionAgents, IReadOnlyDictionary<Pack, PackOutcome>? outcomes = null)
    {
        // One bound instance per contender: cases are grouped into processes by their contender.
        var bound = planned.Plan.Select(p => p.Contender).Distinct().ToDictionary(c => c, c => AgentBuilder.Bind(c, outcomes));
        return new(planned.Request, [.. from p in planned.Plan
            let version = p.Contender is VersionedContender ? versionAgents.GetValueOrDefault(p.Contender.Name) : null
            select p with
            {
                Contender = version?.Contender ?? bound[p.Contender],
                RuntimeUnavailableReason = p.RuntimeUnavailableReason
                    ?? (!p.Runtime.IsCurrent ? UnavailableOn(runtimeAgents[p.Runtime], p.Contender)
                        : p.Study.RunsInAgent && agent?.AgentAssembly is null ? agent?.RuntimeFailure ?? "the measuring agent that holds the models of your documents was not built"
                        : version?.Failure),
            }], agent, runtimeAgents, versionAgents);
    }

    /// <summary>Built only when the contenders have a pack contender (or there are models), always from every known pack, so one cached agent serves every later command.</summary>
    public static AgentBuild? MainAgent(IReadOnlyList<Contender> contenders, IReadOnlyList<Contender> userContenders, IReadOnlyList<string> packageSources,
        Action<string> log, CancellationToken stop, IReadOnlyDictionary<string, string>? modelSources = null)
    {
        modelSources ??= new Dictionary<string, string>();
        if (PackCatalog.Current.IsAgent || (!contenders.Any(c => c is PackContender { Adapter: null }) && modelSources.Count == 0))
        {
            return null;
        }

        var packs = AllPacks(userContenders);
        log($"measuring agent: looking for a build of SerBench with {packs.Count} contender pack(s) in {AgentBuilder.DefaultCacheDirectory}");
        var build = Ensure(new AgentBuilder(packageSources: packageSources, log: line => log("measuring agent: " + line), modelSources: modelSources), packs, stop);
        log(Outcome("measuring agent", build, failure: null, packs.Count));
        return build;
    }

    /// <summary>results.json's header with the agents that run the plan; a version's failure is the one its cells give as UNAVAILABLE.</summary>
    public ResultsDocument NewDocument(string commandLine, DateTimeOffset startedAt)
    {
        var document = ResultsHeader.NewDocument(Request, Plan, commandLine, startedAt);
        (document.Agent, document.RuntimeAgents, document.VersionAgents) = (Agent is null ? null : Record(Agent), RuntimeRecords, VersionRecords);
        return document;
    }

    // The exact runtime version comes from the cells it measured.
    public SortedDictionary<string, RuntimeAgentRecord>? RuntimeRecords => RuntimeAgents.Count == 0 ? null
        : new(RuntimeAgents.ToDictionary(a => a.Key.Name, a => new RuntimeAgentRecord(a.Key.Name, null, a.Key.Compilation, a.Value.AgentAssembly is not null,
            a.Value.Reused, a.Value.BuildSeconds, a.Value.RuntimeFailure, a.Value.Warnings)), StringComparer.Ordinal);

    // Keyed by contender, as its cells name it.
    public SortedDictionary<string, VersionAgentRecord>? VersionRecords => VersionAgents.Count == 0 ? null
        : new(VersionAgents.Values.ToDictionary(v => v.Contender.Name, v => new VersionAgentRecord(v.Contender.PackageId!, v.Contender.Version, v.Build.Key,
            v.Failure is null, v.Build.Reused, v.Build.BuildSeconds, v.Failure)), StringComparer.Ordinal);

    public AgentClient Client(string directory, StartChild start) =>
        new(directory, start, Agent, RuntimeAgents, VersionAgents.ToDictionary(v => v.Key, v => v.Value.Build, StringComparer.OrdinalIgnoreCase));

    private static AgentRecord Record(AgentBuild build) => new(build.Key, build.Reused, build.BuildSeconds, Math.Round(build.ElapsedSeconds, 2),
        [.. build.Packs.Select(p => new AgentPackRecord(p.Library, p.Status switch
        {
            PackBuildStatus.Built => "built",
            PackBuildStatus.RestoreFailed => "restore-failed",
            _ => "compile-failed",
        }, p.Message))]);

    private static string Outcome(string label, AgentBuild build, string? failure, int? packs) =>
        failure is not null ? $"{label}: UNAVAILABLE: {failure}"
        : build.Reused ? string.Create(CultureInfo.InvariantCulture, $"{label}: reused the cached build ({build.ElapsedSeconds:0.0} s)")
        : string.Create(CultureInfo.InvariantCulture, $"{label}: built in {build.ElapsedSeconds:0} s")
          + (packs is { } count ? $"; {build.Packs.Count(p => p.Status == PackBuildStatus.Built)} of {count} pack(s) built" : "");

    private static List<Pack> AllPacks(IReadOnlyList<Contender> userContenders) =>
        [.. PackCatalog.Current.Packs.Concat(userContenders.OfType<PackContender>().Select(c => c.Pack)).Distinct()];

    private static Dictionary<string, string> ModelSources(IReadOnlyList<PlannedCase> plan) =>
        plan.Select(p => p.Study).Distinct().SelectMany(s => s.ModelSources).DistinctBy(m => m.Key).ToDictionary(m => m.Key, m => m.Value, StringComparer.Ordinal);

    private static string? UnavailableOn(AgentBuild agent, Contender contender) =>
        contender is VersionedContender ? $"a version named with @ is measured on SerBench's own runtime ({RuntimeTarget.Current.Name}) only"
        : agent.RuntimeFailure is not null || agent.AgentAssembly is null ? agent.RuntimeFailure ?? $"the {agent.Runtime} agent could not be built"
        : contender is not PackContender packContender ? contender.UnavailableReason
        : (agent.Packs.FirstOrDefault(p => p.Slug == packContender.Pack.Slug) ?? agent.Packs.FirstOrDefault(p => p.Library == contender.Library)) switch
        {
            null => "the agent build left no record for this pack",
            { Status: PackBuildStatus.Built } => null,
            var result => result.Message,
        };

    // A signal during a build it did not notice (a cached agent) stops the run all the same.
    private static AgentBuild Ensure(AgentBuilder builder, IReadOnlyList<Pack> packs, CancellationToken stop)
    {
        try
        {
            var build = builder.Ensure(packs, stop);
            stop.ThrowIfCancellationRequested();
            return build;
        }
        catch (PackException exception)
        {
            throw new UsageException(exception.Message);
        }
    }
}
