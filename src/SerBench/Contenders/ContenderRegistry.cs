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
        new UnityJsonUtility(),
        .. UnavailableLibraries.All,
    ];

    public static Contender? Find(string name) => All.FirstOrDefault(c => string.Equals(c.Name, name, StringComparison.OrdinalIgnoreCase));
}
