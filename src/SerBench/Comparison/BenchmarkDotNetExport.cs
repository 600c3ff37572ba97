using System.Globalization;
using System.Text.Json;
using SerBench.Core.Results;

namespace SerBench.Comparison;

/// <summary>FullName and job are the key, the type the "study"; every field is checked as results.json is, and refused with its path.</summary>
internal static class BenchmarkDotNetExport
{
    public static ComparableCell Read(JsonElement benchmark, string path, Func<string, Exception> invalid)
    {
        var reader = new Reader(invalid);
        reader.RequireObject(benchmark, path);
        var displayInfo = reader.Text(benchmark, "DisplayInfo", path);
        var fullName = reader.Text(benchmark, "FullName", path) ?? displayInfo ?? "?";
        // DisplayInfo is "Type.Method: Job(characteristics)"; FullName names no job, so an export of two jobs would key them alike.
        var colon = displayInfo?.LastIndexOf(": ", StringComparison.Ordinal) ?? -1;
        var job = colon >= 0 ? displayInfo![(colon + 2)..] : "";
        var key = job.Length > 0 && fullName != displayInfo ? $"{fullName} · {job}" : fullName;
        var study = reader.Text(benchmark, "Type", path) ?? "BenchmarkDotNet";
        double? mean = null, error = null;
        if (reader.Object(benchmark, "Statistics", path) is { } statistics)
        {
            mean = reader.Number(statistics, "Mean", path + ".Statistics");
            if (reader.Object(statistics, "ConfidenceInterval", path + ".Statistics") is { } interval)
            {
                error = reader.Number(interval, "Margin", path + ".Statistics.ConfidenceInterval");
            }
        }

        var iterations = new List<double>();
        if (reader.Array(benchmark, "Measurements", path) is { } measurements)
        {
            var index = 0;
            foreach (var measurement in measurements.EnumerateArray())
            {
                var at = $"{path}.Measurements[{index++}]";
                reader.RequireObject(measurement, at);
                if (reader.Text(measurement, "IterationMode", at) == "Workload" && reader.Text(measurement, "IterationStage", at) == "Result"
                    && reader.Number(measurement, "Nanoseconds", at) is { } nanoseconds)
                {
                    // A 0-ns iteration or one of no operations would make the median a time the mean contradicts.
                    var operations = reader.Number(measurement, "Operations", at) ?? 1;
                    iterations.Add(nanoseconds == 0 ? throw invalid($"{at}.Nanoseconds: 0; a timed iteration takes some time")
                        : operations < 1 ? throw invalid($"{at}.Operations: {operations.ToString(CultureInfo.InvariantCulture)}; an iteration runs at least one operation")
                        : nanoseconds / operations);
                }
            }
        }

        long? allocated = null;
        if (reader.Object(benchmark, "Memory", path) is { } memory && reader.Number(memory, "BytesAllocatedPerOperation", path + ".Memory") is { } bytes)
        {
            allocated = bytes <= long.MaxValue ? (long)bytes : throw invalid($"{path}.Memory.BytesAllocatedPerOperation: {bytes.ToString(CultureInfo.InvariantCulture)} is too large");
        }

        return new ComparableCell(study, key, mean is null ? null : Core.Verification.VerificationStatus.Ok, mean, error, iterations.Count > 0 ? iterations : null, allocated, null);
    }

    /// <summary>Optional fields: absent or null is "not there"; anything else must have the expected type.</summary>
    private sealed class Reader(Func<string, Exception> invalid)
    {
        public void RequireObject(JsonElement element, string path)
        {
            if (element.ValueKind != JsonValueKind.Object)
            {
                throw invalid($"{path}: expected an object, found {element.ValueKind.ToString().ToLowerInvariant()}");
            }
        }

        public string? Text(JsonElement element, string name, string path) =>
            Field(element, name, JsonValueKind.String, path, "a string")?.GetString();

        public JsonElement? Object(JsonElement element, string name, string path) => Field(element, name, JsonValueKind.Object, path, "an object");

        public JsonElement? Array(JsonElement element, string name, string path) => Field(element, name, JsonValueKind.Array, path, "an array");

        /// <summary>A number, or a string holding one (older exporters); finite and not negative.</summary>
        public double? Number(JsonElement element, string name, string path)
        {
            if (!element.TryGetProperty(name, out var value) || value.ValueKind == JsonValueKind.Null)
            {
                return null;
            }

            var at = path + "." + name;
            var parsed = value.ValueKind switch
            {
                JsonValueKind.Number when value.TryGetDouble(out var number) => number,
                JsonValueKind.String when double.TryParse(value.GetString(), NumberStyles.Float, CultureInfo.InvariantCulture, out var number) => number,
                JsonValueKind.Number => double.PositiveInfinity,
                _ => throw invalid($"{at}: expected a number, found {ContractValidator.Shorten(value.GetRawText())}"),
            };
            return !double.IsFinite(parsed) ? throw invalid($"{at}: {ContractValidator.Shorten(value.GetRawText())} is not a finite number")
                : parsed < 0 ? throw invalid($"{at}: {ContractValidator.Shorten(value.GetRawText())} is negative")
                : parsed;
        }

        private JsonElement? Field(JsonElement element, string name, JsonValueKind kind, string path, string what)
        {
            if (!element.TryGetProperty(name, out var value) || value.ValueKind == JsonValueKind.Null)
            {
                return null;
            }

            return value.ValueKind == kind ? value : throw invalid($"{path}.{name}: expected {what}, found {ContractValidator.Shorten(value.GetRawText())}");
        }
    }
}
