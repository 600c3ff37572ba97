using System.Text.Json;
using SerBench.Comparison;
using SerBench.Core.Results;
using SerBench.Core.Running;
using SerBench.Core.Statistics;

namespace SerBench.Results;

internal sealed class ResultsFileException(string message) : Exception(message);

/// <summary>The one door for results files: everything is checked before use and refused in one line (file, JSON path, problem).</summary>
internal static class ResultsFileReader
{
    // command: the one that reads the file, named when it is a BenchmarkDotNet export.
    public static ResultsDocument ReadDocument(string path, string command = "report")
    {
        using var json = Parse(path);
        var root = json.RootElement;
        if (IsBenchmarkDotNetExport(root))
        {
            throw new ResultsFileException($"'{path}' is a BenchmarkDotNet export; 'serbench {command}' reads SerBench results.json files (use 'serbench compare' for BenchmarkDotNet exports).");
        }

        return ReadDocument(path, root);
    }

    public static ComparableResults ReadComparable(string path)
    {
        using var json = Parse(path);
        var root = json.RootElement;
        if (IsBenchmarkDotNetExport(root))
        {
            var benchmarks = root.GetProperty("Benchmarks");
            if (benchmarks.ValueKind != JsonValueKind.Array)
            {
                throw Invalid(path, "BenchmarkDotNet export", "$.Benchmarks: expected an array");
            }

            List<ComparableCell> cells = [.. benchmarks.EnumerateArray().Select((b, i) => BenchmarkDotNetExport.Read(b, $"$.Benchmarks[{i}]", problem => Invalid(path, "BenchmarkDotNet export", problem)))];
            if (Repeated([.. cells.Select(c => c.Identity)]) is var (index, first))
            {
                throw Invalid(path, "BenchmarkDotNet export", $"$.Benchmarks[{index}]: the same benchmark and job as $.Benchmarks[{first}]; an export holds each once");
            }

            return new ComparableResults(path, "BenchmarkDotNet", cells);
        }

        var document = ReadDocument(path, root);
        var environment = document.Environment;
        var knobs = environment.Knobs ?? new SortedDictionary<string, string>(StringComparer.Ordinal)
        {
            ["gc"] = environment.GcMode, ["tieredCompilation"] = environment.TieredCompilation, ["tieredPgo"] = environment.TieredPgo,
        };
        knobs["runtime"] = environment.Runtime;
        // Not a runtime knob, but two files timed with different clocks measured different things just the same.
        knobs["clock"] = document.Method?.Clock ?? "wall";
        double? probeMedian = document.MachineProbes is { Count: > 0 } probes ? RoundStatistics.Median([.. probes.Select(p => p.Ns)]) : null;
        var ownRuntime = RuntimeTarget.FromDescription(environment.Runtime)?.Name;
        return new ComparableResults(path, "SerBench", [.. document.Cells.Select(c => FromSerBench(c, ownRuntime))], knobs, probeMedian, document.Method?.Prior);
    }

    // The runtime is named when not the file's own (--runtimes), the machine in a merged file, so two rows never read alike.
    public static string KeyOf(ResultCell cell, string? ownRuntime = null) =>
        string.Join(" · ", cell.Contender, cell.Payload, CellText.Case(cell.Shape, cell.Count), CellText.Name(cell.Operation)) +
        (cell.Machine is { } machine ? $" · {cell.Runtime} · {machine}"
            : cell.Runtime is { } runtime && runtime != ownRuntime ? $" · {runtime}" : "");

    private static bool IsBenchmarkDotNetExport(JsonElement root) =>
        root.ValueKind == JsonValueKind.Object && root.TryGetProperty("Benchmarks", out _) && !root.TryGetProperty("schemaVersion", out _);

    private static ResultsDocument ReadDocument(string path, JsonElement root)
    {
        CheckSchema(path, root);
        if ((ContractValidator.FindProblem(root, ResultsJson.Contract) ?? CellProblem(root)) is { } problem)
        {
            throw Invalid(path, "SerBench results file", problem);
        }

        ResultsDocument document;
        try
        {
            document = WithRuntimes(root.Deserialize(ResultsJson.Contract) ?? throw Invalid(path, "SerBench results file", "$: null"));
        }
        catch (JsonException exception)
        {
            // Not expected after validation; kept so a gap in it is still one line, not a stack trace.
            throw Invalid(path, "SerBench results file", FirstLine(exception.Message));
        }

        return (DuplicateProblem(document.Cells) ?? ModesProblem(document.Cells)) is { } invariant ? throw Invalid(path, "SerBench results file", invariant) : document;
    }

