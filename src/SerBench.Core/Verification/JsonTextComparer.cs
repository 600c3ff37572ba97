using System.Buffers;
using System.Globalization;
using System.Text;
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
internal static class JsonTextComparer
{
    /// <summary>Deeper user documents are refused when loaded.</summary>
    public const int MaxDepth = 256;

    /// <summary>Strict JSON (no comments, no trailing commas) for every user document.</summary>
    public static JsonReaderOptions ReaderOptions => new() { MaxDepth = MaxDepth };

    /// <summary>A data change if any, else a form change, else null.</summary>
    public static JsonChange? FirstChange(ReadOnlySpan<byte> original, ReadOnlySpan<byte> written, string root = "$")
    {
        var left = Parse(original);
        var right = Parse(written);
        var found = new Found(ContinueAfterData: false);
        return Compare(left, right, root, found) ?? found.Form;
    }

    /// <summary>Past any data change: for a model that cannot hold the whole document, data changes are the model's.</summary>
    public static JsonChange? FirstFormChange(ReadOnlySpan<byte> original, ReadOnlySpan<byte> written, string root = "$")
    {
        var found = new Found(ContinueAfterData: true);
        Compare(Parse(original), Parse(written), root, found);
        return found.Form;
    }

    private sealed record Found(bool ContinueAfterData)
    {
        public JsonChange? Form { get; set; }
    }

    /// <summary>Throws <see cref="JsonException"/> with line and position.</summary>
    public static Node Parse(ReadOnlySpan<byte> utf8)
    {
        var reader = new Utf8JsonReader(StripBom(utf8), ReaderOptions);
        if (!reader.Read())
        {
            throw new JsonException("the document is empty");
        }

        var node = Read(ref reader);
        if (reader.Read())
        {
            throw new JsonException($"more than one value: '{(char)reader.ValueSpan[0]}' after the end of the document");
        }

        return node;
    }

    private static ReadOnlySpan<byte> StripBom(ReadOnlySpan<byte> utf8) => utf8.StartsWith("\uFEFF"u8) ? utf8[3..] : utf8;

    public sealed class Node
    {
        public required JsonTokenType Kind { get; init; }

        /// <summary>Escapes included, strings without their quotes; empty for objects and arrays.</summary>
        public string Raw { get; init; } = "";

        /// <summary>Null when the escapes do not form valid UTF-16 (a lone surrogate).</summary>
        public string? Text { get; init; }

        /// <summary>In document order, duplicates kept; an array's items have null names.</summary>
        public List<(string? Name, string RawName, Node Value)> Children { get; } = [];
    }

    private static Node Read(ref Utf8JsonReader reader)
    {
        switch (reader.TokenType)
        {
            case JsonTokenType.StartObject:
                var obj = new Node { Kind = JsonTokenType.StartObject };
                while (reader.Read() && reader.TokenType != JsonTokenType.EndObject)
                {
                    var rawName = Encoding.UTF8.GetString(reader.HasValueSequence ? reader.ValueSequence.ToArray() : reader.ValueSpan);
                    var name = TryGetString(ref reader);
                    reader.Read();
                    obj.Children.Add((name ?? rawName, rawName, Read(ref reader)));
                }

                return obj;
            case JsonTokenType.StartArray:
                var array = new Node { Kind = JsonTokenType.StartArray };
                while (reader.Read() && reader.TokenType != JsonTokenType.EndArray)
                {
                    array.Children.Add((null, "", Read(ref reader)));
                }

                return array;
            case JsonTokenType.String:
                var raw = Encoding.UTF8.GetString(reader.HasValueSequence ? reader.ValueSequence.ToArray() : reader.ValueSpan);
                return new Node { Kind = JsonTokenType.String, Raw = raw, Text = TryGetString(ref reader) };
            case JsonTokenType.Number:
                return new Node { Kind = JsonTokenType.Number, Raw = Encoding.UTF8.GetString(reader.ValueSpan) };
            default:
                // true, false, null: the token type says everything.
                return new Node { Kind = reader.TokenType == JsonTokenType.False ? JsonTokenType.True : reader.TokenType, Raw = reader.TokenType.ToString() };
        }
    }

    private static string? TryGetString(ref Utf8JsonReader reader)
    {
        try
        {
            return reader.GetString();
        }
        catch (InvalidOperationException)
        {
            return null; // \uD800 alone: escapes that are valid JSON but not valid UTF-16 text.
        }
    }

    private static JsonChange? Compare(Node expected, Node actual, string path, Found found)
    {
        if (expected.Kind != actual.Kind || (expected.Kind == JsonTokenType.True && expected.Raw != actual.Raw))
        {
            return new JsonChange(JsonChangeKind.Data, path, $"{Show(expected)} became {Show(actual)}");
        }

        return expected.Kind switch
        {
            JsonTokenType.StartObject => CompareObjects(expected, actual, path, found),
            JsonTokenType.StartArray => CompareArrays(expected, actual, path, found),
            JsonTokenType.String => CompareStrings(expected, actual, path, found),
            JsonTokenType.Number => CompareNumbers(expected.Raw, actual.Raw, path, found),
            _ => null,
        };
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
        var membersChanged = CompareMembers(expected, actual, path);
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

        return new JsonChange(JsonChangeKind.Data, path, $"{expected} became {actual} ({NumberChange(expected, left, right)})");
    }

    internal static bool SameNumber(string left, string right) => ExactNumber.Parse(left) == ExactNumber.Parse(right);

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

        if (original.IsInteger(text) && original.Digits.Length > 15 && Math.Abs(double.Parse(text, NumberStyles.Float, CultureInfo.InvariantCulture)) > 9007199254740992)
        {
            return "a big integer lost precision";
        }

        if (written.Digits.Length < original.Digits.Length)
        {
            return "precision lost";
        }

        return "value changed";
    }

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

    /// <summary>Normalised exact value: <c>30</c>, <c>30.0</c> and <c>3e1</c> are equal; <c>-0</c> and <c>0</c> are not.</summary>
    private readonly record struct ExactNumber(bool Negative, string Digits, long Exponent)
    {
        public bool IsZero => Digits.Length == 0;

        public bool IsInteger(string text) => text.AsSpan().IndexOfAny('.', 'e', 'E') < 0;

        public static ExactNumber Parse(string text)
        {
            var span = text.AsSpan();
            var negative = span.Length > 0 && span[0] == '-';
            if (negative)
            {
                span = span[1..];
            }

            long exponent = 0;
            var e = span.IndexOfAny('e', 'E');
            if (e >= 0)
            {
                // An exponent too large for a long is clamped: 1e99999999999999999999 is still "beyond double".
                exponent = long.TryParse(span[(e + 1)..], NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var parsed)
                    ? parsed
                    : span[e + 1] == '-' ? long.MinValue / 2 : long.MaxValue / 2;
                span = span[..e];
            }

            var dot = span.IndexOf('.');
            var digits = new StringBuilder(span.Length);
            if (dot >= 0)
            {
                digits.Append(span[..dot]).Append(span[(dot + 1)..]);
                exponent -= span.Length - dot - 1;
            }
            else
            {
                digits.Append(span);
            }

            var all = digits.ToString().TrimStart('0');
            var trimmed = all.TrimEnd('0');
            exponent += all.Length - trimmed.Length;
            return new ExactNumber(negative, trimmed, trimmed.Length == 0 ? 0 : exponent);
        }
    }
}
