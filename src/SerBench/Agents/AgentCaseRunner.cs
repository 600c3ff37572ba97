using SerBench.Core.Agents;
using SerBench.Core.Measurement;
using SerBench.Core.Results;
using SerBench.Core.Running;
using SerBench.Core.Studies;
using SerBench.Core.Verification;

namespace SerBench.Agents;

/// <summary>A contender's cases in one child; if it died, each case it did not reach runs alone, so a crash costs only its own cells.</summary>
internal sealed class AgentCaseRunner(IAgentClient client)
{
    /// <summary>How the last measuring process's warm-up ended, as it said.</summary>
    public string? LastWarmUp { get; private set; }

    /// <summary>The last measuring process's fastest reading of its host's speed.</summary>
    public double? LastFastestCanaryNs { get; private set; }

    /// <summary>The last measuring process's harness calibration, when it was asked for one.</summary>
    public CellMeasurement? LastCalibration { get; private set; }

    /// <summary><paramref name="passed"/>: every case passed the gate in an earlier process of this run.</summary>
    public IEnumerable<(PlannedCase Case, Operation Operation, CellRound Round)> Measure(IReadOnlyList<PlannedCase> group, MeasurementProfile profile, int process,
        bool passed, CancellationToken cancellation, bool calibrate = false) =>
        // A case sent again alone after its group's process died does not calibrate: the round has one calibration, the group's.
        Run(group, cases => AgentRequest.Run(cases, profile, process, passed, calibrate && cases.Count == group.Count), planned => planned.Operations, "measuring", cancellation);

    /// <summary>Gates the cases (verify mode): one cell per case, under its first operation, with its gate outcome and payload size.</summary>
    public IEnumerable<(PlannedCase Case, Operation Operation, ResultCell Cell)> Verify(IReadOnlyList<PlannedCase> group, CancellationToken cancellation) =>
        Run(group, AgentRequest.Verify, planned => [planned.Operations[0]], "verifying", cancellation).Select(r => (r.Case, r.Operation, r.Round.Described));

    private IEnumerable<(PlannedCase Case, Operation Operation, CellRound Round)> Run(IReadOnlyList<PlannedCase> group, Func<IReadOnlyList<PlannedCase>, AgentRequest> request,
        Func<PlannedCase, IReadOnlyList<Operation>> operations, string doing, CancellationToken cancellation)
    {
        var answer = client.Send(request(group), cancellation);
        LastWarmUp = answer.Reply?.WarmUp;
        LastFastestCanaryNs = answer.Reply?.FastestCanaryNs;
        LastCalibration = answer.Reply?.Calibration;
        foreach (var planned in group)
        {
            AgentAnswer? alone = null;
            foreach (var operation in operations(planned))
            {
                var cell = PlannedCells.Find(answer.Reply?.Rounds ?? [], planned, operation);
                if (cell is null && answer.Failure is not null && !cancellation.IsCancellationRequested)
                {
                    alone ??= client.Send(request([planned]), cancellation);
                    cell = PlannedCells.Find(alone.Reply?.Rounds ?? [], planned, operation);
                }

                if (cell is null && cancellation.IsCancellationRequested)
                {
                    yield break;
                }

                yield return (planned, operation, cell ?? new CellRound(PlannedCells.Describe(planned, operation, new GateOutcome(VerificationStatus.Crash,
                    $"the separate process {doing} this contender ended before this cell: " + (alone?.Failure ?? answer.Failure ?? "no result written")))));
            }
        }
    }
}
