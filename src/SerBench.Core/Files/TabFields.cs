using System.Text;

namespace SerBench.Core.Files;

/// <summary>
/// A line of tab-separated fields, with backslash, tab and line breaks escaped: the agent's request and the data snapshots.
/// Hand-rolled, as a first-call child must not run System.Text.Json before it times a first use.
/// </summary>
internal static class TabFields
{
    public static string Line(IEnumerable<string> fields) => string.Join('\t', fields.Select(Escape));

    /// <summary>Every line's fields; empty lines are skipped.</summary>
    public static List<string[]> Lines(string text) =>
        [.. text.Split('\n', StringSplitOptions.RemoveEmptyEntries).Select(line => line.Split('\t').Select(Unescape).ToArray())];

    public static string Escape(string value) => value.Replace("\\", "\\\\", StringComparison.Ordinal).Replace("\t", "\\t", StringComparison.Ordinal)
        .Replace("\n", "\\n", StringComparison.Ordinal).Replace("\r", "\\r", StringComparison.Ordinal);

    public static string Unescape(string value)
    {
        if (!value.Contains('\\', StringComparison.Ordinal))
        {
            return value;
        }

        var text = new StringBuilder(value.Length);
        for (var i = 0; i < value.Length; i++)
        {
            if (value[i] != '\\' || i + 1 == value.Length)
            {
                text.Append(value[i]);
                continue;
            }

            text.Append(value[++i] switch
            {
                't' => '\t',
                'n' => '\n',
                'r' => '\r',
                var other => other,
            });
        }

        return text.ToString();
    }
}
