using System.Globalization;
using System.Text.Json;

namespace SerBench.Core.Verification;

internal enum JsonChangeKind
{
    /// <summary>The same data written differently: escapes, number notation, property order.</summary>
    Form,

    /// <summary>Data changed or lost: a number's value, a string's text, a property, a duplicate key.</summary>
    Data,
}

internal sealed record JsonChange(JsonChangeKind Kind, string Path, string What)
{
    /// <summary>Data lost, whatever the model could hold.</summary>
    public bool LostDuplicateKey { get; init; }

    public override string ToString() => $"{Path}: {What}";
}

/// <summary>
/// Names what changed between a user's document and what a library wrote back, in a user's terms (number semantics,
/// escapes, order, duplicate keys). Unlike <see cref="DocumentComparer"/> it keeps everything the text says, and a data
/// change wins over any form change, so a verdict names the worst thing that happened.
/// </summary>
internal static partial class JsonTextComparer
{
    /// <summary>A data change if any, else a form change, else null.</summary>
    public static JsonChange? FirstChange(ReadOnlySpan<byte> original, ReadOnlySpan<byte> written, string root = "$")
    {
        var (data, form) = Changes(original, written, root);
        return data ?? form;
    }

    /// <summary>The first data change, and the first form change past any data change: a model that cannot hold the whole document owns its data changes.</summary>
    public static (JsonChange? Data, JsonChange? Form) Changes(ReadOnlySpan<byte> original, ReadOnlySpan<byte> written, string root = "$")
    {
        // The same text changes nothing: with one reference write per document this took 0.4–1.7 s off a gated 2 MB document.
        if (original.SequenceEqual(written))
        {
            return (null, null);
        }

        if (TryCompareInStep(original, written, root, out var form))
        {
            return (null, form);
        }

        var found = new Found(ContinueAfterData: true);
        Compare(Parse(original), Parse(written), root, found);
        return (found.Data, found.Form);
    }

    private sealed record Found(bool ContinueAfterData)
    {
        public JsonChange? Data { get; set; }

        public JsonChange? Form { get; set; }
    }

    private static JsonChange? Compare(Node expected, Node actual, string path, Found found)
    {
        if (expected.Kind != actual.Kind || (expected.Kind == JsonTokenType.True && expected.Raw != actual.Raw))
        {
            var changed = new JsonChange(JsonChangeKind.Data, path, $"{Show(expected)} became {Show(actual)}");
            found.Data ??= changed;
            return changed;
        }

        var change = expected.Kind switch
        {
            JsonTokenType.StartObject => CompareObjects(expected, actual, path, found),
            JsonTokenType.StartArray => CompareArrays(expected, actual, path, found),
            JsonTokenType.String => CompareStrings(expected, actual, path, found),
            JsonTokenType.Number => CompareNumbers(expected.Raw, actual.Raw, path, found),
            _ => null,
        };
        found.Data ??= change;
        return change;
    }

    private static JsonChange? CompareArrays(Node expected, Node actual, string path, Found found)
    {
        if (expected.Children.Count != actual.Children.Count)
        {
            return new JsonChange(JsonChangeKind.Data, path, $"{expected.Children.Count} elements became {actual.Children.Count}");
        }

        for (var i = 0; i < expected.Children.Count; i++)
        {
            if (Compare(expected.Children[i].Value, actual.Children[i].Value, $"{path}[{i}]", found) is { } change && !found.ContinueAfterData)
            {
                return change;
            }
        }

        return null;
    }

