using SerBench.Contenders;
using SerBench.Packs;

namespace SerBench.Tests;

/// <summary>
/// The served packs (Newtonsoft.Json, Google.Protobuf, Nerdbank.MessagePack) with their adapters, compiled into this test
/// assembly: their codecs are tested in this process like built-in contenders. SerBench itself only knows their manifests
/// and runs them in the agent.
/// </summary>
internal static class LivePacks
{
    private static readonly Lazy<PackCatalog> Catalog = new(() =>
        PackCatalog.Load(Path.Combine(AppContext.BaseDirectory, PackCatalog.BuiltInFolder), typeof(LivePacks).Assembly));

    public static IReadOnlyList<PackContender> Contenders => [.. Catalog.Value.Contenders.Where(c => c.Adapter is not null)];

    /// <summary>A contender that runs in this process: the live pack contender of that name, else the built-in one.</summary>
    public static Contender Find(string name) =>
        Contenders.FirstOrDefault(c => c.Name == name) ?? ContenderRegistry.Find(name) ?? throw new ArgumentException($"No contender {name}.");

    /// <summary>Every contender as it runs in the agent: built in, plus the live packs (instead of their manifests).</summary>
    public static IReadOnlyList<Contender> All =>
        [.. ContenderRegistry.All.Select(c => c is PackContender ? Contenders.FirstOrDefault(l => l.Name == c.Name) ?? c : c)];
}
