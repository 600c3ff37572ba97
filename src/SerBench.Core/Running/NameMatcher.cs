namespace SerBench.Core.Running;

/// <summary>Resolves user-typed names and, when one is unknown, lists the valid ones closest match first.</summary>
internal static class NameMatcher
{
    public static T Resolve<T>(string kind, string kinds, string value, IEnumerable<T> candidates, Func<T, string> nameOf)
    {
        var list = candidates.ToList();
        // An index, not FirstOrDefault: for enums the default value is a valid answer and would hide a typo.
        var index = list.FindIndex(c => string.Equals(nameOf(c), value.Trim(), StringComparison.OrdinalIgnoreCase));
        if (index >= 0)
        {
            return list[index];
        }

        var names = ByCloseness(value, list.Select(nameOf));
        throw new UsageException($"Unknown {kind} '{value}'. Valid {kinds}: {string.Join(", ", names)}.");
    }

    public static IReadOnlyList<string> SplitList(string option, string value)
    {
        var parts = value.Split(',', StringSplitOptions.TrimEntries);
        if (parts.Any(p => p.Length == 0))
        {
            throw new UsageException($"Option {option} has an empty item in '{value}'; give a comma-separated list such as a,b.");
        }

        return parts;
    }

    public static IReadOnlyList<string> ByCloseness(string value, IEnumerable<string> names) =>
        [.. names.OrderBy(n => Distance(value.ToLowerInvariant(), n.ToLowerInvariant())).ThenBy(n => n, StringComparer.Ordinal)];

    /// <summary>Levenshtein distance, with a bonus for a shared prefix so "stj" ranks the stj-* names first.</summary>
    internal static int Distance(string a, string b)
    {
        var previous = new int[b.Length + 1];
        var current = new int[b.Length + 1];
        for (var j = 0; j <= b.Length; j++)
        {
            previous[j] = j;
        }

        for (var i = 1; i <= a.Length; i++)
        {
            current[0] = i;
            for (var j = 1; j <= b.Length; j++)
            {
                var cost = a[i - 1] == b[j - 1] ? 0 : 1;
                current[j] = Math.Min(Math.Min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
            }

            (previous, current) = (current, previous);
        }

        var distance = previous[b.Length];
        return b.StartsWith(a, StringComparison.Ordinal) ? distance - a.Length : distance;
    }
}
