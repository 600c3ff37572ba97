using SerBench.Running;
using SerBench.Verification;

namespace SerBench.FirstCall;

/// <summary>
/// <c>serbench first-call</c>: for each contender and payload of a plan (the first study that pairs them sets the
/// conventions), the first use timed in several fresh processes, each sample kept. A contender that fails the gate, or
/// whose fresh process dies, gets its verdict instead of samples.
/// </summary>
public static class FirstCallSampler
{
    /// <param name="plan">The cases; one row per contender and payload.</param>
    /// <param name="launches">Fresh processes per row.</param>
    /// <param name="launcher">Starts each fresh process.</param>
    /// <param name="log">One line per contender and payload, before it starts.</param>
    /// <param name="cancellation">Stops between processes.</param>
    public static IReadOnlyList<FirstCallResult> Run(IReadOnlyList<PlannedCase> plan, int launches, IFirstCallLauncher launcher, Action<string>? log = null,
        CancellationToken cancellation = default)
    {
        var pairs = plan.GroupBy(p => (p.Contender.Name, p.Workload.Payload.Name)).Select(g => g.First()).ToList();
        var results = new List<FirstCallResult>();
        foreach (var planned in pairs)
        {
            log?.Invoke($"[{results.Count + 1}/{pairs.Count}] {planned.Contender.Name} · {planned.Workload.Payload.Name}");
            var contender = planned.Contender;
            // Unavailable contenders are reported as such; crash-prone ones are gated by their own probe process.
            var verdict = contender.UnavailableReason is { } unavailable ? new Verdict(VerificationStatus.Unavailable, unavailable)
                : planned.NeedsChildProcess ? Verdict.Ok
                : Gate.Verify([planned with { Workload = planned.Workload with { Shape = Payloads.Shape.Object, Count = 1 } }])[0].Verdict;
            var samples = new List<FirstCallSample>();
            string? failure = null;
            for (var i = 0; verdict.IsTimed && failure is null && i < launches; i++)
            {
                var launch = launcher.Launch(planned, cancellation);
                if (launch.Sample is { } sample)
                {
                    samples.Add(sample);
                }
                else
                {
                    failure = launch.Failure;
                }
            }

            results.Add(new FirstCallResult(contender.Name, contender.Library, PlannedCells.GenerationName(contender.Generation), planned.Workload.Payload.Name,
                failure is null ? samples : [], failure is null ? verdict.Status : VerificationStatus.Crash, failure ?? verdict.Reason));
        }

        return results;
    }
}
