using SerBench.Core.Results;
using SerBench.Core.Studies;

namespace SerBench.Reports.Verdict;

/// <summary>What a report opens with, built from the results file alone, so an old file gets a verdict too.</summary>
internal sealed record RunVerdict(string? Caution, IReadOnlyList<Answer> Answers, IReadOnlyList<StudyVerdict> Studies)
{
    /// <summary>Contenders measured at two package versions: whether to upgrade.</summary>
    public IReadOnlyList<UpgradeAnswer> Upgrades { get; init; } = [];

    // Its numbers check the pipeline and are never ranked.
    public const string UnrankedProfile = "smoke";

    /// <summary>Built by <see cref="RunSummary.Of"/>, which slices the document once.</summary>
    public static RunVerdict Of(ResultsDocument document, IReadOnlyList<StudySlice> slices, CancellationToken stop = default)
    {
        var rank = document.Profile != UnrankedProfile;
        var studies = slices
            .SelectMany(slice => StudyVerdict.Of(slice with { Cells = [.. slice.Cells.Where(c => c.Operation != Operation.FirstCall)] }, rank, document.Budget?.NotMeasured ?? [], stop))
            .ToList();
        stop.ThrowIfCancellationRequested();
        var upgrades = rank ? UpgradeAnswer.Of(document) : [];
        return new RunVerdict(
            rank ? null : "Smoke run: its numbers are for checking that everything runs, not for conclusions. Nothing is ranked; run without --profile smoke to decide.",
            rank ? [.. WhatToUse.Answer(slices), .. upgrades.Select(u => u.Answer())] : [],
            studies)
        {
            Upgrades = upgrades,
        };
    }
}