    private static JsonChange? CompareObjects(Node expected, Node actual, string path, Found found)
    {
        // Before its members' own changes, in the order the first data change is found without continuing.
        var membersChanged = CompareMembers(expected, actual, path);
        found.Data ??= membersChanged;
        if (membersChanged is not null && !found.ContinueAfterData)
        {
            return membersChanged;
        }

        // Compare each name's values in order (past a member change: the names both sides have), then the order itself.
        var actualByName = actual.Children.GroupBy(c => c.Name!, StringComparer.Ordinal).ToDictionary(g => g.Key, g => g.ToList(), StringComparer.Ordinal);
        var seen = new Dictionary<string, int>(StringComparer.Ordinal);
        foreach (var (name, rawName, value) in expected.Children)
        {
            var index = seen[name!] = seen.GetValueOrDefault(name!) + 1;
            if (!actualByName.TryGetValue(name!, out var counterparts) || counterparts.Count < index)
            {
                continue;
            }

            var counterpart = counterparts[index - 1];
            if (Compare(value, counterpart.Value, Member(path, name!), found) is { } change && !found.ContinueAfterData)
            {
                return change;
            }

            if (rawName != counterpart.RawName)
            {
                found.Form ??= new JsonChange(JsonChangeKind.Form, Member(path, name!), $"property name escaped differently: \"{Clip(rawName)}\" written as \"{Clip(counterpart.RawName)}\"");
            }
        }

        if (membersChanged is null && !expected.Children.Select(c => c.Name).SequenceEqual(actual.Children.Select(c => c.Name)))
        {
            found.Form ??= new JsonChange(JsonChangeKind.Form, path, "property order changed: " +
                $"{string.Join(", ", expected.Children.Take(4).Select(c => c.Name))} became {string.Join(", ", actual.Children.Take(4).Select(c => c.Name))}");
        }

        return membersChanged;
    }

    private static JsonChange? CompareMembers(Node expected, Node actual, string path)
    {
        var expectedCounts = expected.Children.GroupBy(c => c.Name!, StringComparer.Ordinal).ToDictionary(g => g.Key, g => g.Count(), StringComparer.Ordinal);
        var actualCounts = actual.Children.GroupBy(c => c.Name!, StringComparer.Ordinal).ToDictionary(g => g.Key, g => g.Count(), StringComparer.Ordinal);
        foreach (var (name, count) in expectedCounts)
        {
            var kept = actualCounts.GetValueOrDefault(name);
            if (kept == count)
            {
                continue;
            }

            var where = Member(path, name);
            if (count > 1)
            {
                return new JsonChange(JsonChangeKind.Data, where, $"duplicate key written {count} times in the original, {kept} in the output{KeptWhich(expected, actual, name)}")
                {
                    LostDuplicateKey = kept < count,
                };
            }

            return new JsonChange(JsonChangeKind.Data, where, kept == 0 ? "missing" : $"written {kept} times");
        }

        if (actualCounts.Keys.FirstOrDefault(k => !expectedCounts.ContainsKey(k)) is { } added)
        {
            return new JsonChange(JsonChangeKind.Data, Member(path, added), "not in the original");
        }

        return null;
    }

    private static string KeptWhich(Node expected, Node actual, string name)
    {
        var values = expected.Children.Where(c => c.Name == name).Select(c => c.Value).ToList();
        var kept = actual.Children.Where(c => c.Name == name).Select(c => c.Value).ToList();
        if (kept.Count != 1)
        {
            return "";
        }

        var ignored = new Found(ContinueAfterData: false);
        bool Same(Node node) => Compare(node, kept[0], "", ignored) is null;
        return Same(values[^1]) ? " (kept the last value)" : Same(values[0]) ? " (kept the first value)" : "";
    }

    private static JsonChange? CompareStrings(Node expected, Node actual, string path, Found found)
    {
        if (expected.Raw == actual.Raw)
        {
            return null;
        }

        if (expected.Text is null || actual.Text is null || expected.Text != actual.Text)
        {
            var what = expected.Text is null
                ? $"\"{Clip(expected.Raw)}\" (not valid UTF-16: a lone surrogate) became \"{Clip(actual.Raw)}\""
                : $"\"{Clip(expected.Raw)}\" became \"{Clip(actual.Raw)}\"";
            return new JsonChange(JsonChangeKind.Data, path, what);
        }

        found.Form ??= new JsonChange(JsonChangeKind.Form, path, $"escaped differently: \"{Clip(expected.Raw)}\" written as \"{Clip(actual.Raw)}\"");
        return null;
    }

