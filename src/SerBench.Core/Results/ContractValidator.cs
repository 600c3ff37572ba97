using System.Globalization;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;

namespace SerBench.Core.Results;

/// <summary>
/// Checks a JSON tree against the serializer's own contract, so a field added to <see cref="ResultsDocument"/> is validated
/// without touching this class; numbers must be finite and not negative, as a results file holds times, counts and sizes.
/// </summary>
internal static class ContractValidator
{
    /// <returns>The first problem as "JSON path: what is wrong", or null when the tree fits the contract.</returns>
    public static string? FindProblem(JsonElement element, JsonTypeInfo contract, string path = "$") =>
#if NET9_0_OR_GREATER
        contract.Kind switch
        {
            JsonTypeInfoKind.Object => ObjectProblem(element, contract, path),
            JsonTypeInfoKind.Enumerable => ElementsProblem(element, contract, path),
            JsonTypeInfoKind.Dictionary => ValuesProblem(element, contract, path),
            _ => ValueProblem(element, contract, path),
        };
#else
        // .NET 8's contracts lack the nullability and element metadata this reads. Only a net8.0 measuring agent compiles
        // this branch, and an agent never reads a results file: SerBench reads them on its own runtime.
        null;
#endif

#if NET9_0_OR_GREATER
    private static string? ObjectProblem(JsonElement element, JsonTypeInfo contract, string path)
    {
        if (element.ValueKind != JsonValueKind.Object)
        {
            return Expected(path, "an object", element);
        }

        foreach (var property in contract.Properties)
        {
            var propertyPath = path + "." + property.Name;
            var nullable = property.AssociatedParameter?.IsNullable ?? property.IsSetNullable;
            if (!element.TryGetProperty(property.Name, out var value))
            {
                var mustBePresent = property.IsRequired || property.AssociatedParameter is { HasDefaultValue: false, IsNullable: false };
                if (mustBePresent)
                {
                    return $"{propertyPath}: required field is missing";
                }

                continue;
            }

            if (value.ValueKind == JsonValueKind.Null)
            {
                if (!nullable)
                {
                    return $"{propertyPath}: null where a value is required";
                }

                continue;
            }

            if (FindProblem(value, contract.Options.GetTypeInfo(property.PropertyType), propertyPath) is { } problem)
            {
                return problem;
            }
        }

        return null;
    }

    private static string? ElementsProblem(JsonElement element, JsonTypeInfo contract, string path) =>
        element.ValueKind != JsonValueKind.Array
            ? Expected(path, "an array", element)
            : ItemsProblem(element.EnumerateArray().Select((item, i) => ($"{path}[{i}]", item)), contract);

    private static string? ValuesProblem(JsonElement element, JsonTypeInfo contract, string path) =>
        element.ValueKind != JsonValueKind.Object
            ? Expected(path, "an object", element)
            : ItemsProblem(element.EnumerateObject().Select(p => ($"{path}[{Quoted(p.Name)}]", p.Value)), contract);

    /// <summary>Items of a list or values of a dictionary: no collection in a results file holds optional items.</summary>
    private static string? ItemsProblem(IEnumerable<(string Path, JsonElement Item)> items, JsonTypeInfo collection)
    {
        var itemContract = collection.Options.GetTypeInfo(collection.ElementType!);
        foreach (var (path, item) in items)
        {
            var problem = item.ValueKind == JsonValueKind.Null ? $"{path}: null where a value is required" : FindProblem(item, itemContract, path);
            if (problem is not null)
            {
                return problem;
            }
        }

        return null;
    }

#endif

