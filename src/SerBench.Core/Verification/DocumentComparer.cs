using System.Text.Json;

namespace SerBench.Core.Verification;

/// <summary>Property order and escaping do not matter; numbers compare by value (<c>30</c> equals <c>30.0</c>).</summary>
internal static class DocumentComparer
{
    public static string? FirstDifference(JsonElement expected, JsonElement actual, string root = "$") => Compare(expected, actual, root);

    private static string? Compare(JsonElement expected, JsonElement actual, string path)
    {
        if (expected.ValueKind != actual.ValueKind
            && !(expected.ValueKind is JsonValueKind.True or JsonValueKind.False && actual.ValueKind is JsonValueKind.True or JsonValueKind.False))
        {
            return $"{path}: expected {Show(expected)} but found {Show(actual)}";
        }

        switch (expected.ValueKind)
        {
            case JsonValueKind.Object:
                return CompareObjects(expected, actual, path);
            case JsonValueKind.Array:
                var expectedLength = expected.GetArrayLength();
                var actualLength = actual.GetArrayLength();
                if (expectedLength != actualLength)
                {
                    return $"{path}: expected {expectedLength} elements but found {actualLength}";
                }

                var index = 0;
                foreach (var (left, right) in expected.EnumerateArray().Zip(actual.EnumerateArray()))
                {
                    var difference = Compare(left, right, $"{path}[{index++}]");
                    if (difference is not null)
                    {
                        return difference;
                    }
                }

                return null;
            case JsonValueKind.String:
                return expected.GetString() == actual.GetString() ? null : $"{path}: expected {Show(expected)} but found {Show(actual)}{SameInstantHint(expected, actual)}";
            case JsonValueKind.Number:
                return NumbersEqual(expected, actual) ? null : $"{path}: expected {Show(expected)} but found {Show(actual)}";
            case JsonValueKind.True or JsonValueKind.False:
                return expected.ValueKind == actual.ValueKind ? null : $"{path}: expected {Show(expected)} but found {Show(actual)}";
            default:
                return null;
        }
    }

    private static string SameInstantHint(JsonElement expected, JsonElement actual) =>
        expected.TryGetDateTimeOffset(out var left) && actual.TryGetDateTimeOffset(out var right) && left.EqualsExact(right)
            ? " (same instant and offset, other date format)"
            : "";

    private static string? CompareObjects(JsonElement expected, JsonElement actual, string path)
    {
        var actualProperties = new Dictionary<string, JsonElement>(StringComparer.Ordinal);
        foreach (var property in actual.EnumerateObject())
        {
            actualProperties.TryAdd(property.Name, property.Value);
        }

        foreach (var property in expected.EnumerateObject())
        {
            if (!actualProperties.Remove(property.Name, out var value))
            {
                var hint = actualProperties.Keys.FirstOrDefault(k => string.Equals(k, property.Name, StringComparison.OrdinalIgnoreCase));
                return hint is null
                    ? $"{path}.{property.Name}: missing"
                    : $"{path}.{property.Name}: written as \"{hint}\" (property names differ)";
            }

            var difference = Compare(property.Value, value, $"{path}.{property.Name}");
            if (difference is not null)
            {
                return difference;
            }
        }

        return actualProperties.Count == 0 ? null : $"{path}.{actualProperties.Keys.First()}: not in the reference document";
    }

    private static bool NumbersEqual(JsonElement expected, JsonElement actual)
    {
        if (expected.TryGetDecimal(out var left) && actual.TryGetDecimal(out var right))
        {
            return left == right;
        }

        return expected.GetDouble().Equals(actual.GetDouble());
    }

    private static string Show(JsonElement element)
    {
        var raw = element.ValueKind == JsonValueKind.String ? ObjectComparer.Quote(element.GetString()!) : element.GetRawText();
        return raw.Length > 80 ? raw[..77] + "..." : raw;
    }
}