    private static JsonChange? CompareNumbers(string expected, string actual, string path, Found found)
    {
        if (expected == actual)
        {
            return null;
        }

        var left = ExactNumber.Parse(expected);
        var right = ExactNumber.Parse(actual);
        if (left == right)
        {
            found.Form ??= new JsonChange(JsonChangeKind.Form, path, left.IsInteger(expected) && !right.IsInteger(actual)
                ? $"integer {expected} written as {actual} (floating-point notation)"
                : $"{expected} written as {actual} (same value, other notation)");
            return null;
        }

        // A double-based reader sees no change; only text a double cannot hold (1.0000000000000000001) is lost data.
        if (Conformance.Rfc8259.BeyondDouble(expected) is null && SameDouble(expected, actual))
        {
            found.Form ??= new JsonChange(JsonChangeKind.Form, path, $"{expected} written as {actual} (number text changed, same double)");
            return null;
        }

        return new JsonChange(JsonChangeKind.Data, path, $"{expected} became {actual} ({NumberChange(expected, left, right)})");
    }

    internal static bool SameNumber(string left, string right) => ExactNumber.Parse(left) == ExactNumber.Parse(right);

    // By bits: -0 and 0 are equal doubles, but not the same number.
    private static bool SameDouble(string left, string right) =>
        BitConverter.DoubleToInt64Bits(double.Parse(left, NumberStyles.Float, CultureInfo.InvariantCulture))
        == BitConverter.DoubleToInt64Bits(double.Parse(right, NumberStyles.Float, CultureInfo.InvariantCulture));

    // In the order a user would look for it.
    private static string NumberChange(string text, ExactNumber original, ExactNumber written)
    {
        if (original.IsZero && written.IsZero)
        {
            return "the sign of zero was lost";
        }

        if (!double.IsFinite(double.Parse(text, NumberStyles.Float, CultureInfo.InvariantCulture)))
        {
            return "beyond the range of double";
        }

        if (Conformance.Rfc8259.BeyondDouble(text) is { } beyond)
        {
            var what = original.IsInteger(text) && original.Digits.Length > 15 ? "a big integer lost precision" : "precision lost";
            return $"{what}: {beyond}{LostDigits(original, written)}";
        }

        return written.Digits.Length < original.Digits.Length ? "precision lost" + LostDigits(original, written) : "value changed";
    }

    /// <summary>Which significant digits changed, when both numbers have the same magnitude: <c>; from the 17th significant digit on, 789 became 800</c>.</summary>
    private static string LostDigits(ExactNumber original, ExactNumber written)
    {
        if (original.Negative != written.Negative || original.Exponent + original.Digits.Length != written.Exponent + written.Digits.Length)
        {
            return "";
        }

        var length = Math.Max(original.Digits.Length, written.Digits.Length);
        var (before, after) = (original.Digits.PadRight(length, '0'), written.Digits.PadRight(length, '0'));
        var first = 0;
        while (first < length && before[first] == after[first])
        {
            first++;
        }

        return first == length ? "" : $"; from the {Ordinal(first + 1)} significant digit on, {Clip(before[first..])} became {Clip(after[first..])}";
    }

    private static string Ordinal(int n) => n.ToString(CultureInfo.InvariantCulture) + ((n % 100) is 11 or 12 or 13 ? "th" : (n % 10) switch { 1 => "st", 2 => "nd", 3 => "rd", _ => "th" });

    private static string Member(string path, string name) =>
        name.Length > 0 && name.All(c => char.IsAsciiLetterOrDigit(c) || c == '_') ? $"{path}.{name}" : $"{path}[{ObjectComparer.Quote(Clip(name))}]";

    private static string Show(Node node) => node.Kind switch
    {
        JsonTokenType.StartObject => "an object",
        JsonTokenType.StartArray => "an array",
        JsonTokenType.String => $"\"{Clip(node.Raw)}\"",
        JsonTokenType.Null => "null",
        _ => Clip(node.Raw.ToLowerInvariant()),
    };

    private static string Clip(string text) => text.Length > 60 ? text[..57] + "..." : text;
}
