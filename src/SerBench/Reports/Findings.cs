using System.Globalization;
using SerBench.Results;
using SerBench.Studies;

namespace SerBench.Reports;

/// <summary>
/// One-sentence findings generated from a study's cells: who is fastest in each case, by how much against the
/// baseline (with the 99.9% confidence interval of the ratio), who is statistically tied, and which contenders were
/// not ranked because their status is not OK.
/// </summary>
public static class Findings
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    public static IReadOnlyList<string> For(StudyDefinition study, IReadOnlyList<ResultCell> cells)
    {
        var (ranked, notRanked) = Split(study, cells);
        return [.. ranked, .. notRanked];
    }

    /// <summary>The ranking sentences, and apart from them one sentence per contender that was not ranked (status and reason).</summary>
    public static (IReadOnlyList<string> Ranked, IReadOnlyList<string> NotRanked) Split(StudyDefinition study, IReadOnlyList<ResultCell> cells)
    {
        // A study with sections (the shootout: JSON, then binary formats) is ranked within each section.
        var findings = new List<string>();
        foreach (var (title, _, sectionCells) in StudySections.Of(study, cells))
        {
            findings.AddRange(Ranked(sectionCells).Select(f => (title.Length == 0 ? "" : title + ": ") + f));
        }

        var notRanked = new List<string>();
        foreach (var unranked in cells.Where(c => !IsRankable(c)).GroupBy(c => (c.Contender, c.Status, c.Reason)))
        {
            var (contender, status, reason) = unranked.Key;
            var scope = unranked.Select(Workload).Distinct().ToList();
            notRanked.Add($"{contender} is not ranked: {status}" + (reason is null ? "" : $" — {reason}") +
                          (scope.Count <= 3 ? $" ({string.Join(", ", scope)})" : "") + ".");
        }

        return (findings, notRanked);
    }

    private static IEnumerable<string> Ranked(IReadOnlyList<ResultCell> cells)
    {
        foreach (var group in cells.GroupBy(c => (c.Payload, c.Shape, c.Count, c.Operation)))
        {
            var ranked = group.Where(c => IsRankable(c) && !c.Reference).OrderBy(c => c.MeanNs).ToList();
            if (ranked.Count == 0)
            {
                continue;
            }

            var fastest = ranked[0];
            var what = $"{Verb(fastest.Operation)} {Workload(fastest)}";
            var infinitive = $"{Infinitive(fastest.Operation)} {Workload(fastest)}";
            var tied = ranked.Skip(1).Where(c => Ties.Overlap(fastest, c)).Select(c => c.Contender).ToList();
            var sentence = new List<string>();
            var baseline = ranked.FirstOrDefault(c => c.Contender == fastest.Baseline);
            if (baseline is not null && baseline != fastest)
            {
                sentence.Add($"{fastest.Contender} {what} {Times(baseline.MeanNs!.Value / fastest.MeanNs!.Value)} faster than {baseline.Contender} " +
                             $"(99.9% CI {RatioInterval(baseline, fastest)})" + AllocationClause(fastest, baseline));
            }
            else if (ranked.Count > 1)
            {
                var second = ranked[1];
                sentence.Add($"{fastest.Contender}{(fastest.Contender == fastest.Baseline ? " (the baseline)" : "")} is fastest to {infinitive}, " +
                             $"{Times(second.MeanNs!.Value / fastest.MeanNs!.Value)} ahead of {second.Contender} (99.9% CI {RatioInterval(second, fastest)})");
            }
            else
            {
                sentence.Add($"{fastest.Contender} is the only ranked contender to {infinitive}: {Formatting.Number(fastest.MeanNs!.Value, "N0")} ns");
            }

            if (tied.Count > 0)
            {
                sentence.Add($"statistically tied with {string.Join(", ", tied)} (99.9% confidence intervals overlap)");
            }

            if (group.Where(c => IsRankable(c) && c.Reference).OrderBy(c => c.MeanNs).FirstOrDefault() is { } reference)
            {
                var gap = fastest.MeanNs!.Value / reference.MeanNs!.Value;
                sentence.Add(Ties.Overlap(fastest, reference)
                    ? $"it is tied with the reference {reference.Contender}"
                    : gap > 1 ? $"the reference {reference.Contender} is {Times(gap)} faster still" : $"it beats the reference {reference.Contender} ({Times(1 / gap)})");
            }

            yield return string.Join("; ", sentence) + ".";
        }
    }

    /// <summary>
    /// Only OK cells with a measurement are ranked; DIFFERS rows are timed but wrote another document. On the user's own
    /// documents a difference of form only (escapes, number notation, property order: the same data) is ranked too:
    /// each library's default writer differs there, and a user asks which one is fastest all the same.
    /// </summary>
    public static bool IsRankable(ResultCell cell) => cell.MeanNs is not null
        && (cell.Verdict.Status == Verification.VerificationStatus.Ok || cell.Verdict.FormOnly);

    internal static string Workload(ResultCell cell)
    {
        var model = cell.Payload switch
        {
            "person" => "Person",
            "user" => "User",
            "office-worker" => "OfficeWorker",
            "save-game" => "SaveGame",
            var other => other,
        };
        var count = cell.Count.ToString("N0", Invariant);
        if (model == cell.Payload && cell.Shape == "many")
        {
            return $"the {count} documents of {model}, one call each"; // a data set of the user's
        }

        return cell.Shape switch
        {
            "object" => $"one {model}",
            "many" => $"{count} {model}s one call each",
            _ => cell.Count == 1 ? $"a list of 1 {model}" : $"{count} {model}s",
        };
    }

    private static string Verb(string operation) => operation switch
    {
        "serialize" => "serializes",
        "deserialize" => "deserializes",
        FirstCall.FirstCallRunner.OperationName => "makes its first call (codec, serialize, deserialize in a fresh process) on",
        _ => "round-trips",
    };

    private static string Infinitive(string operation) => operation switch
    {
        "serialize" => "serialize",
        "deserialize" => "deserialize",
        FirstCall.FirstCallRunner.OperationName => "make a first call (codec, serialize, deserialize in a fresh process) on",
        _ => "round-trip",
    };

    private static string Times(double ratio) => ratio.ToString(ratio >= 10 ? "0" : "0.00", Invariant) + "×";

    /// <summary>Bounds of slower/faster from the two means' 99.9% confidence intervals (conservative: ends against ends).</summary>
    private static string RatioInterval(ResultCell slower, ResultCell faster)
    {
        var low = (slower.MeanNs!.Value - (slower.ErrorNs ?? 0)) / (faster.MeanNs!.Value + (faster.ErrorNs ?? 0));
        var fasterLow = faster.MeanNs.Value - (faster.ErrorNs ?? 0);
        var high = fasterLow > 0 ? (slower.MeanNs.Value + (slower.ErrorNs ?? 0)) / fasterLow : double.PositiveInfinity;
        return $"{low.ToString("0.00", Invariant)}–{(double.IsPositiveInfinity(high) ? "∞" : high.ToString("0.00", Invariant))}×";
    }

    private static string AllocationClause(ResultCell cell, ResultCell baseline)
    {
        if (cell.AllocatedBytes is not { } mine || baseline.AllocatedBytes is not { } theirs || theirs == 0)
        {
            return "";
        }

        if (Math.Abs((double)mine / theirs - 1) < 0.01)
        {
            return mine == theirs ? " and allocates the same" : " and allocates about the same";
        }

        return mine < theirs
            ? mine == 0 ? " and allocates nothing" : $" and allocates {Times((double)theirs / mine)} less"
            : $" but allocates {Times((double)mine / theirs)} more";
    }
}

/// <summary>Statistical ties: two measured cells whose 99.9% confidence intervals overlap.</summary>
public static class Ties
{
    public static bool Overlap(ResultCell a, ResultCell b) =>
        a.MeanNs is { } am && b.MeanNs is { } bm
        && am - (a.ErrorNs ?? 0) <= bm + (b.ErrorNs ?? 0)
        && bm - (b.ErrorNs ?? 0) <= am + (a.ErrorNs ?? 0);

    /// <summary>The other ranked contenders of the same case and operation that this cell is tied with.</summary>
    public static IReadOnlyList<string> With(ResultCell cell, IEnumerable<ResultCell> cells) =>
        !Findings.IsRankable(cell)
            ? []
            : [.. cells.Where(c => c != cell && Findings.IsRankable(c) && c.Payload == cell.Payload && c.Shape == cell.Shape
                                && c.Count == cell.Count && c.Operation == cell.Operation && Overlap(cell, c))
                       .Select(c => c.Contender)];
}
