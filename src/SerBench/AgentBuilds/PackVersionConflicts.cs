using SerBench.Core.Packs;

namespace SerBench.AgentBuilds;

internal static class PackVersionConflicts
{
    /// <summary>One agent holds one version of a package: a pack asking for another than SerBench or an earlier pack is left out, saying so.</summary>
    public static Dictionary<int, (PackBuildStatus Status, string Message)> Find(IReadOnlyList<Pack> packs, IReadOnlyDictionary<string, string> coreVersions,
        IReadOnlyDictionary<string, string> versions)
    {
        var failed = new Dictionary<int, (PackBuildStatus Status, string Message)>();
        var declared = coreVersions.ToDictionary(p => p.Key, p => (Version: versions.GetValueOrDefault(p.Key, p.Value), By: "SerBench itself"), StringComparer.OrdinalIgnoreCase);
        for (var i = 0; i < packs.Count; i++)
        {
            var clash = packs[i].Manifest.Packages.FirstOrDefault(p => !versions.ContainsKey(p.Id) && declared.TryGetValue(p.Id, out var first) && first.Version != p.Version);
            if (clash is not null)
            {
                var (version, by) = declared[clash.Id];
                failed[i] = (PackBuildStatus.RestoreFailed, $"the pack asks for {clash.Id} {clash.Version}, but {by} uses {clash.Id} {version} and one agent holds one " +
                                                            $"version of a package; measure another version as --contenders <name>@{clash.Version}, or ask for {version}");
                continue;
            }

            foreach (var package in packs[i].Manifest.Packages)
            {
                declared.TryAdd(package.Id, (package.Version, $"pack '{packs[i].Slug}'"));
            }
        }

        return failed;
    }
}
