using System.Reflection;
using SerBench.Core.Contenders;
using SerBench.Core.Packs;

namespace SerBench.Tests.Infrastructure;

/// <summary>
/// The served packs (Newtonsoft.Json, Google.Protobuf, Nerdbank.MessagePack) with their adapters, compiled into this test
/// assembly: their codecs are tested in this process like built-in contenders. SerBench itself only knows their manifests
/// and runs them in the agent.
/// </summary>
internal static class LivePacks
{
    private static readonly Lazy<PackCatalog> Catalog = new(() =>
    {
        // The adapters the agent's generator would register, found and created by reflection here (test code only).
        var folder = Path.Combine(AppContext.BaseDirectory, PackCatalog.BuiltInFolder);
        var adapters = typeof(LivePacks).Assembly.GetTypes()
            .Select(type => (type.GetCustomAttribute<PackContenderAttribute>()?.Name, Type: type))
            .Where(a => a.Name is not null)
            .ToDictionary(a => a.Name!, a => (Func<ContenderAdapter>)(() => (ContenderAdapter)Activator.CreateInstance(a.Type)!), StringComparer.Ordinal);
        return PackCatalog.Load(folder, adapters);
    });

    public static IReadOnlyList<PackContender> Contenders => [.. Catalog.Value.Contenders.Where(c => c.HasAdapter)];

    /// <summary>A contender that runs in this process: the live pack contender of that name, else the built-in one.</summary>
    public static Contender Find(string name) =>
        Contenders.FirstOrDefault(c => c.Name == name) ?? ContenderRegistry.Find(name) ?? throw new ArgumentException($"No contender {name}.");

    /// <summary>Every contender as it runs in the agent: built in, plus the live packs (instead of their manifests).</summary>
    public static IReadOnlyList<Contender> All =>
        [.. ContenderRegistry.All.Select(c => c is PackContender ? Contenders.FirstOrDefault(l => l.Name == c.Name) ?? c : c)];
}
