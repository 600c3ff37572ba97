using System.Globalization;
using System.Text.Json;
using SerBench.Results;

namespace SerBench.Comparison;

/// <summary>A results file that cannot be used, with a message that names the file and what is wrong.</summary>
public sealed class ResultsFileException(string message) : Exception(message);

/// <summary>
/// Reads SerBench's results.json (any file of <see cref="ResultsDocument.CurrentSchemaVersion"/>) and BenchmarkDotNet's
/// full JSON export (<c>*-report-full.json</c>), refusing anything else with a one-line reason.
/// </summary>
public static class ResultsFileReader
{
    /// <summary>Reads a SerBench results file (for <c>serbench report</c>).</summary>
    public static ResultsDocument ReadDocument(string path)
    {
        using var json = Parse(path);
        var root = json.RootElement;
        if (root.ValueKind == JsonValueKind.Object && root.TryGetProperty("Benchmarks", out _))
        {
            throw new ResultsFileException($"'{path}' is a BenchmarkDotNet export; 'serbench report' renders SerBench results.json files (use 'serbench compare' for BenchmarkDotNet exports).");
        }

        CheckSchema(path, root);
        try
        {
            return root.Deserialize(ResultsJsonContext.Default.ResultsDocument)
                   ?? throw new ResultsFileException($"'{path}' holds no results document.");
        }
        catch (JsonException exception)
        {
            throw new ResultsFileException($"'{path}' is not a SerBench results file: {FirstLine(exception.Message)}");
        }
    }

    /// <summary>Reads either format for <c>serbench compare</c>.</summary>
    public static ComparableResults ReadComparable(string path)
    {
        using var json = Parse(path);
        var root = json.RootElement;
        if (root.ValueKind == JsonValueKind.Object && root.TryGetProperty("Benchmarks", out var benchmarks) && benchmarks.ValueKind == JsonValueKind.Array)
        {
            return new ComparableResults(path, "BenchmarkDotNet", [.. benchmarks.EnumerateArray().Select(FromBenchmarkDotNet)]);
        }

        var document = ReadDocument(path);
        var environment = document.Environment;
        var knobs = environment.Knobs ?? new SortedDictionary<string, string>(StringComparer.Ordinal)
        {
            ["gc"] = environment.GcMode, ["tieredCompilation"] = environment.TieredCompilation, ["tieredPgo"] = environment.TieredPgo,
        };
        knobs["runtime"] = environment.Runtime;
        return new ComparableResults(path, "SerBench", [.. document.Cells.Select(FromSerBench)], knobs);
    }

    private static JsonDocument Parse(string path)
    {
        if (!File.Exists(path))
        {
            throw new ResultsFileException($"Results file '{path}' does not exist.");
        }

        try
        {
            using var stream = File.OpenRead(path);
            return JsonDocument.Parse(stream);
        }
        catch (JsonException exception)
        {
            var where = exception.LineNumber is { } line ? $" at line {line + 1}" : "";
            throw new ResultsFileException($"'{path}' is not valid JSON{where} (truncated or not a results file): {FirstLine(exception.Message)}");
        }
    }

    private static void CheckSchema(string path, JsonElement root)
    {
        if (root.ValueKind != JsonValueKind.Object || !root.TryGetProperty("schemaVersion", out var version) || version.ValueKind != JsonValueKind.Number)
        {
            throw new ResultsFileException($"'{path}' is not a SerBench results file: it has no schemaVersion (expected {ResultsDocument.CurrentSchemaVersion}).");
        }

        if (version.GetInt32() != ResultsDocument.CurrentSchemaVersion)
        {
            throw new ResultsFileException(
                $"'{path}' has schema version {version.GetInt32()}; this SerBench reads version {ResultsDocument.CurrentSchemaVersion}. Re-run it, or use the SerBench version that wrote it.");
        }

        if (!root.TryGetProperty("cells", out var cells) || cells.ValueKind != JsonValueKind.Array)
        {
            throw new ResultsFileException($"'{path}' is not a SerBench results file: it has no cells array.");
        }
    }

    public static string KeyOf(ResultCell cell) =>
        string.Join(" · ", cell.Contender, cell.Payload, Reports.StudyTables.Case(cell), cell.Operation);

    private static ComparableCell FromSerBench(ResultCell cell) =>
        new(cell.Study, KeyOf(cell), cell.Status, cell.MeanNs, cell.ErrorNs, cell.IterationsNs, cell.AllocatedBytes, cell.PayloadBytes, cell.RoundsNs, cell.Key);

    /// <summary>
    /// One benchmark of a BenchmarkDotNet full export: its FullName is the key, its type the "study"; the per-iteration
    /// times are the workload result iterations (nanoseconds / operations).
    /// </summary>
    private static ComparableCell FromBenchmarkDotNet(JsonElement benchmark)
    {
        var fullName = Text(benchmark, "FullName") ?? Text(benchmark, "DisplayInfo") ?? "?";
        var study = Text(benchmark, "Type") ?? "BenchmarkDotNet";
        double? mean = null, error = null;
        if (benchmark.TryGetProperty("Statistics", out var statistics) && statistics.ValueKind == JsonValueKind.Object)
        {
            mean = Number(statistics, "Mean");
            if (statistics.TryGetProperty("ConfidenceInterval", out var interval) && interval.ValueKind == JsonValueKind.Object)
            {
                error = Number(interval, "Margin");
            }
        }

        List<double>? iterations = null;
        if (benchmark.TryGetProperty("Measurements", out var measurements) && measurements.ValueKind == JsonValueKind.Array)
        {
            iterations = [.. measurements.EnumerateArray()
                .Where(m => Text(m, "IterationMode") == "Workload" && Text(m, "IterationStage") == "Result")
                .Select(m => Number(m, "Nanoseconds") / Math.Max(1, Number(m, "Operations") ?? 1))
                .Where(v => v is not null).Select(v => v!.Value)];
        }

        long? allocated = null;
        if (benchmark.TryGetProperty("Memory", out var memory) && memory.ValueKind == JsonValueKind.Object && Number(memory, "BytesAllocatedPerOperation") is { } bytes)
        {
            allocated = (long)bytes;
        }

        return new ComparableCell(study, fullName, mean is null ? "NO RESULT" : "OK", mean, error, iterations is { Count: > 0 } ? iterations : null, allocated, null);
    }

    private static string? Text(JsonElement element, string name) =>
        element.TryGetProperty(name, out var value) && value.ValueKind == JsonValueKind.String ? value.GetString() : null;

    private static double? Number(JsonElement element, string name) =>
        element.TryGetProperty(name, out var value) && value.ValueKind == JsonValueKind.Number ? value.GetDouble()
        : element.TryGetProperty(name, out value) && value.ValueKind == JsonValueKind.String
          && double.TryParse(value.GetString(), NumberStyles.Float, CultureInfo.InvariantCulture, out var parsed) ? parsed : null;

    private static string FirstLine(string text) => text.Split('\n')[0].Trim();
}
