using System.Globalization;
using SerBench.Measurement;
using SerBench.Reports;
using SerBench.Results;
using SerBench.Statistics;
using SerBench.Verification;

namespace SerBench.FirstCall;

/// <summary>One contender on one payload: the samples of its fresh processes, or why it has none.</summary>
public sealed record FirstCallResult(string Contender, string Library, string Generation, string Payload, IReadOnlyList<FirstCallSample> Samples,
    VerificationStatus Status, string? Reason)
{
    /// <summary>The status as every output prints it (<c>OK</c>, <c>CRASH</c>, …).</summary>
    public string StatusLabel => CellText.Label(Status);
}

/// <summary>The first-call results as a table: medians over the fresh processes, with the range of the total.</summary>
public static class FirstCallTable
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    public static TableModel Build(IReadOnlyList<FirstCallResult> results, int launches)
    {
        var footnotes = new List<string>
        {
            $"Median over {launches} fresh processes per row (the payload is generated before timing). Total range = fastest–slowest process.",
        };
        var rows = results
            .OrderBy(r => r.Payload, StringComparer.Ordinal)
            .ThenBy(r => r.Samples.Count == 0 ? double.MaxValue : Median(r.Samples.Select(s => s.TotalMicroseconds)))
            .Select(r =>
            {
                if (r.Samples.Count == 0)
                {
                    footnotes.Add($"{r.Contender}: {r.StatusLabel}" + (r.Reason is null ? "" : " — " + r.Reason));
                    return (IReadOnlyList<string>)[r.Contender, r.Payload, r.Generation, "—", "—", "—", "—", "—", $"{r.StatusLabel} [{footnotes.Count}]"];
                }

                var totals = r.Samples.Select(s => s.TotalMicroseconds).ToList();
                return (IReadOnlyList<string>)
                [
                    r.Contender, r.Payload, r.Generation,
                    Milliseconds(Median(r.Samples.Select(s => s.CreateMicroseconds))),
                    Milliseconds(Median(r.Samples.Select(s => s.SerializeMicroseconds))),
                    Milliseconds(Median(r.Samples.Select(s => s.DeserializeMicroseconds))),
                    Milliseconds(Median(totals)),
                    $"{Milliseconds(totals.Min())}–{Milliseconds(totals.Max())}",
                    r.StatusLabel,
                ];
            })
            .ToList();
        return new TableModel("First-call cost in a fresh process (ms)", ["Contender", "Payload", "Generation", "Create", "1st serialize", "1st deserialize", "Total", "Total range", "Status"], rows, footnotes);
    }

    private static double Median(IEnumerable<double> values) => RoundStatistics.Median([.. values]);

    private static string Milliseconds(double microseconds) => (microseconds / 1000).ToString(microseconds >= 10_000 ? "0.0" : "0.00", Invariant);
}
