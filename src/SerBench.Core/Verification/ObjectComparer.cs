using System.Collections;
using System.Globalization;
using System.Reflection;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using SerBench.Core.Files;

namespace SerBench.Core.Verification;

/// <summary>
/// The first path where a round trip differs (<c>$.Friends[1].Name</c>), by the rules of <see cref="ComparisonKind"/>.
/// -0 differs from +0 as the sign survives arithmetic (1/-0 is -∞); a decimal's scale shows in ToString and every
/// serializer measured can keep it.
/// </summary>
internal static class ObjectComparer
{
    public static string? FirstDifference(object? expected, object? actual, string root = "$") =>
        new Walk().Compare(expected, actual, root);

    // Remembers the objects on the current path so that a cyclic graph ends.
    private sealed class Walk
    {
        private HashSet<object>? _onPath;

        public string? Compare(object? expected, object? actual, string path)
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

            // A user's document compares as a document: what a DOM round trip changed in its data, named.
            if (expected is UserData.JsonData document)
            {
                return JsonTextComparer.FirstChange(document.Utf8, ((UserData.JsonData)actual).Utf8, path) is { Kind: JsonChangeKind.Data } change
                    ? change.ToString()
                    : null;
            }

            var rule = ComparisonRule.For(type);
            return rule.Kind switch
            {
                ComparisonKind.ByEquals => expected.Equals(actual) ? null : Describe(path, expected, actual),
                ComparisonKind.Floating => SameFloating(ToDouble(expected), ToDouble(actual)) ? null : Describe(path, expected, actual),
                ComparisonKind.Decimal => CompareDecimals((decimal)expected, (decimal)actual, path),
                ComparisonKind.DateTime => CompareDateTimes((DateTime)expected, (DateTime)actual, path),
                // Equals compares instants only; a lost offset is lost data.
                ComparisonKind.DateTimeOffset => ((DateTimeOffset)expected).EqualsExact((DateTimeOffset)actual) ? null : Describe(path, expected, actual),
                ComparisonKind.Uri => SameUri((Uri)expected, (Uri)actual) ? null : Describe(path, expected, actual),
                ComparisonKind.Json => SameJson(expected, actual) ? null : Describe(path, expected, actual),
                ComparisonKind.Map => CompareMaps(rule.Map!, expected, actual, path),
                ComparisonKind.Set => CompareSets(rule.Set!, (IEnumerable)expected, (IEnumerable)actual, path),
                ComparisonKind.List => CompareLists((IList)expected, (IList)actual, path),
                ComparisonKind.MultiArray => CompareMultiArrays((Array)expected, (Array)actual, path),
                ComparisonKind.Sequence => CompareLists(((IEnumerable)expected).Cast<object?>().ToList(), ((IEnumerable)actual).Cast<object?>().ToList(), path),
                _ => CompareMembers(rule.Members, expected, actual, path),
            };
        }

        private string? CompareMembers(ComparedMember[] members, object expected, object actual, string path)
        {
            _onPath ??= new(ReferenceEqualityComparer.Instance);
            if (!_onPath.Add(expected))
            {
                return null; // A cycle: this object is already being compared further up the path.
            }

            try
            {
                foreach (var member in members)
                {
                    var memberPath = $"{path}.{member.Name}";
                    var (left, leftThrew) = Read(member, expected);
                    var (right, rightThrew) = Read(member, actual);
                    var difference = leftThrew is null && rightThrew is null
                        ? Compare(left, right, memberPath)
                        : leftThrew == rightThrew ? null : $"{memberPath}: expected {leftThrew ?? Show(left)} but got {rightThrew ?? Show(right)}";
                    if (difference is not null)
                    {
                        return difference;
                    }
                }

                return null;
            }
            finally
            {
                _onPath.Remove(expected);
            }
        }

        private string? CompareLists(IList expected, IList actual, string path)
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

