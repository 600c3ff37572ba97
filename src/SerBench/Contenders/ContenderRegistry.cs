namespace SerBench.Contenders;

/// <summary>Every built-in contender, by name. Adding a serializer = one file plus one line here.</summary>
public static class ContenderRegistry
{
    /// <summary>All contenders in the order reports list them.</summary>
    public static IReadOnlyList<Contender> All { get; } =
    [
        new NewtonsoftJsonUtf16(),
        new NewtonsoftJsonUtf8(),
        new SystemTextJsonReflectionUtf16(),
        new SystemTextJsonReflectionUtf8(),
        new SystemTextJsonSourceGenUtf16(),
        new SystemTextJsonSourceGenUtf8(),
        new SystemTextJsonStringThenUtf8(),
        new SystemTextJsonAllRangesEncoder(),
        new SystemTextJsonRelaxedEncoder(),
        new SystemTextJsonOptionsPerCall(),
        new DataContractJson(),
        new ServiceStackTextUtf16(),
        new ServiceStackTextUtf8(),
        new HandWrittenUtf8Json(),
        new HandWrittenBinaryUtf16(),
        new HandWrittenBinaryUtf8(),
        new HandWrittenBinaryUtf8Unframed(),
        new GoogleProtobuf(),
        new UnityJsonUtility(),
        .. UnavailableLibraries.All,
    ];

    /// <summary>
    /// What <c>--contenders</c> may name: <see cref="All"/>, plus the diagnostic contenders when the environment variable
    /// <see cref="DiagnosticsVariable"/> is <c>1</c> (tests and demonstrations of fault handling; never in studies or reports by default).
    /// </summary>
    public static IReadOnlyList<Contender> Selectable =>
        Environment.GetEnvironmentVariable(DiagnosticsVariable) == "1" ? [.. All, .. DiagnosticContenders.All] : All;

    public const string DiagnosticsVariable = "SERBENCH_DIAGNOSTICS";

    public static Contender? Find(string name) => Selectable.FirstOrDefault(c => string.Equals(c.Name, name, StringComparison.OrdinalIgnoreCase));
}
