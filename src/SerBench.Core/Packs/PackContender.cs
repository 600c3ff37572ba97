using System.Reflection;
using SerBench.Core.Contenders;

namespace SerBench.Core.Packs;

/// <summary>
/// Without its adapter (in SerBench itself) its cells are measured by the agent built from the packs. The adapter is
/// created on first use: a process that measures one contender loads no other pack's library.
/// </summary>
internal sealed class PackContender(Pack pack, PackContenderInfo info, Lazy<ContenderAdapter>? lazyAdapter, PackOutcome? outcome = null)
    : Contender(info.Name, pack.Manifest.Library, info.Format, info.TextMode, info.Generation, info.Note)
{
    public Pack Pack => pack;

    /// <summary>The same contender with what the agent build found for its pack.</summary>
    public PackContender With(PackOutcome built) => new(pack, info, lazyAdapter, built);

    public bool HasAdapter => lazyAdapter is not null;

    public ContenderAdapter? Adapter => lazyAdapter?.Value;

    protected override Assembly? LibraryAssembly => Adapter?.LibraryAssembly;

    // A generator that writes its whole runtime into the agent (JsonSrcGen) has no assembly of its own: its package's version.
    public override string LibraryVersion => Adapter is { } adapter && adapter.LibraryAssembly != typeof(PackContender).Assembly
        ? VersionOf(adapter.LibraryAssembly)
        : pack.Manifest.Packages.FirstOrDefault() is { } main
            ? outcome?.RestoredVersions.GetValueOrDefault(main.Id, main.Version) ?? main.Version
            : "—";

    public override AotSupport NativeAot => info.NativeAot ?? base.NativeAot;

    // The first package is the library itself; the others are its companions.
    public override string? PackageId => pack.Manifest.Packages.FirstOrDefault()?.Id;

    public override string Licence => pack.Manifest.Licence;

    public override string? UnavailableReason => outcome?.UnavailableReason;

    public override bool InitializesModels => pack.Manifest.InitializesModels;

    public override string? NotSafeOnThreads => Adapter?.NotSafeOnThreads;

    /// <summary>Without its adapter, every cell goes to the agent.</summary>
    public override bool NeedsProcessIsolation => UnavailableReason is null && (!HasAdapter || base.NeedsProcessIsolation);

    public override Codec<T> CreateCodec<T>(JsonConventions conventions) =>
        Adapter is not { } adapter
            ? throw new InvalidOperationException($"{Name} is measured by the agent built from its pack, not in SerBench itself.")
            : adapter.CreateCodec<T>(conventions);

    public override ItemStreamCodec<TItem> CreateItemStreamCodec<TItem>(JsonConventions conventions) =>
        Adapter is not { } adapter
            ? throw new InvalidOperationException($"{Name} is measured by the agent built from its pack, not in SerBench itself.")
            : adapter.CreateItemStreamCodec<TItem>(conventions);

    public override StreamCodec<T> CreateStreamCodec<T>(JsonConventions conventions) =>
        Adapter is not { } adapter
            ? throw new InvalidOperationException($"{Name} is measured by the agent built from its pack, not in SerBench itself.")
            : adapter.CreateStreamCodec<T>(conventions);

#if NET10_0_OR_GREATER
    public override PipeCodec<T> CreatePipeCodec<T>(JsonConventions conventions) =>
        Adapter is not { } adapter
            ? throw new InvalidOperationException($"{Name} is measured by the agent built from its pack, not in SerBench itself.")
            : adapter.CreatePipeCodec<T>(conventions);
#endif
}

/// <summary>
/// What the agent build found for a pack (the restore's or the compiler's message, the versions restored), or, in an
/// agent, an adapter its pack.json names but its sources lack. Before the agent is built there is none.
/// </summary>
internal sealed record PackOutcome(string? UnavailableReason, IReadOnlyDictionary<string, string> RestoredVersions)
{
    public static PackOutcome Unavailable(string reason) => new(reason, new Dictionary<string, string>());
}
