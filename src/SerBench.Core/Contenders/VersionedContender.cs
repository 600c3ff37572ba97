using System.Reflection;

namespace SerBench.Core.Contenders;

/// <summary>A contender at another package version (<c>newtonsoft-string@14.0.1-beta2</c>), measured by an agent built with it.</summary>
internal sealed class VersionedContender : Contender
{
    public const char Separator = '@';

    private readonly Contender _inner;
    private readonly bool _loaded;

    internal VersionedContender(Contender inner, string version)
        : this(inner, version, loaded: false)
    {
    }

    private VersionedContender(Contender inner, string version, bool loaded)
        : base(inner.Name + Separator + version, inner.Library, inner.Format, inner.TextMode, inner.Generation, inner.Note)
    {
        _inner = inner;
        Version = version;
        _loaded = loaded;
    }

    public Contender Inner => _inner;

    /// <summary>Normalized as NuGet writes it (13.0 is 13.0.0).</summary>
    public string Version { get; }

    /// <summary>The version NuGet restored for the agent; given when the contender is made anew after that build.</summary>
    public string? RestoredVersion { get; init; }

    /// <summary>In the agent, the version loaded; in SerBench itself, the one restored for the agent (or asked for).</summary>
    public override string LibraryVersion => _loaded ? _inner.LibraryVersion : RestoredVersion ?? Version;

    protected override Assembly? LibraryAssembly => null;

    public override string? PackageId => _inner.PackageId;

    public override AotSupport NativeAot => _inner.NativeAot;

    public override bool IsReference => _inner.IsReference;

    public override string Licence => _inner.Licence;

    public override string? NotSafeOnThreads => _inner.NotSafeOnThreads;

    // In SerBench itself, an agent that failed to build makes the version's cases unavailable (PlannedCase.RuntimeUnavailableReason).
    public override string? UnavailableReason => _loaded ? _inner.UnavailableReason : null;

    /// <summary>SerBench itself holds one version of each library: every cell of another version runs in that version's agent.</summary>
    public override bool NeedsProcessIsolation => UnavailableReason is null && (!_loaded || _inner.NeedsProcessIsolation);

    public override Codec<T> CreateCodec<T>(JsonConventions conventions) => _inner.CreateCodec<T>(conventions);

    public override StreamCodec<T> CreateStreamCodec<T>(JsonConventions conventions) => _inner.CreateStreamCodec<T>(conventions);

    public override ItemStreamCodec<TItem> CreateItemStreamCodec<TItem>(JsonConventions conventions) => _inner.CreateItemStreamCodec<TItem>(conventions);

#if NET10_0_OR_GREATER
    public override PipeCodec<T> CreatePipeCodec<T>(JsonConventions conventions) => _inner.CreatePipeCodec<T>(conventions);
#endif

    public static bool Names(string name) => name.Contains(Separator, StringComparison.Ordinal);

    /// <summary>In the agent built for the version: run by this process's copy of the library.</summary>
    public static Contender? Loaded(string name, Func<string, Contender?> find)
    {
        var at = name.IndexOf(Separator, StringComparison.Ordinal);
        return find(name[..at]) is { } inner ? new VersionedContender(inner, name[(at + 1)..], loaded: true) : null;
    }

    /// <summary>The version measured when none is named: its pack's, or the one loaded here.</summary>
    public static string OwnVersion(Contender contender) => contender is Packs.PackContender pack
        ? pack.Pack.Manifest.Packages.FirstOrDefault()?.Version ?? pack.LibraryVersion
        : contender.LibraryVersion;
}