    // Every table, rank and comparison looks a cell up by its identity.
    private static string? DuplicateProblem(IReadOnlyList<ResultCell> cells) =>
        Repeated([.. cells.Select(c => c.Key)]) is var (index, first)
            ? $"$.cells[{index}]: the same cell as $.cells[{first}] (study, contender, payload, shape, count, operation, runtime and machine alike); a file holds each cell once"
            : null;

    private static (int Index, int First)? Repeated(IReadOnlyList<CellKey> keys)
    {
        var first = new Dictionary<CellKey, int>();
        for (var i = 0; i < keys.Count; i++)
        {
            if (!first.TryAdd(keys[i], i))
            {
                return (i, first[keys[i]]);
            }
        }

        return null;
    }

    /// <summary>Modes as the format defines them: two speeds, each of <see cref="RoundStatistics.ProcessesPerMode"/> processes or more, fastest first.</summary>
    private static string? ModesProblem(IReadOnlyList<ResultCell> cells)
    {
        for (var i = 0; i < cells.Count; i++)
        {
            if (cells[i].Modes is not { } modes)
            {
                continue;
            }

            var path = $"$.cells[{i}].modes";
            if (modes.Count != 2)
            {
                return $"{path}: holds {modes.Count}; a cell with two speeds lists exactly two modes (none for one speed)";
            }

            if (modes.Select((m, k) => (m, k)).FirstOrDefault(x => x.m.MeanNs <= 0 || x.m.Processes < RoundStatistics.ProcessesPerMode) is ({ } mode, var index))
            {
                return mode.MeanNs <= 0
                    ? $"{path}[{index}].meanNs: 0; a speed is a time above zero"
                    : $"{path}[{index}].processes: {mode.Processes}; a speed needs {RoundStatistics.ProcessesPerMode} processes or more";
            }

            if (modes[0].MeanNs >= modes[1].MeanNs)
            {
                return $"{path}: the first mode is not the faster; modes are listed fastest first, two different speeds";
            }

            if (modes[1].MeanNs <= modes[0].MeanNs * RoundStatistics.RemeasureRatio)
            {
                return $"{path}: the modes are {modes[1].MeanNs / modes[0].MeanNs:0.###}× apart; two speeds are more than {RoundStatistics.RemeasureRatio}× apart (one speed lists no modes)";
            }
        }

        return null;
    }

    // Schema 1 cells name no runtime: they ran just in time on the environment's. Before schema 3 there are no bounds.
    private static ResultsDocument WithRuntimes(ResultsDocument document)
    {
        var runtime = RuntimeTarget.FromDescription(document.Environment.Runtime)?.Name ?? document.Environment.Runtime;
        for (var i = 0; i < document.Cells.Count; i++)
        {
            if (document.Cells[i].Runtime is null)
            {
                document.Cells[i] = document.Cells[i] with { Runtime = runtime };
            }

            // Files before schema 3 carry only Error: their bounds are derived as SerBench builds them.
            if (document.Cells[i] is { LowNs: null, MeanNs: { } mean, ErrorNs: { } error } cell && mean > 0)
            {
                var modes = cell.Modes is { Count: > 1 } m ? m.Select(x => RoundStatistics.BoundsFromError(x.MeanNs, x.ErrorNs)).ToList() : [RoundStatistics.BoundsFromError(mean, error)];
                document.Cells[i] = cell with { LowNs = modes.Min(b => b.LowNs), HighNs = modes.Max(b => b.HighNs) };
            }
        }

        return document;
    }

    // A full default run writes a few megabytes, and the whole file is held as a DOM.
    public const long MaxBytes = 256L * 1024 * 1024;

