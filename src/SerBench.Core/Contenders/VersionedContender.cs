using System.Reflection;
using NuGet.Versioning;
using SerBench.Running;

namespace SerBench.Contenders;

/// <summary>
/// A contender at another version of its library's package (<c>--contenders newtonsoft-string@14.0.1-beta2</c>): the same
/// code, measured by an agent built with that version, under its own name in every table, results.json and <c>compare</c>.
/// </summary>
public sealed class VersionedContender : Contender
{
    public const char Separator = '@';

    private readonly Contender _inner;
    private readonly bool _loaded;

    private VersionedContender(Contender inner, string version, bool loaded)
        : base(inner.Name + Separator + version, inner.Library, inner.Format, inner.TextMode, inner.Generation, inner.Note)
    {
        _inner = inner;
        Version = version;
        _loaded = loaded;
    }

    /// <summary>The contender at the version SerBench ships with.</summary>
    public Contender Inner => _inner;

    /// <summary>The package version asked for, normalized as NuGet writes it (13.0 is 13.0.0).</summary>
    public string Version { get; }

    /// <summary>In SerBench itself: why the agent for this version was not built (NuGet's or the compiler's message).</summary>
    public string? BuildFailure { get; set; }

    /// <summary>In SerBench itself: the version the agent's restore resolved, once it is built.</summary>
    public string? RestoredVersion { get; set; }

    /// <summary>In the agent, the version loaded; in SerBench itself, the one restored for the agent (or asked for).</summary>
    public override string LibraryVersion => _loaded ? _inner.LibraryVersion : RestoredVersion ?? Version;

    protected override Assembly? LibraryAssembly => null;

    public override string? PackageId => _inner.PackageId;

    public override AotSupport NativeAot => _inner.NativeAot;

    public override bool IsReference => _inner.IsReference;

    public override string Licence => _inner.Licence;

    public override string? UnavailableReason => _loaded ? _inner.UnavailableReason : BuildFailure;

    /// <summary>SerBench itself holds one version of each library: every cell of another version runs in that version's agent.</summary>
    public override bool NeedsProcessIsolation => UnavailableReason is null && (!_loaded || _inner.NeedsProcessIsolation);

    public override Codec<T> CreateCodec<T>(JsonConventions conventions) => _inner.CreateCodec<T>(conventions);

    /// <summary>True when <paramref name="name"/> names a version (<c>name@version</c>).</summary>
    public static bool Names(string name) => name.Contains(Separator, StringComparison.Ordinal);

    /// <summary>In the agent built for the version: the contender a request names, run by this process's copy of the library.</summary>
    public static Contender? Loaded(string name, Func<string, Contender?> find)
    {
        var at = name.IndexOf(Separator, StringComparison.Ordinal);
        return find(name[..at]) is { } inner ? new VersionedContender(inner, name[(at + 1)..], loaded: true) : null;
    }

    /// <summary>
    /// In SerBench itself: <c>name@version</c> from the command line, the name resolved by <paramref name="resolve"/>. Throws
    /// <see cref="UsageException"/> for a missing or malformed version, or a contender with no package to set a version of.
    /// </summary>
    public static VersionedContender Parse(string text, Func<string, Contender> resolve)
    {
        var at = text.IndexOf(Separator, StringComparison.Ordinal);
        var (name, version) = (text[..at].Trim(), text[(at + 1)..].Trim());
        if (name.Length == 0)
        {
            throw new UsageException($"Invalid contender '{text}': name the contender before '@', e.g. newtonsoft-string@13.0.4.");
        }

        if (version.Length == 0)
        {
            throw new UsageException($"Invalid contender '{text}': give a package version after '@', e.g. {name}@1.2.3.");
        }

        if (!NuGetVersion.TryParse(version, out var parsed))
        {
            throw new UsageException($"Invalid version '{version}' in '{text}': give a NuGet package version, e.g. {name}@1.2.3 or {name}@2.0.0-beta1.");
        }

        var inner = resolve(name);
        if (inner.PackageId is null)
        {
            throw new UsageException($"'{inner.Name}@{version}': {inner.Name} has no package of its own to take a version of ({inner.Library} comes with .NET or SerBench); " +
                                     "versions apply to contenders of a package, e.g. newtonsoft-string@13.0.4 or stj-reflection-utf8@11.0.0.");
        }

        if (inner.ComesWithRuntime && NuGetVersion.TryParse(inner.LibraryVersion, out var inBox) && parsed < inBox)
        {
            throw new UsageException($"'{inner.Name}@{version}': .NET {Environment.Version} carries {inner.Library} {inBox} itself, and a package older than the " +
                                     $"runtime's own copy is never loaded; give {inBox} or newer.");
        }

        return new VersionedContender(inner, parsed.ToNormalizedString(), loaded: false);
    }

    /// <summary>The version <paramref name="contender"/> is measured at without a version named: its pack's, or the one loaded here.</summary>
    public static string OwnVersion(Contender contender) => contender is Packs.PackContender pack
        ? pack.Pack.Manifest.Packages.FirstOrDefault()?.Version ?? pack.LibraryVersion
        : contender.LibraryVersion;
}
