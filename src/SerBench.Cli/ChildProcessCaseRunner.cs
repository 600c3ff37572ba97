using System.Globalization;
using SerBench.Comparison;
using SerBench.Measurement;
using SerBench.Packs;
using SerBench.Results;
using SerBench.Running;

namespace SerBench.Cli;

/// <summary>
/// Measures cases in a child <c>serbench run</c> told not to isolate again: a whole group (one contender in one study,
/// with this run's own --payloads/--sizes/--shapes/--ops, so the child plans exactly the same cases), or one case. The
/// child writes its own results.json after every cell, so whatever it finished before dying is read back and kept.
/// </summary>
internal sealed class ChildProcessCaseRunner(string outputDirectory, RunRequest request, AgentBuild? agent) : IIsolatedCaseRunner
{
    private int _launched;

    public IsolatedCaseResult RunGroup(IReadOnlyList<PlannedCase> cases, MeasurementProfile profile, CancellationToken cancellation)
    {
        var first = cases[0];
        List<string> arguments = ["run", "--study", first.Study.Name, "--contenders", first.Contender.Name];
        AddList(arguments, "--payloads", request.Payloads?.Select(p => p.Name));
        AddList(arguments, "--sizes", request.Sizes?.Select(s => s.ToString(CultureInfo.InvariantCulture)));
        AddList(arguments, "--shapes", request.Shapes?.Select(RunRequest.ShapeName));
        AddList(arguments, "--ops", request.Operations?.Select(RunRequest.OperationName));
        return RunChild(first.Contender, arguments, profile, cases.Sum(c => c.Operations.Count), cancellation);
    }

    public IsolatedCaseResult Run(PlannedCase planned, MeasurementProfile profile, CancellationToken cancellation)
    {
        var workload = planned.Workload;
        return RunChild(planned.Contender,
        [
            "run", "--study", planned.Study.Name, "--contenders", planned.Contender.Name, "--payloads", workload.Payload.Name,
            "--shapes", RunRequest.ShapeName(workload.Shape), "--sizes", workload.Count.ToString(CultureInfo.InvariantCulture),
            "--ops", string.Join(",", planned.Operations.Select(RunRequest.OperationName)),
        ], profile, planned.Operations.Count, cancellation);
    }

    /// <summary>
    /// Runs the child; it is considered hung after the profile's per-cell timeout for each of its cells, plus a minute
    /// for start-up and the correctness gate.
    /// </summary>
    private IsolatedCaseResult RunChild(Contenders.Contender contender, List<string> arguments, MeasurementProfile profile, int cells, CancellationToken cancellation)
    {
        var directory = Path.Combine(outputDirectory, "isolated", (++_launched).ToString("000", CultureInfo.InvariantCulture) + "-" + contender.Name);
        Directory.CreateDirectory(directory);
        arguments.AddRange(["--profile", profile.Name, "--out", directory, SelfProcess.InProcessOption]);
        // A pack contender runs in the agent built from the packs; a built-in one in SerBench itself. Same arguments, same results file.
        var outcome = SelfProcess.Run(arguments, profile.Timeout * cells + TimeSpan.FromMinutes(1), cancellation, contender is PackContender ? agent : null);
        File.WriteAllText(Path.Combine(directory, "console.log"), outcome.Output + outcome.Error);
        return new IsolatedCaseResult(ReadCells(directory), outcome.Failure);
    }

    private static void AddList(List<string> arguments, string option, IEnumerable<string>? values)
    {
        if (values is not null)
        {
            arguments.AddRange([option, string.Join(",", values)]);
        }
    }

    /// <summary>The cells the child wrote; none when it died before writing a readable results.json.</summary>
    private static IReadOnlyList<ResultCell> ReadCells(string directory)
    {
        try
        {
            return ResultsFileReader.ReadDocument(Path.Combine(directory, "results.json")).Cells;
        }
        catch (ResultsFileException)
        {
            return [];
        }
    }
}
