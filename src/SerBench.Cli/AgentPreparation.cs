using System.Globalization;
using SerBench.AgentBuilds;
using SerBench.Core.Packs;
using SerBench.Core.Results;
using SerBench.Core.Running;

namespace SerBench.Cli;

/// <summary>Builds the agent only when the plan has a pack contender, always from every known pack, so one cached agent serves every later command.</summary>
internal static class AgentPreparation
{
    public static AgentBuild? Prepare(IReadOnlyList<PlannedCase> plan, IReadOnlyList<Core.Contenders.Contender> userContenders, IReadOnlyList<string> packageSources,
        Action<string> log) =>
        Prepare(plan.Where(p => p.Runtime.IsCurrent).Select(p => p.Contender).ToList(), userContenders, packageSources, log,
            ModelSources(plan.Where(p => p.Runtime.IsCurrent).ToList()));

    // modelSources: with any, the agent is built even without a pack contender.
    public static AgentBuild? Prepare(IReadOnlyList<Core.Contenders.Contender> contenders, IReadOnlyList<Core.Contenders.Contender> userContenders, IReadOnlyList<string> packageSources,
        Action<string> log, IReadOnlyDictionary<string, string>? modelSources = null)
    {
        modelSources ??= new Dictionary<string, string>();
        if (PackCatalog.Current.IsAgent || (!contenders.Any(c => c is PackContender { Adapter: null }) && modelSources.Count == 0))
        {
            return null;
        }

        var packs = PackCatalog.Current.Packs.Concat(userContenders.OfType<PackContender>().Select(c => c.Pack)).Distinct().ToList();
        log($"measuring agent: looking for a build of SerBench with {packs.Count} contender pack(s) in {AgentBuilder.DefaultCacheDirectory}");
        var build = Ensure(new AgentBuilder(packageSources: packageSources, log: line => log("measuring agent: " + line), modelSources: modelSources), packs);
        log(build.Reused
            ? string.Create(CultureInfo.InvariantCulture, $"measuring agent: reused the cached build ({build.ElapsedSeconds:0.0} s)")
            : $"measuring agent: built in {build.ElapsedSeconds:0} s; {build.Packs.Count(p => p.Status == PackBuildStatus.Built)} of {packs.Count} pack(s) built");
        return build;
    }

    /// <summary>Before anything is written: the user's types are made in a child (<see cref="Agents.AgentTypesCheck"/>), and one that fails is refused.</summary>
    public static void CheckTypes(RunRequest request)
    {
        if (request.Studies.Select(s => s.UserTypes).FirstOrDefault(t => t is not null) is not { } types)
        {
            return;
        }

        using var stop = new StopSignals();
        try
        {
            Agents.AgentTypesCheck.Run(types, SelfProcess.Run, stop.Token);
        }
        catch (OperationCanceledException) when (stop.ExitCode is { } code)
        {
            throw new StoppedException(code, "stopped while checking your types; nothing was measured");
        }
    }

    // Ctrl+C or SIGTERM kills the dotnet tree, removes the half-built folder and the lock, and ends the command with 130 or 143.
    private static AgentBuild Ensure(AgentBuilder builder, IReadOnlyList<Pack> packs)
    {
        using var stop = new StopSignals();
        try
        {
            return builder.Ensure(packs, stop.Token);
        }
        catch (OperationCanceledException) when (stop.ExitCode is { } code)
        {
            throw new StoppedException(code, "stopped while building the measuring agent; nothing was measured");
        }
        catch (PackException exception)
        {
            throw new UsageException(exception.Message);
        }
    }

    private static Dictionary<string, string> ModelSources(IReadOnlyList<PlannedCase> plan) =>
        plan.Select(p => p.Study).Distinct().SelectMany(s => s.ModelSources).DistinctBy(m => m.Key).ToDictionary(m => m.Key, m => m.Value, StringComparer.Ordinal);

    /// <summary>Cases only the agent can run are UNAVAILABLE, with the reason, when it was not built (the models did not compile).</summary>
    public static IReadOnlyList<PlannedCase> WithAgentOnlyCases(IReadOnlyList<PlannedCase> plan, AgentBuild? agent) =>
        [.. plan.Select(p => p.Runtime.IsCurrent && p.Study.RunsInAgent && agent?.AgentAssembly is null && p.RuntimeUnavailableReason is null
            ? p with { RuntimeUnavailableReason = agent?.RuntimeFailure ?? "the measuring agent that holds the models of your documents was not built" }
            : p)];

