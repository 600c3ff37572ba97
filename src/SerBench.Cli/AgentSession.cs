using SerBench.Packs;
using SerBench.Results;
using SerBench.Running;

namespace SerBench.Cli;

/// <summary>
/// Finds or builds the measuring agent before a command needs it: only when the plan has a pack contender to run, and
/// always from every known pack (the shipped ones and the user's), so one cached agent serves every later command.
/// </summary>
internal static class AgentSession
{
    /// <returns>The agent, or null when nothing in the plan needs one.</returns>
    public static AgentBuild? Prepare(IReadOnlyList<PlannedCase> plan, IReadOnlyList<Contenders.Contender> userContenders, IReadOnlyList<string> packageSources,
        Action<string> log)
    {
        if (PackCatalog.Current.IsAgent || !plan.Any(p => p.Contender is PackContender { Adapter: null }))
        {
            return null;
        }

        var packs = PackCatalog.Current.Packs.Concat(userContenders.OfType<PackContender>().Select(c => c.Pack)).Distinct().ToList();
        log($"measuring agent: looking for a build of SerBench with {packs.Count} contender pack(s) in {AgentBuilder.DefaultCacheDirectory}");
        try
        {
            var build = new AgentBuilder(packageSources: packageSources, log: line => log("measuring agent: " + line)).Ensure(packs);
            log(build.Reused
                ? $"measuring agent: reused the cached build ({build.ElapsedSeconds:0.0} s)"
                : $"measuring agent: built in {build.ElapsedSeconds:0} s; {build.Packs.Count(p => p.Status == PackBuildStatus.Built)} of {packs.Count} pack(s) built");
            return build;
        }
        catch (PackException exception)
        {
            throw new UsageException(exception.Message);
        }
    }

    /// <summary>What results.json records about the agent.</summary>
    public static AgentRecord Record(AgentBuild build) => new(build.Key, build.Reused, build.BuildSeconds, Math.Round(build.ElapsedSeconds, 2),
        [.. build.Packs.Select(p => new AgentPackRecord(p.Library, p.Status switch
        {
            PackBuildStatus.Built => "built",
            PackBuildStatus.RestoreFailed => "restore-failed",
            _ => "compile-failed",
        }, p.Message))]);
}
