using System.Globalization;
using SerBench.Core.Measurement;
using SerBench.Core.Results;
using SerBench.Core.Statistics;

namespace SerBench.Reports.Verdict;

internal static class RunDecisiveness
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    public const int ListedPairs = 30;

    /// <summary>"Decisive: separated 92% of the 412 pairs 1.5× or more apart …"; null for a smoke run or one with no two contenders in a case.</summary>
    public static string? Line(ResultsDocument document)
    {
        if (document.Profile == RunVerdict.UnrankedProfile)
        {
            return null;
        }

        var decisiveness = Decisiveness.Of(document.Cells);
        var budget = document.Budget;
        var notMeasured = budget?.NotMeasured.Count ?? 0;
        if (decisiveness.Pairs == 0 && notMeasured == 0)
        {
            return null;
        }

        var line = decisiveness.Pairs == 0
            ? "No two contenders of one case are 1.5× apart."
            : string.Create(Invariant, $"Separated {decisiveness.Share:0%} of the {decisiveness.Pairs} pairs of contenders {Decisiveness.DecisiveRatio:0.#}× or more apart in one case, at the verdict's 99% confidence") +
              (decisiveness.Undecided.Count == 0 ? "." : $"; {decisiveness.Undecided.Count} undecided, listed under Details.");
        if (budget is { RanOut: true })
        {
            line += $" The {Durations.Format(TimeSpan.FromSeconds(budget.Seconds))} budget ran out" +
                    (notMeasured > 0 ? $" before {notMeasured} cell(s) were measured (listed under Details)." : " while some verdicts were still open.");
        }

        if (decisiveness.Share < 0.9)
        {
            line += " A quieter machine, or a longer --budget (more rounds for the open pairs), would decide more.";
        }

        return line;
    }

    /// <summary>Closest to decided first, then the cells the budget left unmeasured.</summary>
    public static IReadOnlyList<string> Details(ResultsDocument document)
    {
        if (document.Profile == RunVerdict.UnrankedProfile)
        {
            return [];
        }

        var undecided = Decisiveness.Of(document.Cells).Undecided.OrderByDescending(p => p.Interval.Ratio).ToList();
        var lines = undecided.Take(ListedPairs)
            .Select(p => $"Undecided: {p.Faster.Study} · {CellText.Name(p.Faster.Operation)} · {p.Faster.Payload} · {CellText.Case(p.Faster.Shape, p.Faster.Count)}: " +
                         $"{p.Faster.Contender} against {p.Slower.Contender}, {p.Interval}")
            .ToList();
        if (undecided.Count > ListedPairs)
        {
            lines.Add($"Undecided: {undecided.Count - ListedPairs} more pair(s) (every pair: the shared verdict-check tool, or results.json's lowNs and highNs)");
        }

        lines.AddRange((document.Budget?.NotMeasured ?? []).Select(label => $"Not measured (budget ran out): {label}"));
        return lines;
    }
}