    private static string? ValueProblem(JsonElement element, JsonTypeInfo contract, string path)
    {
        var type = Nullable.GetUnderlyingType(contract.Type) ?? contract.Type;
        if (type == typeof(string))
        {
            return element.ValueKind == JsonValueKind.String ? null : Expected(path, "a string", element);
        }

        if (type == typeof(bool))
        {
            return element.ValueKind is JsonValueKind.True or JsonValueKind.False ? null : Expected(path, "true or false", element);
        }

        if (type == typeof(double) || type == typeof(float))
        {
            // Named literals ("NaN", "Infinity") arrive as strings; 1e400 is a number that does not fit a double.
            return element.ValueKind != JsonValueKind.Number ? Expected(path, "a number", element)
                : !element.TryGetDouble(out var value) || !double.IsFinite(value) ? $"{path}: {element.GetRawText()} is not a finite number"
                : Negative(path, value < 0, element) ?? TimeProblem(path, value, element);
        }

        if (type == typeof(int))
        {
            return element.ValueKind != JsonValueKind.Number ? Expected(path, "a whole number", element)
                : !element.TryGetInt32(out var value) ? string.Create(CultureInfo.InvariantCulture, $"{path}: {element.GetRawText()} is not a whole number from 0 to {int.MaxValue:N0}")
                : Negative(path, value < 0, element);
        }

        if (type == typeof(long))
        {
            return element.ValueKind != JsonValueKind.Number ? Expected(path, "a whole number", element)
                : !element.TryGetInt64(out var value) ? string.Create(CultureInfo.InvariantCulture, $"{path}: {element.GetRawText()} is not a whole number from 0 to {long.MaxValue:N0}")
                : Negative(path, value < 0, element);
        }

        if (type == typeof(DateTimeOffset))
        {
            return element.ValueKind == JsonValueKind.String && element.TryGetDateTimeOffset(out _) ? null : Expected(path, "an ISO 8601 date and time", element);
        }

        if (contract.Converter is ICellTextConverter && element.ValueKind != JsonValueKind.String)
        {
            return Expected(path, "a string", element);
        }

        // Any other type (an enum, say): let its converter decide.
        try
        {
            _ = element.Deserialize(contract);
            return null;
        }
        catch (Exception exception) when (exception is JsonException or NotSupportedException or InvalidOperationException or FormatException)
        {
            return $"{path}: {exception.Message.Split('\n')[0].Trim()}";
        }
    }

    /// <summary>The shortest and longest time a results file may hold, in nanoseconds (far below a clock cycle, about 32 years), besides 0.</summary>
    private const double MinTimeNs = 1e-9, MaxTimeNs = 1e18;

    // Fields named …Ns: the reports divide times by one another, and a denormal such as 1e-320 makes a ratio infinite.
    private static string? TimeProblem(string path, double value, JsonElement element)
    {
        var name = path.AsSpan(path.LastIndexOf('.') + 1);
        name = name.IndexOf('[') is var bracket and >= 0 ? name[..bracket] : name;
        var isTime = name.EndsWith("Ns", StringComparison.Ordinal) || name.SequenceEqual("ns");
        return isTime && value != 0 && value is < MinTimeNs or > MaxTimeNs
            ? $"{path}: {Shorten(element.GetRawText())} is not a time a measurement gives; times are 0 or from 1e-9 to 1e18 ns"
            : null;
    }

    private static string? Negative(string path, bool negative, JsonElement element) =>
        negative ? $"{path}: {element.GetRawText()} is negative; times, counts and sizes cannot be" : null;

    private static string Expected(string path, string what, JsonElement element) =>
        $"{path}: expected {what}, found {Describe(element)}";

    private static string Describe(JsonElement element) => element.ValueKind switch
    {
        JsonValueKind.String => "the string " + Shorten(element.GetRawText()),
        JsonValueKind.Number => "the number " + Shorten(element.GetRawText()),
        JsonValueKind.True or JsonValueKind.False => element.GetRawText(),
        JsonValueKind.Array => "an array",
        JsonValueKind.Object => "an object",
        _ => "null",
    };

    /// <summary>A JSON string literal of <paramref name="text"/>, escaped as System.Text.Json's defaults write it, without reflection.</summary>
    internal static string Quoted(string? text) => text is null ? "null" : $"\"{JsonEncodedText.Encode(text)}\"";

    /// <summary>Keeps a hostile or huge value from flooding the one-line message.</summary>
    internal static string Shorten(string text) =>
        (text.Length <= 40 ? text : text[..40] + "…").ReplaceLineEndings(" ");
}