    /// <summary>An agent per other runtime; its cases are UNAVAILABLE when it did not build, a pack contender's when its pack did not build there.</summary>
    public static (IReadOnlyList<PlannedCase> Plan, IReadOnlyDictionary<RuntimeTarget, AgentBuild> Agents) PrepareRuntimes(IReadOnlyList<PlannedCase> plan,
        IReadOnlyList<Core.Contenders.Contender> userContenders, IReadOnlyList<string> packageSources, Action<string> log)
    {
        var agents = new Dictionary<RuntimeTarget, AgentBuild>();
        var packs = PackCatalog.Current.Packs.Concat(userContenders.OfType<PackContender>().Select(c => c.Pack)).Distinct().ToList();
        foreach (var runtime in plan.Select(p => p.Runtime).Where(r => !r.IsCurrent).Distinct())
        {
            log($"{runtime.Name} agent: looking for a build in {AgentBuilder.DefaultCacheDirectory}");
            var build = Ensure(new AgentBuilder(packageSources: packageSources, log: line => log($"{runtime.Name} agent: {line}"), runtime: runtime,
                modelSources: ModelSources(plan)), packs);
            log(build.RuntimeFailure is { } failure ? $"{runtime.Name} agent: UNAVAILABLE: {failure}"
                : build.Reused ? string.Create(CultureInfo.InvariantCulture, $"{runtime.Name} agent: reused the cached build ({build.ElapsedSeconds:0.0} s)")
                : $"{runtime.Name} agent: built in {build.ElapsedSeconds:0} s; {build.Packs.Count(p => p.Status == PackBuildStatus.Built)} of {packs.Count} pack(s) built");
            agents[runtime] = build;
        }

        return ([.. plan.Select(p => p.Runtime.IsCurrent ? p : p with { RuntimeUnavailableReason = UnavailableOn(agents[p.Runtime], p.Contender) })], agents);
    }

    /// <summary>An agent per <c>name@version</c>; its contenders are UNAVAILABLE with NuGet's or the compiler's message when that version fails.</summary>
    public static IReadOnlyDictionary<string, AgentBuild> PrepareVersions(IReadOnlyList<PlannedCase> plan, IReadOnlyList<string> packageSources, Action<string> log)
    {
        var agents = new Dictionary<string, AgentBuild>(StringComparer.OrdinalIgnoreCase);
        var versioned = plan.Where(p => p.Runtime.IsCurrent).Select(p => p.Contender).OfType<Core.Contenders.VersionedContender>().Distinct().ToList();
        foreach (var group in versioned.GroupBy(v => ((v.Inner as PackContender)?.Pack, v.PackageId!, v.Version)))
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
                modelSources: ModelSources([.. plan.Where(p => group.Contains(p.Contender))])), pack is null ? [] : [pack]);
            var result = build.Packs.FirstOrDefault();
            var failure = build.RuntimeFailure ?? (result is { Status: not PackBuildStatus.Built } ? result.Message : null)
                          ?? (build.AgentAssembly is null ? $"the agent with {id} {version} was not built" : null);
            log(failure is not null ? $"{label}: UNAVAILABLE: {failure}" : build.Reused ? $"{label}: reused the cached build ({build.ElapsedSeconds:0.0} s)" : $"{label}: built in {build.ElapsedSeconds:0} s");
            foreach (var contender in group)
            {
                contender.BuildFailure = failure;
                contender.RestoredVersion = result?.RestoredVersions.GetValueOrDefault(id) ?? version;
                agents[contender.Name] = build;
            }
        }

        return agents;
    }

    private static string? UnavailableOn(AgentBuild agent, Core.Contenders.Contender contender)
    {
        if (contender is Core.Contenders.VersionedContender)
        {
            return $"a version named with @ is measured on SerBench's own runtime ({RuntimeTarget.Current.Name}) only";
        }

        if (agent.RuntimeFailure is { } failure || agent.AgentAssembly is null)
        {
            return agent.RuntimeFailure ?? $"the {agent.Runtime} agent could not be built";
        }

        if (contender is not PackContender packContender)
        {
            return contender.UnavailableReason;
        }

        var result = agent.Packs.FirstOrDefault(p => p.Slug == packContender.Pack.Slug) ?? agent.Packs.FirstOrDefault(p => p.Library == contender.Library);
        return result is null ? "the agent build left no record for this pack"
            : result.Status == PackBuildStatus.Built ? null
            : result.Message;
    }

    // The exact runtime version comes from the cells it measured.
    public static SortedDictionary<string, RuntimeAgentRecord>? RuntimeRecords(IReadOnlyDictionary<RuntimeTarget, AgentBuild> agents) =>
        agents.Count == 0 ? null
            : new(agents.ToDictionary(a => a.Key.Name, a => new RuntimeAgentRecord(a.Key.Name, null, a.Key.Compilation, a.Value.AgentAssembly is not null,
                a.Value.Reused, a.Value.BuildSeconds, a.Value.RuntimeFailure, a.Value.Warnings)), StringComparer.Ordinal);

    // Keyed by contender, as its cells name it; the failure is the one its cells give as UNAVAILABLE.
    public static SortedDictionary<string, VersionAgentRecord>? VersionRecords(IReadOnlyList<PlannedCase> plan, IReadOnlyDictionary<string, AgentBuild> agents) =>
        agents.Count == 0 ? null
            : new(plan.Select(p => p.Contender).OfType<Core.Contenders.VersionedContender>().Distinct().Where(v => agents.ContainsKey(v.Name)).ToDictionary(v => v.Name, v =>
                new VersionAgentRecord(v.PackageId!, v.Version, agents[v.Name].Key, v.BuildFailure is null, agents[v.Name].Reused, agents[v.Name].BuildSeconds, v.BuildFailure)),
                StringComparer.Ordinal);

    public static AgentRecord Record(AgentBuild build) => new(build.Key, build.Reused, build.BuildSeconds, Math.Round(build.ElapsedSeconds, 2),
        [.. build.Packs.Select(p => new AgentPackRecord(p.Library, p.Status switch
        {
            PackBuildStatus.Built => "built",
            PackBuildStatus.RestoreFailed => "restore-failed",
            _ => "compile-failed",
        }, p.Message))]);
}
