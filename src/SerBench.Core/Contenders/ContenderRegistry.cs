using SerBench.Core.Packs;

namespace SerBench.Core.Contenders;

/// <summary>Every contender by name: built in, then the packs'. A third-party library is one pack folder (docs/adding-a-library.md).</summary>
internal static class ContenderRegistry
{
    public static IReadOnlyList<Contender> BuiltIn { get; } =
    [
        new SystemTextJsonReflectionUtf16(),
        new SystemTextJsonReflectionUtf8(),
        new SystemTextJsonSourceGenUtf16(),
        new SystemTextJsonSourceGenUtf8(),
        new SystemTextJsonStringThenUtf8(),
        SystemTextJsonReflectionUtf16.AllRangesEncoder(),
        SystemTextJsonReflectionUtf16.RelaxedEncoder(),
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

    public static IReadOnlyList<Contender> All => AllContenders.Value;

    /// <summary>What <c>--contenders</c> may name: the diagnostic contenders join only with <see cref="DiagnosticsVariable"/>=1.</summary>
    public static IReadOnlyList<Contender> Selectable =>
        Environment.GetEnvironmentVariable(DiagnosticsVariable) == "1" ? [.. All, .. DiagnosticContenders.All] : All;

    public const string DiagnosticsVariable = "SERBENCH_DIAGNOSTICS";

    /// <summary>Built-in names skip the pack manifests: a first-call child must not run System.Text.Json before timing its first use.</summary>
    public static Contender? Find(string name) => VersionedContender.Names(name) ? VersionedContender.Loaded(name, Find)
        : FindBuiltIn(name) ?? Selectable.FirstOrDefault(c => Named(c, name));

    public static Contender? FindBuiltIn(string name) => BuiltIn.FirstOrDefault(c => Named(c, name));

    private static bool Named(Contender contender, string name) => string.Equals(contender.Name, name, StringComparison.OrdinalIgnoreCase);

    /// <summary>Stands in for a study's contender that no installed pack provides: its cells say UNAVAILABLE, the study still runs.</summary>
    public static Contender Missing(string name) => new UnavailableLibrary(name, name, PayloadFormat.Json, TextMode.Utf8, Generation.Reflection, AotSupport.NotSafe, "—",
        $"no contender pack provides '{name}': its pack folder is not in '{Path.Combine(AppContext.BaseDirectory, PackCatalog.BuiltInFolder)}'");
}
