namespace SerBench.Core.Running;

/// <summary>Names ordered closest first to what the user typed: for "did you mean", in the CLI and in a child's types check.</summary>
internal static class NearestNames
{
    public static IReadOnlyList<string> Order(string value, IEnumerable<string> names) =>
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
