using SerBench.Core.Running;

namespace SerBench.Running;

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

        var names = NearestNames.Order(value, list.Select(nameOf));
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
}
