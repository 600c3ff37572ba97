using SerBench.Core.Contenders;
using SerBench.Core.Results;
using SerBench.Core.Running;
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
        IReadOnlyList<Answer> answers = rank ? [.. WhatToUse.Answer(slices), .. upgrades.Select(u => u.Answer())] : [];
        return new RunVerdict(
            rank ? null : "Smoke run: its numbers are for checking that everything runs, not for conclusions. Nothing is ranked; run without --profile smoke to decide.",
            answers,
            studies)
        {
            Upgrades = upgrades,
            HandWritten = HandWrittenNote(document, answers),
        };
    }

    /// <summary>Under What to use when it names a hand-written contender: no serializer to install and point at your types.</summary>
    public string? HandWritten { get; init; }

    // A new user read "binary-utf16" as a package to install; its library is SerBench's own layout code.
    private static string? HandWrittenNote(ResultsDocument document, IReadOnlyList<Answer> answers)
    {
        var winners = answers.SelectMany(a => a.Winners).ToHashSet(StringComparer.Ordinal);
        var byLibrary = document.Cells.Where(c => winners.Contains(c.Contender) && c.Generation == PlannedCells.GenerationName(Generation.HandWritten))
            .DistinctBy(c => c.Contender).GroupBy(c => c.Library)
            .Select(g => StudyVerdict.Names([.. g.Select(c => c.Contender)]) + (g.Key == HandWrittenBinaryContender.LibraryName ? " with no library (the study's own format)" : $" over {g.Key}"))
            .ToList();
        return byLibrary.Count == 0 ? null : $"Hand-written, so each type's layout is code you write and keep in step with the type: {string.Join("; ", byLibrary)}.";
    }
}
