namespace SerBench.Core.Contenders;

/// <summary>
/// The document conventions a study asks for. Every contender maps them onto its own settings so that all
/// contenders in a study write the same document (fairness rule 3).
/// </summary>
/// <param name="Name">Short name shown in reports.</param>
/// <param name="CamelCase">Property names in camelCase rather than as declared.</param>
/// <param name="EnumsAsStrings">Enums written as their names rather than numbers.</param>
/// <param name="CaseInsensitiveReading">Property names matched case-insensitively when reading.</param>
public sealed record JsonConventions(string Name, bool CamelCase, bool EnumsAsStrings, bool CaseInsensitiveReading)
{
    /// <summary>ASP.NET Core Web API defaults as the web-api study used them: camelCase, case-insensitive reading, enums as strings.</summary>
    public static JsonConventions Web { get; } = new("web", CamelCase: true, EnumsAsStrings: true, CaseInsensitiveReading: true);

    /// <summary>camelCase names, everything else at the library's defaults (the escaping study).</summary>
    public static JsonConventions CamelCaseOnly { get; } = new("camel-case", CamelCase: true, EnumsAsStrings: false, CaseInsensitiveReading: false);

    /// <summary>Each library's defaults: names as declared, enums as numbers.</summary>
    public static JsonConventions Default { get; } = new("default", CamelCase: false, EnumsAsStrings: false, CaseInsensitiveReading: false);
}
