using System.Runtime.CompilerServices;
using SerBench.Core.Contenders;
using SerBench.Core.Payloads;
using SerBench.Core.Results;
using SerBench.Core.Running;
using SerBench.Core.Studies;

namespace SerBench.Running;

/// <summary>Expands a <see cref="RunRequest"/> into the cases to verify and measure, baseline first in every group.</summary>
internal static class RunPlan
{
    // Lets a test count the plans of one command (issue 43: one per run, verify or first-call) while other tests plan their own.
    internal static readonly AsyncLocal<StrongBox<int>?> Builds = new();

    public static IReadOnlyList<PlannedCase> Create(RunRequest request)
    {
        _ = Builds.Value is { } builds ? Interlocked.Increment(ref builds.Value) : 0;
        var cases = new List<PlannedCase>();
        // Every cell the other filters leave, as --cells names them: a pattern that keeps none of them is a mistake.
        var offered = new List<CellKey>();
        foreach (var study in request.Studies)
        {
            var contenders = request.Contenders ?? [.. study.Contenders.Select(name => request.Find(name) ?? ContenderRegistry.Missing(name))];
            if (study.IsUserData && request.Contenders is not null)
            {
                // --data makes a study of document models and one of typed objects: each keeps the named contenders of its own kind.
                contenders = [.. contenders.Where(c => study.Contenders.Contains(c.Name, StringComparer.OrdinalIgnoreCase))];
                if (contenders.Count == 0)
                {
                    continue;
                }
            }

            var baseline = contenders.Any(c => c.Name == study.Baseline) ? study.Baseline : contenders[0].Name;
            var ordered = contenders.OrderBy(c => c.Name == baseline ? 0 : 1).ToList();
            var firstCalls = new HashSet<string>(StringComparer.Ordinal);
            foreach (var workload in Workloads(study, request))
            {
                // A payload's first workload offers its first call too; without --ops it comes from the profile, after the steady-state cells.
                var operations = (firstCalls.Add(workload.Payload.Name) ? workload.Operations.Append(Operation.FirstCall) : workload.Operations)
                    .Where(o => request.Operations?.Contains(o) ?? o != Operation.FirstCall).ToList();
                if (operations.Count == 0)
                {
                    continue;
                }

                offered.AddRange(from contender in ordered from operation in operations select KeyOf(study, contender, workload, operation));
                cases.AddRange(from runtime in request.Runtimes
                               from contender in ordered
                               let kept = Selected(request.Cells, study, contender, workload, operations)
                               where kept.Count > 0
                               select new PlannedCase(study, contender, workload, kept, baseline) { Runtime = runtime });
            }
        }

        if (request.Cells is { } cells && cells.Unmatched(offered) is { Count: > 0 } unmatched)
        {
            throw new UsageException($"--cells {string.Join(", ", unmatched)} matches no cell of the studies run; 'serbench list' shows their " +
                                     "contenders, payloads, shapes, counts and operations (study/contender/payload/shape/count/operation, an object's count is 1).");
        }

        if (cases.Count == 0)
        {
            throw new UsageException(NothingToRun(request));
        }

        return cases;
    }

    private static IReadOnlyList<Operation> Selected(CellSelection? cells, Study study, Contender contender, Workload workload, IReadOnlyList<Operation> operations) =>
        cells is null ? operations : [.. operations.Where(o => cells.Keeps(KeyOf(study, contender, workload, o)))];

    private static CellKey KeyOf(Study study, Contender contender, Workload workload, Operation operation) => operation == Operation.FirstCall
        ? new(study.Name, contender.Name, workload.Payload.Name, Shape.Object, 1, operation)
        : new(study.Name, contender.Name, workload.Payload.Name, workload.Shape, workload.CellCount, operation);

    private static string NothingToRun(RunRequest request)
    {
        if (request.Contenders is not null && request.Studies.All(s => s.IsUserData))
        {
            return $"Nothing to run: none of the contenders named belongs to the studies of your data. " +
                   string.Join("; ", request.Studies.Select(s => $"{s.Name} takes {string.Join(",", s.Contenders)}")) + ".";
        }

        string Offered(Func<Workload, IEnumerable<string>> values) =>
            string.Join("; ", request.Studies.Select(s => $"{s.Name}: {string.Join(",", s.Workloads.SelectMany(values).Distinct())}"));

        var shapesLeft = request.Shapes is null || request.Studies.Any(s => s.Workloads.Any(w => request.Shapes.Contains(w.Shape)));
        return shapesLeft
            ? $"Nothing to run: no study workload has the requested operations. Valid operations per study: {Offered(w => w.Operations.Select(CellText.Name))}."
            : $"Nothing to run: no study has the requested shapes ({string.Join(",", request.Shapes!.Select(CellText.Name))}). " +
              $"Valid shapes per study: {Offered(w => [CellText.Name(w.Shape)])}.";
    }

    private static IEnumerable<Workload> Workloads(Study study, RunRequest request)
    {
        var shapes = study.Workloads
            .Where(w => request.Shapes is null || request.Shapes.Contains(w.Shape))
            .Select(w => (w.Shape, w.Count, w.Operations)).Distinct().ToList();
        var seen = new HashSet<(PayloadModel, Shape, int)>();
        IReadOnlyList<PayloadModel> own = [.. study.Workloads.Select(w => w.Payload).Distinct()];
        // A study of the user's documents keeps its own payloads: --payloads picks among its data sets by name.
        var payloads = request.Payloads is null ? own
            : study.IsUserData ? [.. own.Where(p => request.Payloads.Any(r => r.Name == p.Name))]
            : request.Payloads;
        foreach (var payload in payloads)
        {
            foreach (var (shape, count, operations) in shapes)
            {
                // --sizes replaces every N (--threads a threads case's), so a study with several N of one shape would repeat a workload: keep the first.
                var replaced = shape == Shape.Threads ? request.Threads : shape == Shape.Object ? null : request.Sizes;
                foreach (var size in replaced ?? [count])
                {
                    if (seen.Add((payload, shape, size)))
                    {
                        yield return new Workload(payload, shape, size, operations);
                    }
                }
            }
        }
    }
}
