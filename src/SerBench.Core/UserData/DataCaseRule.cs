namespace SerBench.Core.UserData;

/// <summary><c>--cases</c>: how <c>run --data</c> makes cases of your documents.</summary>
internal enum DataCaseRule
{
    /// <summary>Each document alone, except a folder's documents of one shape numbering <see cref="DataCaseRules.ManyDocuments"/> or more: one case of N calls.</summary>
    Auto,

    /// <summary>Each document alone, however many.</summary>
    Document,

    /// <summary>A folder's documents of one shape together, one case of N calls, however few.</summary>
    Shape,
}

internal static class DataCaseRules
{
    /// <summary>From here on, one case per document would be more rows than a reader compares: API responses, log lines.</summary>
    public const int ManyDocuments = 10;

    public static IReadOnlyList<string> Names { get; } = [.. Enum.GetValues<DataCaseRule>().Select(Name)];

    public static string Name(DataCaseRule rule) => rule.ToString().ToLowerInvariant();
}
