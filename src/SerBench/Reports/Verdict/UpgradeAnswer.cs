using NuGet.Versioning;
using SerBench.Core.Contenders;
using SerBench.Core.Payloads;
using SerBench.Core.Results;
using SerBench.Core.Statistics;
using SerBench.Core.Studies;
using SerBench.Core.Verification;

namespace SerBench.Reports.Verdict;

internal sealed record UpgradeCase(string Case, ResultCell From, ResultCell To, RatioInterval Interval);

/// <summary>"Should I upgrade?" for a contender at two package versions: a version that lost data or crashed anywhere is not recommended.</summary>
internal sealed record UpgradeAnswer(string Contender, ResultCell From, ResultCell To, IReadOnlyList<UpgradeCase> Cases, string? Failure)
{
    public int Faster => Cases.Count(c => c.Interval.High < 1);

    public int Slower => Cases.Count(c => c.Interval.IsSlower);

    public Answer Answer()
    {
        var question = $"Upgrade {Contender} {From.LibraryVersion} → {To.LibraryVersion}?";
        if (Failure is not null)
        {
            return new Answer(question, [From.Contender], Failure);
        }

        var tied = Cases.Count - Faster - Slower;
        var (faster, slower) = (BeyondChance(Faster), BeyondChance(Slower));
        string[] use = faster && !slower ? [To.Contender] : slower && !faster ? [From.Contender] : [From.Contender, To.Contender];
        var evidence = $"{To.LibraryVersion} faster beyond doubt in {Faster} of {Cases.Count} cases{Range(c => c.Interval.High < 1)}, slower in {Slower}{Range(c => c.Interval.IsSlower)}, " +
                       $"tied in {tied}{(faster || slower || Faster + Slower == 0 ? "" : ", no more than chance gives among this many cases")} (each case under Details)";
        return new Answer(question, use, evidence);
    }

    // At the verdict's 99%, an unchanged version looks faster in a case 0.5% of the time: one such case in 16 happens in 8% of upgrades.
    private bool BeyondChance(int count) =>
        count > 0 && Tallies.BinomialTail(count, Cases.Count, (1 - RoundStatistics.VerdictConfidenceLevel) / 2) < 1 - RoundStatistics.VerdictConfidenceLevel;

    private string Range(Func<UpgradeCase, bool> which) =>
        Cases.Where(which).Select(c => c.Interval.Ratio).ToList() is { Count: > 0 } ratios
            ? $" ({RatioInterval.Times(ratios.Min())}{(ratios.Count > 1 ? "–" + RatioInterval.Times(ratios.Max()) : "")} the time)"
            : "";

    /// <summary>Each newer version against the oldest, case by case.</summary>
    public static IReadOnlyList<UpgradeAnswer> Of(ResultsDocument document)
    {
        var cells = document.Cells.Where(c => c.Operation != Operation.FirstCall).ToList();
        var answers = new List<UpgradeAnswer>();
        foreach (var family in cells.GroupBy(c => BaseName(c.Contender), StringComparer.OrdinalIgnoreCase))
        {
            var versions = family.GroupBy(c => c.Contender, StringComparer.Ordinal)
                .Select(g => (Name: g.Key, Cells: g.ToList(), Version: NuGetVersion.TryParse(g.First().LibraryVersion, out var v) ? v : null))
                .Where(v => v.Version is not null && v.Cells.Any(c => c.MeanNs is not null)).OrderBy(v => v.Version).ToList();
            if (versions.Count < 2)
            {
                continue;
            }

            var oldest = versions[0];
            foreach (var newer in versions.Skip(1))
            {
                var pairs = newer.Cells.Join(oldest.Cells, Case, Case, (to, older) => (From: older, To: to)).ToList();
                if (pairs.Count == 0)
                {
                    continue;
                }

                var failure = Failed(newer.Cells) is { } lost ? $"{newer.Cells[0].LibraryVersion} {lost}"
                    : Failed(oldest.Cells) is { } oldLost ? $"{oldest.Cells[0].LibraryVersion} {oldLost}"
                    : null;
                var cases = pairs.Where(p => Findings.IsRankable(p.From) && Findings.IsRankable(p.To) && p.From.MeanNs > 0 && p.To.MeanNs > 0)
                    .Select(p => new UpgradeCase($"{p.To.Study} · {p.To.Payload} · {CellText.Case(p.To.Shape, p.To.Count)} · {CellText.Name(p.To.Operation)}",
                        p.From, p.To, RatioInterval.Of(p.To, p.From))).ToList();
                answers.Add(new UpgradeAnswer(family.Key, pairs[0].From, pairs[0].To, cases,
                    failure ?? (cases.Count == 0 ? "no case measured both versions" : null)));
            }
        }

        return answers;
    }

    private static (string, string, Shape, int, Operation, string?) Case(ResultCell cell) => (cell.Study, cell.Payload, cell.Shape, cell.Count, cell.Operation, cell.Runtime);

    private static string? Failed(IReadOnlyList<ResultCell> cells) =>
        cells.FirstOrDefault(c => c.Status is VerificationStatus.Mismatch or VerificationStatus.Crash) is { } bad
            ? $"is {bad.Status.ToString().ToUpperInvariant()} on {bad.Study} · {bad.Payload}: {bad.Reason}"
            : null;

    private static string BaseName(string contender) =>
        contender.IndexOf(VersionedContender.Separator, StringComparison.Ordinal) is var at and > 0 ? contender[..at] : contender;
}
