using System.Globalization;
using System.Runtime.CompilerServices;
using SerBench.Core.Measurement;
using SerBench.Core.Results;
using SerBench.Core.Statistics;
using SerBench.Core.Studies;
using SerBench.Reports.Verdict;

namespace SerBench.Reports;

// One study's slices (one per platform) and its runtimes side by side; no findings or tables with one runtime.
internal sealed record StudyPart(string Name, IReadOnlyList<StudySlice> Slices, IReadOnlyList<string> RuntimeFindings, IReadOnlyList<TableModel> RuntimeTables);

/// <summary>
/// A results document read once, as BenchmarkDotNet's Summary: slices, the verdict (cases ranked with their ratio
/// intervals, standings, geometric means, What to use, upgrades), decisiveness and runtimes compared. The reports, the
/// charts and the console render it and compute nothing themselves.
/// </summary>
internal sealed record RunSummary(
    ResultsDocument Document,
    IReadOnlyList<StudyPart> Studies,
    RunVerdict Verdict,
    string? ConditionsWarning,
    IReadOnlyList<(string Label, string Text)> Details,
    string? Decisive,
    IReadOnlyList<string> Undecided)
{
    // Lets a test count the builds of one command (issue 43: one per report or run) while other tests build their own.
    internal static readonly AsyncLocal<StrongBox<int>?> Builds = new();

    private const int ListedPairs = 30;

    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    public IEnumerable<StudySlice> Slices => Studies.SelectMany(s => s.Slices);

    /// <summary>What a report warns of first: a smoke run, a busy machine, a debug build.</summary>
    public IEnumerable<string> Warnings => new[]
    {
        Verdict.Caution, ConditionsWarning,
        Document.Environment.BuildConfiguration != "Release" ? "SerBench was built without optimizations; these numbers are not fit for comparison." : null,
    }.OfType<string>();

    public IReadOnlyList<StudyVerdict> VerdictsOf(StudySlice slice) => [.. Verdict.Studies.Where(v => v.Slice.Key == slice.Key)];

    /// <param name="document">The results, validated.</param>
    /// <param name="stop">Checked per study section, so a stop lands within one section's work.</param>
    public static RunSummary Of(ResultsDocument document, CancellationToken stop = default)
    {
        _ = Builds.Value is { } builds ? Interlocked.Increment(ref builds.Value) : 0;
        // Split by platform only when the file holds more than one; cells carry the measured NativeAotLabel.
        var cells = NativeAotLabel.Measured(document.Cells);
        var several = cells.Select(PlatformOf).Distinct().Skip(1).Any();
        List<StudySlice> slices = [.. from study in cells.GroupBy(c => c.Study)
                                      from platform in study.GroupBy(c => several ? PlatformOf(c) : "")
                                      select new StudySlice(StudyDefinition.Resolve(document, study.Key), several ? platform.Key : null, [.. platform])];
        var studies = slices.GroupBy(s => s.Study.Name).Select(study =>
        {
            stop.ThrowIfCancellationRequested();
            List<ResultCell> studyCells = [.. study.SelectMany(s => s.Cells)];
            return new StudyPart(study.Key, [.. study], RuntimeComparison.Findings(studyCells), RuntimeComparison.Tables(studyCells));
        });
        var decisiveness = document.Profile == RunVerdict.UnrankedProfile ? null : Decisiveness.Of(document.Cells);
        return new RunSummary(document, [.. studies], RunVerdict.Of(document, slices, stop), RunConditions.Warning(document), [.. Environment(document), .. RunConditions.Describe(document)],
            decisiveness is null ? null : DecisiveLine(document, decisiveness), decisiveness is null ? [] : UndecidedLines(document, decisiveness));
    }

    private static string PlatformOf(ResultCell cell) => cell.Machine is null ? cell.Runtime ?? "" : $"{cell.Runtime} · {cell.Machine}";

    private static IEnumerable<(string, string)> Environment(ResultsDocument document)
    {
        var env = document.Environment;
        yield return ("Tool", $"{document.Tool.Name} {document.Tool.Version}" + (document.Tool.Commit is { } commit ? $" ({commit})" : ""));
        yield return ("Runtime", $"{env.Runtime} ({env.Architecture}) on {env.Os}");
        yield return ("CPU", $"{env.CpuModel}, {env.LogicalCores} logical cores");
        yield return ("Runtime knobs", Formatting.Knobs(env));
        yield return ("Measured with", $"{env.MeasurementEngine}; build: {env.BuildConfiguration}");
        yield return ("Packages", string.Join(", ", document.Packages.Select(p => $"{p.Key} {p.Value}")));
    }

    /// <summary>"Decisive: separated 92% of the 412 pairs 1.5× or more apart …"; null for a run with no two contenders in a case.</summary>
    private static string? DecisiveLine(ResultsDocument document, Decisiveness decisiveness)
    {
        var budget = document.Budget;
        var notMeasured = budget?.NotMeasured.Count ?? 0;
        if (decisiveness.Pairs == 0 && notMeasured == 0)
        {
            return null;
        }

        var line = decisiveness.Pairs == 0
            ? document.Cells.Any(c => c.MeanNs is not null && c.Operation != Operation.FirstCall) ? "No two contenders of one case are 1.5× apart." : "Nothing was compared: no cell was timed."
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
    private static IReadOnlyList<string> UndecidedLines(ResultsDocument document, Decisiveness decisiveness)
    {
        var undecided = decisiveness.Undecided.OrderByDescending(p => p.Interval.Ratio).ToList();
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
