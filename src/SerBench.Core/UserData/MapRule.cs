using System.Globalization;

namespace SerBench.Core.UserData;

/// <summary>
/// When an object's keys are data, not names, so a developer would write <c>Dictionary&lt;string, T&gt;</c>: every key a
/// number, a date or an id (a GUID, or 16 or more hexadecimal digits), or at least <see cref="ManyKeys"/> keys whose values
/// are all objects sharing most of their members, or all arrays. A record's properties are names even when there are many:
/// values of one primitive kind (ten string properties) do not make a map.
/// </summary>
internal static class MapRule
{
    public const int ManyKeys = 10;

    /// <summary>Why the objects at one place are a map, or null: <c>its 147 keys are numbers (138586341, 138586345, …)</c>.</summary>
    public static string? Why(ObjectShape shape)
    {
        var names = shape.Members.Select(m => m.Name).ToList();
        if (names.Count == 0)
        {
            return null;
        }

        var kind = names.All(IsNumber) ? ("a number", "numbers") : names.All(IsDate) ? ("a date", "dates") : names.All(IsId) ? ("an id", "ids") : default;
        if (kind != default)
        {
            return $"{Keys(names.Count)} {(names.Count == 1 ? "is " + kind.Item1 : "are " + kind.Item2)} ({Examples(names)})";
        }

        return names.Count >= ManyKeys && OneShape(shape.Members)
            ? string.Create(CultureInfo.InvariantCulture, $"{Keys(names.Count)} hold values of one shape ({Examples(names)})")
            : null;
    }

    private static string Keys(int count) => count == 1 ? "its key" : string.Create(CultureInfo.InvariantCulture, $"its {count:N0} keys");

    private static string Examples(IReadOnlyList<string> names) =>
        string.Join(", ", names.Take(3).Select(n => n.Length > 24 ? n[..21] + "..." : n)) + (names.Count > 3 ? ", …" : "");

    private static bool IsNumber(string key) =>
        key.Length is > 0 and <= 40 && decimal.TryParse(key, NumberStyles.AllowLeadingSign | NumberStyles.AllowDecimalPoint, CultureInfo.InvariantCulture, out _);

    // ISO 8601 dates and date-times, as services write them in keys: 2024-01-31, 2024-01-31T10:00:00Z.
    private static bool IsDate(string key) =>
        key.Length >= 10 && char.IsAsciiDigit(key[0]) && key[4] == '-'
        && DateTimeOffset.TryParse(key, CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal, out _);

    private static bool IsId(string key) =>
        Guid.TryParse(key, out _) || (key.Length >= 16 && key.All(char.IsAsciiHexDigit) && key.Any(char.IsAsciiDigit));

    // Objects sharing at least half of all their member names, or arrays: elements are merged as a list's are.
    private static bool OneShape(IReadOnlyList<MemberShape> members)
    {
        var values = members.Select(m => m.Value).ToList();
        if (values.All(v => v.Kinds().SequenceEqual([System.Text.Json.JsonValueKind.Array])))
        {
            return true;
        }

        if (!values.All(v => v.Kinds().SequenceEqual([System.Text.Json.JsonValueKind.Object])))
        {
            return false;
        }

        var sets = values.Select(v => v.Object!.Members.Select(m => m.Name).ToHashSet(StringComparer.Ordinal)).ToList();
        var all = sets.SelectMany(s => s).ToHashSet(StringComparer.Ordinal);
        var shared = all.Count(name => sets.All(s => s.Contains(name)));
        return all.Count > 0 && shared * 2 >= all.Count;
    }
}
