using System.Collections;
using System.Collections.Concurrent;
using System.Globalization;
using System.Reflection;

namespace SerBench.Verification;

/// <summary>
/// Deep comparison of an original object graph with what came back from a round trip. Returns the first path that
/// differs, in <c>$.Friends[1].Name</c> form, with both values, or null when the graphs are equal.
/// </summary>
internal static class ObjectComparer
{
    private static readonly ConcurrentDictionary<Type, PropertyInfo[]> Properties = new();

    public static string? FirstDifference(object? expected, object? actual, string root = "$") => Compare(expected, actual, root);

    private static string? Compare(object? expected, object? actual, string path)
    {
        if (expected is null || actual is null)
        {
            return expected is null && actual is null ? null : Describe(path, expected, actual);
        }

        var type = expected.GetType();
        if (type != actual.GetType())
        {
            return $"{path}: expected a {type.Name} but got a {actual.GetType().Name}";
        }

        switch (expected)
        {
            case string or bool or int or uint or long or Guid or decimal or DateTime or Enum:
                return expected.Equals(actual) ? null : Describe(path, expected, actual);
            case double number:
                return number.Equals((double)actual) ? null : Describe(path, expected, actual);
            case DateTimeOffset time:
                // Equals compares instants only; a lost offset is lost data.
                return time.EqualsExact((DateTimeOffset)actual) ? null : Describe(path, expected, actual);
            case IList list:
                return CompareLists(list, (IList)actual, path);
        }

        foreach (var property in Properties.GetOrAdd(type, static t => t.GetProperties(BindingFlags.Public | BindingFlags.Instance)
                     .Where(p => p.CanRead && p.GetIndexParameters().Length == 0).ToArray()))
        {
            var difference = Compare(property.GetValue(expected), property.GetValue(actual), $"{path}.{property.Name}");
            if (difference is not null)
            {
                return difference;
            }
        }

        return null;
    }

    private static string? CompareLists(IList expected, IList actual, string path)
    {
        if (expected.Count != actual.Count)
        {
            return $"{path}: expected {expected.Count} elements but got {actual.Count}";
        }

        for (var i = 0; i < expected.Count; i++)
        {
            var difference = Compare(expected[i], actual[i], $"{path}[{i}]");
            if (difference is not null)
            {
                return difference;
            }
        }

        return null;
    }

    private static string Describe(string path, object? expected, object? actual) =>
        $"{path}: expected {Show(expected)} but got {Show(actual)}";

    internal static string Show(object? value) => value switch
    {
        null => "null",
        string text => Quote(text),
        DateTimeOffset time => time.ToString("O", CultureInfo.InvariantCulture),
        IFormattable formattable => formattable.ToString(null, CultureInfo.InvariantCulture),
        _ => value.ToString() ?? "?",
    };

    /// <summary>Quotes text with control characters made visible, so "a NUL cut the string" can be read in a report.</summary>
    internal static string Quote(string text)
    {
        var shown = text.Length > 60 ? text[..57] + "..." : text;
        var builder = new System.Text.StringBuilder(shown.Length + 2).Append('"');
        foreach (var c in shown)
        {
            _ = c switch
            {
                '\0' => builder.Append("\\0"),
                '\r' => builder.Append("\\r"),
                '\n' => builder.Append("\\n"),
                '\t' => builder.Append("\\t"),
                '"' => builder.Append("\\\""),
                _ when char.IsControl(c) => builder.Append(CultureInfo.InvariantCulture, $"\\u{(int)c:X4}"),
                _ => builder.Append(c),
            };
        }

        return builder.Append('"').ToString();
    }
}