        private string? CompareMultiArrays(Array expected, Array actual, string path)
        {
            var lengths = Enumerable.Range(0, expected.Rank).Select(expected.GetLength).ToArray();
            var actualLengths = Enumerable.Range(0, actual.Rank).Select(actual.GetLength).ToArray();
            if (!lengths.SequenceEqual(actualLengths))
            {
                return $"{path}: expected lengths [{string.Join(",", lengths)}] but got [{string.Join(",", actualLengths)}]";
            }

            var index = new int[lengths.Length];
            for (var flat = 0; flat < expected.Length; flat++)
            {
                // Row-major, as the array enumerates.
                for (int dimension = lengths.Length - 1, rest = flat; dimension >= 0; rest /= lengths[dimension], dimension--)
                {
                    index[dimension] = rest % lengths[dimension];
                }

                var difference = Compare(expected.GetValue(index), actual.GetValue(index), $"{path}[{string.Join(",", index)}]");
                if (difference is not null)
                {
                    return difference;
                }
            }

            return null;
        }

        private string? CompareMaps(MapAccess map, object expected, object actual, string path)
        {
            foreach (var (key, value) in map.Entries(expected))
            {
                var entryPath = $"{path}[{ShowKey(key)}]";
                if (!map.TryGetValue(actual, key, out var actualValue))
                {
                    return $"{entryPath}: expected {Show(value)} but the key is missing";
                }

                var difference = Compare(value, actualValue, entryPath);
                if (difference is not null)
                {
                    return difference;
                }
            }

            if (map.Count(actual) != map.Count(expected))
            {
                foreach (var (key, value) in map.Entries(actual))
                {
                    if (!map.TryGetValue(expected, key, out _))
                    {
                        return $"{path}[{ShowKey(key)}]: expected no such key but got {Show(value)}";
                    }
                }

                return $"{path}: expected {map.Count(expected)} entries but got {map.Count(actual)}";
            }

            return null;
        }

        private string? CompareSets(SetAccess set, IEnumerable expected, IEnumerable actual, string path)
        {
            if (FindMissing(set, expected, actual, out var missing))
            {
                return $"{path}: expected to contain {Show(missing)} but it does not";
            }

            if (FindMissing(set, actual, expected, out var extra))
            {
                return $"{path}: did not expect {Show(extra)}";
            }

            var (expectedCount, actualCount) = (set.Count(expected), set.Count(actual));
            return expectedCount == actualCount ? null : $"{path}: expected {expectedCount} elements but got {actualCount}";
        }

        // The set's own test first (fast, honours its comparer), then a deep match: plain classes never Contain a copy.
        private static bool FindMissing(SetAccess set, IEnumerable from, IEnumerable into, out object? missing)
        {
            foreach (var item in from)
            {
                if (!set.Contains(into, item) && !into.Cast<object?>().Any(other => new Walk().Compare(item, other, "") is null))
                {
                    missing = item;
                    return true;
                }
            }

            missing = null;
            return false;
        }
    }

    private static (object? Value, string? Threw) Read(ComparedMember member, object target)
    {
        try
        {
            return (member.Read(target), null);
        }
        catch (TargetInvocationException exception) when (exception.InnerException is { } inner)
        {
            // A getter that throws (IPAddress.ScopeId on IPv4) is compared by what it throws.
            return (null, $"<{inner.GetType().Name}>");
        }
    }

    private static double ToDouble(object value) => value switch
    {
        double number => number,
        float number => number,
        _ => (double)(Half)value,
    };

    // Widening to double keeps NaN, infinities and the sign of zero, so one rule serves all three types.
    private static bool SameFloating(double expected, double actual) =>
        expected.Equals(actual) && (expected != 0 || double.IsNegative(expected) == double.IsNegative(actual));

    private static string? CompareDecimals(decimal expected, decimal actual, string path) =>
        expected != actual ? Describe(path, expected, actual)
        : expected.Scale != actual.Scale ? $"{Describe(path, expected, actual)} (same value, scale {expected.Scale} vs {actual.Scale})"
        : null;

    private static string? CompareDateTimes(DateTime expected, DateTime actual, string path) =>
        expected.Ticks != actual.Ticks ? Describe(path, expected, actual)
        : expected.Kind != actual.Kind ? $"{Describe(path, expected, actual)} (same ticks, Kind {expected.Kind} vs {actual.Kind})"
        : null;

    private static bool SameUri(Uri expected, Uri actual) =>
        expected.IsAbsoluteUri == actual.IsAbsoluteUri
        && (expected.IsAbsoluteUri ? expected.AbsoluteUri == actual.AbsoluteUri : expected.OriginalString == actual.OriginalString);

    private static bool SameJson(object expected, object actual) => expected is JsonElement element
