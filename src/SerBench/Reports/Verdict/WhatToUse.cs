using System.Globalization;
using SerBench.Core.Payloads;
using SerBench.Core.Results;
using SerBench.Core.Sizes;
using SerBench.Core.Statistics;
using SerBench.Core.Studies;
using SerBench.Core.Verification;

namespace SerBench.Reports.Verdict;

// Winners: rank 1 in the case asked (VerdictTables.UseLegend), or every contender at the least size.
internal sealed record Answer(string Question, IReadOnlyList<string> Winners, string Evidence);

/// <summary>Each speed answer comes from the case with the most contenders of the kind asked; with the user's data in the run, only their studies answer.</summary>
internal static class WhatToUse
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    public static IReadOnlyList<Answer> Answer(IReadOnlyList<StudySlice> slices)
    {
        var user = slices.Where(s => s.Study.Name is Core.UserData.DataStudy.Name or Core.UserData.DataStudy.TypedName or Core.UserData.TypesStudy.Name).ToList();
        var all = (user.Count > 0 ? user : slices).SelectMany(s => s.Cells.Select(c => (Slice: s.Key, Cell: c))).ToList();
        // Lost data or crashed anywhere: recommended for none (JsonSrcGen 1.1.1 wins some shootout cases and changes Guids in others).
        var failed = all.Where(x => x.Cell.Status is VerificationStatus.Mismatch or VerificationStatus.Crash).Select(x => x.Cell.Contender).ToHashSet(StringComparer.Ordinal);
        var cells = all.Where(x => !failed.Contains(x.Cell.Contender)).ToList();
        var running = cells.Where(x => x.Cell.Operation != Operation.FirstCall && !x.Cell.IsNativeAot).ToList();
        // N threads at once answer their own question: their time is N objects', and their sizes N payloads'.
        var steady = running.Where(x => x.Cell.Shape != Shape.Threads).ToList();
        var threads = running.Where(x => x.Cell.Shape == Shape.Threads).ToList();
        var answers = new List<Answer?>();
        // Your documents, each alone: the fastest typed serializer on its model and the fastest document model, with throughput.
        foreach (var (study, kind) in new[] { (Core.UserData.DataStudy.TypedName, "typed JSON"), (Core.UserData.DataStudy.Name, "document model") })
        {
            // Each document's cells found once: asking all cells again for each of thousands of documents grew with their square.
            foreach (var document in steady.Where(x => x.Cell.Study == study).GroupBy(x => x.Cell.Payload))
            {
                List<(string, ResultCell)> ofDocument = [.. document];
                foreach (var operation in (Operation[])[Operation.Serialize, Operation.Deserialize])
                {
                    answers.Add(Fastest($"Fastest {kind} on your documents: {document.Key} · {CellText.Name(operation)}", ofDocument,
                        c => c.Operation == operation, throughput: true));
                }
            }

            foreach (var operation in (Operation[])[Operation.Serialize, Operation.Deserialize])
            {
                answers.Add(FastestOverall(documents => $"Fastest {kind} on your documents: all {documents} documents · {CellText.Name(operation)}", steady,
                    c => c.Study == study && c.Operation == operation));
            }
        }

        foreach (var (textMode, target) in new[] { ("utf8", "UTF-8 bytes"), ("utf16", "a string") })
        {
            foreach (var (size, shape) in new[] { ("one object", (Func<ResultCell, bool>)(c => c.Shape == Shape.Object)), ("large lists", c => c.Shape == Shape.List && c.Count >= 100) })
            {
                foreach (var operation in (Operation[])[Operation.Serialize, Operation.Deserialize])
                {
                    answers.Add(Fastest($"Fastest JSON {(operation == Operation.Serialize ? "to" : "from")} {target}, {size} · {CellText.Name(operation)}", steady,
                        c => c.Format == "json" && c.TextMode == textMode && shape(c) && c.Operation == operation));
                }
            }
        }

        foreach (var operation in (Operation[])[Operation.SerializeStream, Operation.DeserializeStream, Operation.SerializePipe, Operation.DeserializePipe])
        {
            answers.Add(Fastest($"Fastest JSON {(operation.Writes() ? "to" : "from")} a {(operation.AsyncPathOf() == Core.Contenders.AsyncPath.Stream ? "stream" : "pipe")} (async) · {CellText.Name(operation)}", steady,
                c => c.Format == "json" && c.Operation == operation));
        }

        foreach (var operation in (Operation[])[Operation.Serialize, Operation.Deserialize])
        {
            answers.Add(Fastest($"Fastest binary format · {CellText.Name(operation)}", steady, c => c.Format == "binary" && c.Operation == operation));
        }

        if (threads.Count > 0 && threads.Max(x => x.Cell.Count) is var most && most > 1)
        {
            foreach (var (format, kind) in new[] { ("json", "JSON"), ("binary", "binary format") })
            {
                foreach (var operation in (Operation[])[Operation.Serialize, Operation.Deserialize])
                {
                    answers.Add(Fastest($"Most objects a second on {most} threads, {kind} · {CellText.Name(operation)}", threads,
                        c => c.Format == format && c.Count == most && c.Operation == operation, objectsPerSecond: true));
                }
            }
        }

        answers.AddRange(Sizes(steady));
        var aot = cells.Where(x => x.Cell.IsNativeAot && x.Cell.Operation != Operation.FirstCall).ToList();
        foreach (var operation in (Operation[])[Operation.Serialize, Operation.Deserialize])
        {
            answers.Add(aot.Count > 0
                ? Fastest($"Fastest under Native AOT (measured) · {CellText.Name(operation)}", aot, c => c.Operation == operation)
                : Fastest($"Fastest declared Native AOT-safe (not measured under AOT) · {CellText.Name(operation)}", steady, c => c.NativeAot == "safe" && c.Operation == operation));
        }

        answers.Add(Fastest("Cheapest first call (fresh process)", cells, c => c.Operation == Operation.FirstCall && !c.IsNativeAot));
        return SaidOnce([.. answers.OfType<Answer>()]);
    }

    private static Answer? Fastest(string question, IReadOnlyList<(string Slice, ResultCell Cell)> cells, Func<ResultCell, bool> fits, bool throughput = false,
        bool objectsPerSecond = false)
    {
        var best = cells.Where(x => fits(x.Cell) && !x.Cell.Reference && Findings.IsRankable(x.Cell) && x.Cell.MeanNs > 0)
            .GroupBy(x => (x.Slice, x.Cell.Payload, x.Cell.Shape, x.Cell.Count, x.Cell.Operation))
            .OrderByDescending(g => g.Select(x => x.Cell.Contender).Distinct().Count()).ThenByDescending(g => g.Key.Count)
            .FirstOrDefault();
        if (best is null || best.Count() < 2)
        {
            return null;
        }

        var ranking = CaseRanking.Of("", best.Select(x => x.Cell), rank: true).Single();
        var winners = ranking.Winners.ToList();
        var fastest = ranking.Rows[0];
        var evidence = $"{best.Key.Slice} · {ranking.Title}: {StudyVerdict.Time(fastest.Cell.MeanNs!.Value)}" +
                       (throughput && Columns.DefaultColumns.MegabytesPerSecond(fastest.Cell) is { } rate ? $", {rate.ToString("N1", Invariant)} MB/s" : "") +
                       (objectsPerSecond ? $", {(fastest.Cell.Count * 1e9 / fastest.Cell.MeanNs!.Value).ToString("N0", Invariant)} objects/s (higher is better)" : "");
        var tied = winners.Skip(1).Select(w => $"{w.Cell.Contender} {w.AgainstFastest}").ToList();
        if (tied.Count > 0)
        {
            evidence += "; " + string.Join(", ", tied);
        }

        if (ranking.Rows.FirstOrDefault(r => r.Rank > 1) is { } next)
        {
            evidence += $"; next {next.Cell.Contender} {next.AgainstFastest}";
        }

        return new Answer(question, [.. winners.Select(w => w.Cell.Contender)], evidence + $" ({ranking.Rows.Count} contenders)");
    }

    // Over several cases: rank 1 by the study's standing rule (faster beyond doubt in more shared cases than slower), with its geometric mean.
    // question: by the number of documents ranked, which a document without two measured contenders is not.
    private static Answer? FastestOverall(Func<int, string> question, IReadOnlyList<(string Slice, ResultCell Cell)> cells, Func<ResultCell, bool> fits)
    {
        var cases = CaseRanking.Of("", cells.Where(x => fits(x.Cell) && !x.Cell.Reference && Findings.IsRankable(x.Cell)).Select(x => x.Cell), rank: true)
            .Where(c => c.Rows.Count(r => r.Rank is not null) >= 2).ToList();
        if (cases.Count < 2)
        {
            return null;
        }

        var standings = StudyStanding.Of(cases, rank: true).Where(s => s.Rank is not null).ToList();
        var winners = standings.Where(s => s.Rank == 1).ToList();
        if (standings.Count < 2 || winners.Count == 0)
        {
            return null;
        }

        string Times(StudyStanding standing) => $"{standing.Contender} {RatioInterval.Times(standing.GeometricMeanRelative)}";
        var evidence = $"time against each document's fastest (geometric mean): {string.Join(", ", winners.Select(Times))}" +
                       (standings.FirstOrDefault(s => s.Rank > 1) is { } next ? $"; next {Times(next)}" : "") + $" ({standings.Count} contenders)";
        return new Answer(question(cases.Count), [.. winners.Select(s => s.Contender)], evidence);
    }

    // A compressor whose smallest is the raw output's smallest adds its bytes to that row instead of a row of its own (five rows said one name in run D17).
    private static IEnumerable<Answer?> Sizes(IReadOnlyList<(string Slice, ResultCell Cell)> steady)
    {
        if (Smallest("Smallest output", steady, c => c.PayloadBytes) is not { } raw)
        {
            return Compressor.All.Select(compressor => Smallest($"Smallest output, {compressor.Label}", steady, c => compressor.Of(c).Bytes));
        }

        var compressed = Compressor.All.Select(compressor => (compressor.Label, Answer: Smallest($"Smallest output, {compressor.Label}", steady, c => compressor.Of(c).Bytes, out var least), Least: least))
            .Where(x => x.Answer is not null).ToList();
        var same = compressed.Where(x => x.Answer!.Winners.SequenceEqual(raw.Winners)).ToList();
        var folded = same.Count == 0 ? raw : raw with
        {
            Question = $"Smallest output, raw and with {Join(same.Select(x => x.Label))}",
            Evidence = raw.Evidence + $"; also the smallest with {Join(same.Select(x => $"{x.Label} ({x.Least.ToString("N0", Invariant)} B)"))}",
        };
        return [folded, .. compressed.Except(same).Select(x => x.Answer)];
    }

    private static string Join(IEnumerable<string> items) => items.ToList() is var list && list.Count > 1 ? $"{string.Join(", ", list[..^1])} and {list[^1]}" : string.Join("", list);

    // An answer that repeats one above word for word points to it: "Fastest declared Native AOT-safe" named the binary formats' row again in run D17.
    private static List<Answer> SaidOnce(List<Answer> answers) =>
    [
        .. answers.Select((answer, i) => answers.Take(i).FirstOrDefault(a => a.Evidence == answer.Evidence && a.Winners.SequenceEqual(answer.Winners)) is { } same
            ? answer with { Evidence = $"as \"{same.Question}\" above" }
            : answer),
    ];

    private static Answer? Smallest(string question, IReadOnlyList<(string Slice, ResultCell Cell)> cells, Func<ResultCell, long?> size) => Smallest(question, cells, size, out _);

    // Sizes are exact: the least bytes per object wins, every contender at that size.
    private static Answer? Smallest(string question, IReadOnlyList<(string Slice, ResultCell Cell)> cells, Func<ResultCell, long?> size, out long least)
    {
        least = 0;
        var best = cells.Where(x => size(x.Cell) is > 0 && x.Cell.Operation == Operation.Serialize && !x.Cell.Reference && Findings.IsRankable(x.Cell))
            .GroupBy(x => (x.Slice, x.Cell.Payload, x.Cell.Shape, x.Cell.Count))
            .OrderByDescending(g => g.Select(x => x.Cell.Contender).Distinct().Count()).ThenByDescending(g => g.Key.Count)
            .FirstOrDefault();
        if (best is null || best.Count() < 2)
        {
            return null;
        }

        var ordered = best.Select(x => x.Cell).OrderBy(c => size(c)).ToList();
        var fewest = size(ordered[0])!.Value;
        least = fewest;
        var winners = ordered.TakeWhile(c => size(c) == fewest).ToList();
        var next = ordered.Skip(winners.Count).FirstOrDefault();
        var evidence = $"{best.Key.Slice} · {best.Key.Payload} · {CellText.Case(best.Key.Shape, best.Key.Count)}: {fewest.ToString("N0", Invariant)} B" +
                       (next is null ? "" : $"; next {next.Contender} {size(next)!.Value.ToString("N0", Invariant)} B ({RatioInterval.Times((double)size(next)!.Value / fewest)})") +
                       $" ({ordered.Count} contenders)";
        return new Answer(question, [.. winners.Select(c => c.Contender)], evidence);
    }
}