    private static JsonDocument Parse(string path)
    {
        if (Directory.Exists(path))
        {
            var inside = Path.Combine(path, "results.json");
            throw new ResultsFileException($"'{path}' is a folder, not a results file" +
                                           (File.Exists(inside) ? $"; did you mean '{inside}'?" : "; give the results.json that 'serbench run' wrote."));
        }

        if (!File.Exists(path))
        {
            throw new ResultsFileException($"Results file '{path}' does not exist.");
        }

        try
        {
            using var stream = Core.Files.InputFile.OpenJson(path, MaxBytes, "a results file");
            return JsonDocument.Parse(stream);
        }
        catch (Core.Files.InputFileException exception)
        {
            throw new ResultsFileException($"'{path}' {exception.Message}.");
        }
        catch (JsonException exception)
        {
            throw new ResultsFileException($"'{path}' is not valid JSON (truncated, nested too deep, or not a results file): {Core.Files.JsonErrorText.Describe(exception)}");
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
        {
            throw new ResultsFileException($"Cannot read results file '{path}': {FirstLine(exception.Message)}");
        }
    }

    private static void CheckSchema(string path, JsonElement root)
    {
        if (root.ValueKind == JsonValueKind.Object && root.TryGetProperty("schemaVersion", out var given) && given.ValueKind != JsonValueKind.Number)
        {
            throw new ResultsFileException($"'{path}' has schemaVersion {ContractValidator.Shorten(given.GetRawText())}, which is not a number; expected {ResultsDocument.CurrentSchemaVersion}.");
        }

        if (root.ValueKind != JsonValueKind.Object || !root.TryGetProperty("schemaVersion", out var version) || version.ValueKind != JsonValueKind.Number)
        {
            throw new ResultsFileException($"'{path}' is not a SerBench results file: it has no schemaVersion (expected {ResultsDocument.CurrentSchemaVersion}).");
        }

        if (!version.TryGetInt32(out var number) || number < ResultsDocument.OldestReadableSchemaVersion || number > ResultsDocument.CurrentSchemaVersion)
        {
            throw new ResultsFileException(
                $"'{path}' has schema version {ContractValidator.Shorten(version.GetRawText())}; this SerBench reads versions {ResultsDocument.OldestReadableSchemaVersion} to {ResultsDocument.CurrentSchemaVersion}. Re-run it, or use the SerBench version that wrote it.");
        }
    }

    private static string? CellProblem(JsonElement root)
    {
        var merged = root.TryGetProperty("sources", out var sources) && sources.ValueKind == JsonValueKind.Array;
        var machines = new HashSet<string?>(StringComparer.Ordinal);
        var labels = merged ? sources.EnumerateArray().Select(s => s.GetProperty("machine")).ToList() : [];
        for (var i = 0; i < labels.Count; i++)
        {
            // A cell finds its source by the machine label, so two sources may not share one.
            if (!machines.Add(labels[i].GetString()))
            {
                return $"$.sources[{i}].machine: {ContractValidator.Shorten(labels[i].GetRawText())} names an earlier source too";
            }
        }

        var index = 0;
        foreach (var cell in root.GetProperty("cells").EnumerateArray())
        {
            var path = $"$.cells[{index++}]";
            if (cell.GetProperty("count").GetInt32() < 1)
            {
                return $"{path}.count: must be at least 1";
            }

            if (cell.TryGetProperty("runtime", out var runtime) && runtime.ValueKind == JsonValueKind.String && RuntimeTarget.TryParse(runtime.GetString()) is null)
            {
                return $"{path}.runtime: {ContractValidator.Shorten(runtime.GetRawText())} is not a runtime name (net8.0, net9.0-aot, …)";
            }

            if (cell.TryGetProperty("machine", out var machine) && machine.ValueKind == JsonValueKind.String && !machines.Contains(machine.GetString()))
            {
                return $"{path}.machine: {ContractValidator.Shorten(machine.GetRawText())} is not one of $.sources[*].machine";
            }

            if (merged && (!cell.TryGetProperty("machine", out machine) || machine.ValueKind != JsonValueKind.String))
            {
                return $"{path}.machine: missing; every cell of a merged file (one with $.sources) names its source's machine";
            }
        }

        return null;
    }

    private static ResultsFileException Invalid(string path, string kind, string problem) =>
        new($"'{path}' is not a valid {kind}: {problem}.");

    private static ComparableCell FromSerBench(ResultCell cell, string? ownRuntime) =>
        new(cell.Study, KeyOf(cell, ownRuntime), cell.Status, cell.MeanNs, cell.ErrorNs, cell.IterationsNs, cell.AllocatedBytes, cell.PayloadBytes, cell.RoundsNs, cell.Key, cell.LowNs, cell.HighNs);

    private static string FirstLine(string text) => text.Split('\n')[0].Trim();
}
