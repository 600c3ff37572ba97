using System.Globalization;
using System.Text.Json;
using SerBench.Measurement;
using SerBench.Results;
using SerBench.Running;

namespace SerBench.Cli;

/// <summary>
/// Measures one case in a child <c>serbench run</c>, narrowed to that case and told not to isolate again. The child
/// writes its own results.json after every cell, so whatever it finished before dying is read back and kept.
/// </summary>
internal sealed class ChildProcessCaseRunner(string outputDirectory) : IIsolatedCaseRunner
{
    /// <summary>Generous: a quick case takes seconds, a full one a few minutes; beyond this the child is hung.</summary>
    private static readonly TimeSpan Timeout = TimeSpan.FromMinutes(15);

    private int _launched;

    public IsolatedCaseResult Run(PlannedCase planned, MeasurementProfile profile, CancellationToken cancellation)
    {
        var directory = Path.Combine(outputDirectory, "isolated", (++_launched).ToString("000", CultureInfo.InvariantCulture) + "-" + planned.Contender.Name);
        Directory.CreateDirectory(directory);
        var workload = planned.Workload;
        var outcome = SelfProcess.Run(
        [
            "run", "--study", planned.Study.Name, "--contenders", planned.Contender.Name, "--payloads", workload.Payload.Name,
            "--shapes", RunRequest.ShapeName(workload.Shape), "--sizes", workload.Count.ToString(CultureInfo.InvariantCulture),
            "--ops", string.Join(",", planned.Operations.Select(RunRequest.OperationName)), "--profile", profile.Name,
            "--out", directory, SelfProcess.InProcessOption,
        ], Timeout, cancellation);
        File.WriteAllText(Path.Combine(directory, "console.log"), outcome.Output + outcome.Error);
        return new IsolatedCaseResult(ReadCells(directory), outcome.Failure);
    }

    private static IReadOnlyList<ResultCell> ReadCells(string directory)
    {
        var path = Path.Combine(directory, "results.json");
        if (!File.Exists(path))
        {
            return [];
        }

        try
        {
            using var stream = File.OpenRead(path);
            return ResultsJson.Read(stream).Cells;
        }
        catch (JsonException)
        {
            return [];
        }
    }
}
