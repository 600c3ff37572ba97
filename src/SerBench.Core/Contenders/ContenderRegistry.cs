using SerBench.Core.Packs;

namespace SerBench.Core.Contenders;

/// <summary>
/// Every contender, by name: the built-in ones (in-box libraries and the hand-written references) and those of the
/// contender packs (<c>contenders/</c>). Adding a third-party library = one pack folder; see docs/adding-a-library.md.
/// </summary>
internal static class ContenderRegistry
{
    /// <summary>Contenders compiled into SerBench: no package to restore.</summary>
    public static IReadOnlyList<Contender> BuiltIn { get; } =
    [
        new SystemTextJsonReflectionUtf16(),
        new SystemTextJsonReflectionUtf8(),
        new SystemTextJsonSourceGenUtf16(),
        new SystemTextJsonSourceGenUtf8(),
        new SystemTextJsonStringThenUtf8(),
        new SystemTextJsonAllRangesEncoder(),
        new SystemTextJsonRelaxedEncoder(),
        new SystemTextJsonOptionsPerCall(),
        new DataContractJson(),
        new HandWrittenUtf8Json(),
        new HandWrittenBinaryUtf16(),
        new HandWrittenBinaryUtf8(),
        new HandWrittenBinaryUtf8Unframed(),
        new HandWrittenCbor(),
        new UnityJsonUtility(),
        ServiceStackText.String(),
        ServiceStackText.Utf8(),
        new Documents.Utf8JsonReaderWalk(),
        new Documents.SystemTextJsonDocument(),
        new Documents.SystemTextJsonNode(),
    ];

    private static readonly Lazy<IReadOnlyList<Contender>> AllContenders = new(() => [.. BuiltIn, .. PackCatalog.Current.Contenders]);

    /// <summary>All contenders in the order listings show them: built in, then the packs shipped with SerBench.</summary>
    public static IReadOnlyList<Contender> All => AllContenders.Value;

    /// <summary>
    /// What <c>--contenders</c> may name: <see cref="All"/>, plus the diagnostic contenders when the environment variable
    /// <see cref="DiagnosticsVariable"/> is <c>1</c> (tests and demonstrations of fault handling; never in studies or reports by default).
    /// </summary>
    public static IReadOnlyList<Contender> Selectable =>
        Environment.GetEnvironmentVariable(DiagnosticsVariable) == "1" ? [.. All, .. DiagnosticContenders.All] : All;

    public const string DiagnosticsVariable = "SERBENCH_DIAGNOSTICS";

    /// <summary>
    /// The contender of that name. Built-in ones are looked up without reading the packs' manifests: a first-call child
    /// must not run System.Text.Json (which reads them) before it times System.Text.Json's first use.
    /// A versioned name (<c>name@version</c>) is asked only of the agent built for that version: it runs its own copy.
    /// </summary>
    public static Contender? Find(string name) => VersionedContender.Names(name) ? VersionedContender.Loaded(name, Find)
        : FindBuiltIn(name) ?? Selectable.FirstOrDefault(c => Named(c, name));

    /// <summary>The built-in contender of that name, without reading the packs (null when it is not one).</summary>
    public static Contender? FindBuiltIn(string name) => BuiltIn.FirstOrDefault(c => Named(c, name));

    private static bool Named(Contender contender, string name) => string.Equals(contender.Name, name, StringComparison.OrdinalIgnoreCase);

    /// <summary>
    /// Stands in for a contender a study names when no installed pack provides it (a pack folder was removed): its cells
    /// are UNAVAILABLE and say so, rather than the study failing to run.
    /// </summary>
    public static Contender Missing(string name) => new UnavailableLibrary(name, name, PayloadFormat.Json, TextMode.Utf8, Generation.Reflection, AotSupport.NotSafe, "—",
        $"no contender pack provides '{name}': its pack folder is not in '{Path.Combine(AppContext.BaseDirectory, PackCatalog.BuiltInFolder)}'");
}