#if NET9_0_OR_GREATER
        ? JsonElement.DeepEquals(element, (JsonElement)actual)
#else
        // .NET 8 has no JsonElement.DeepEquals; JsonNode's compares the same way (values, properties in any order).
        ? JsonNode.DeepEquals(JsonNode.Parse(element.GetRawText()), JsonNode.Parse(((JsonElement)actual).GetRawText()))
#endif
        : JsonNode.DeepEquals((JsonNode)expected, (JsonNode)actual);

    private static string Describe(string path, object? expected, object? actual) =>
        $"{path}: expected {Show(expected)} but got {Show(actual)}";

    private static string ShowKey(object key) => key is string text ? Quote(text) : Show(key);

    internal static string Show(object? value) => value switch
    {
        null => "null",
        string text => Quote(text),
        char c => string.Create(CultureInfo.InvariantCulture, $"'{(char.IsSurrogate(c) ? "?" : Escape(new StringBuilder(), new Rune(c)).ToString())}' (U+{(int)c:X4})"),
        DateTime time => time.ToString("O", CultureInfo.InvariantCulture),
        DateTimeOffset time => time.ToString("O", CultureInfo.InvariantCulture),
        DateOnly date => date.ToString("O", CultureInfo.InvariantCulture),
        TimeOnly time => time.ToString("O", CultureInfo.InvariantCulture),
        Uri uri => uri.OriginalString,
        IDictionary { Count: 0 } => "{}",
        IDictionary map => $"{{{map.Count} entries}}",
        ICollection { Count: 0 } => "[]",
        ICollection collection => $"[{collection.Count} elements]",
        IFormattable formattable => formattable.ToString(null, CultureInfo.InvariantCulture),
        _ => Shorten(value.ToString() ?? "?"),
    };

    private static string Shorten(string text) => text.Length > 80 ? text[..77] + "..." : text;

    // Invisible characters escaped as in JSON, so "a NUL cut the string" can be read and a console can size every cell.
    internal static string Quote(string text)
    {
        var shown = text.Length > 60 ? text[..57] + "..." : text;
        var builder = new StringBuilder(shown.Length + 2).Append('"');
        for (var i = 0; i < shown.Length; i++)
        {
            if (Rune.TryGetRuneAt(shown, i, out var rune))
            {
                Escape(builder, rune);
                i += rune.Utf16SequenceLength - 1;
            }
            else
            {
                builder.Append(CultureInfo.InvariantCulture, $"\\u{(int)shown[i]:X4}");
            }
        }

        return builder.Append('"').ToString();
    }

    private static StringBuilder Escape(StringBuilder builder, Rune rune)
    {
        switch (rune.Value)
        {
            case '\0': builder.Append("\\0"); break;
            case '\r': builder.Append("\\r"); break;
            case '\n': builder.Append("\\n"); break;
            case '\t': builder.Append("\\t"); break;
            case '"': builder.Append("\\\""); break;
            case var _ when InvisibleText.IsInvisible(rune):
                Span<char> units = stackalloc char[2];
                foreach (var unit in units[..rune.EncodeToUtf16(units)])
                {
                    builder.Append(CultureInfo.InvariantCulture, $"\\u{(int)unit:X4}");
                }

                break;
            default: builder.Append(rune.ToString()); break;
        }

        return builder;
    }
}
