using SerBench.Core.Conformance;
using SerBench.Core.Contenders;

namespace SerBench.Conformance;

/// <summary>Cells are null when the child wrote none, not even the library it loaded.</summary>
internal sealed record ConformanceChildAnswer(IReadOnlyList<ConformanceCell>? Cells, ContenderInfo? Contender, string? Failure);

/// <summary>Runs documents through one contender in a child process that writes its report after every document, so what it finished survives it.</summary>
internal interface IConformanceChild
{
    ConformanceChildAnswer Run(Contender contender, IReadOnlyList<ConformanceDocument> documents);
}

/// <summary>Child processes per contender, so a stack overflow or hang is CRASHED on that document only; UNAVAILABLE contenders stay in the matrix.</summary>
internal static class ConformanceRunner
{
    public static ConformanceReport Run(ConformanceSuite suite, IReadOnlyList<Contender> contenders, IConformanceChild child, string command, DateTimeOffset startedAt,
        Action<string>? log = null)
    {
        var infos = new List<ContenderInfo>();
        var cells = new List<ConformanceCell>();
        for (var i = 0; i < contenders.Count; i++)
        {
            var contender = contenders[i];
            log?.Invoke($"[{i + 1}/{contenders.Count}] {contender.Name}: {suite.Documents.Count} document(s)");
            var (info, done) = RunOne(suite.Documents, contender, child, log);
            infos.Add(info);
            cells.AddRange(done);
        }

        return new ConformanceReport
        {
            Tool = Results.ResultsHeader.Tool,
            Command = command,
            StartedAt = startedAt,
            Documents = [.. suite.Documents.Select(d => d.Info)],
            Contenders = infos,
            Cells = cells,
        };
    }

    private static (ContenderInfo Info, IReadOnlyList<ConformanceCell> Cells) RunOne(IReadOnlyList<ConformanceDocument> documents, Contender contender, IConformanceChild child,
        Action<string>? log)
    {
        var info = new ContenderInfo(contender.Name, contender.Library, contender.LibraryVersion, contender.UnavailableReason);
        var cells = new Dictionary<string, ConformanceCell>(StringComparer.Ordinal);
        if (contender.UnavailableReason is { } unavailable)
        {
            return (info, [.. documents.Select(d => ConformanceCell.Of(contender.Name, d.Info, ConformanceOutcome.Unavailable, unavailable))]);
        }

        var remaining = documents.ToList();
        while (remaining.Count > 0)
        {
            var answer = child.Run(contender, remaining);
            foreach (var cell in answer.Cells ?? [])
            {
                if (cell.Contender == contender.Name && remaining.Any(d => d.Name == cell.Document))
                {
                    cells[cell.Document] = cell;
                }
            }

            if (answer.Contender is { } ran && ran.Name == contender.Name)
            {
                info = info with { Version = ran.Version };
            }

            remaining.RemoveAll(d => cells.ContainsKey(d.Name));
            if (remaining.Count == 0)
            {
                break;
            }

            var failure = answer.Failure ?? "the child process ended without a verdict on this document";
            if (answer.Cells is null)
            {
                // The child never started on the documents: another try would end the same way.
                foreach (var document in remaining)
                {
                    cells[document.Name] = ConformanceCell.Of(contender.Name, document.Info, ConformanceOutcome.Crashed, "the child process ended before any document: " + failure);
                }

                break;
            }

            // Documents run in order, and the child saves each verdict before the next: the first one missing took it down.
            var culprit = remaining[0];
            log?.Invoke($"  {contender.Name} · {culprit.Name}: CRASHED ({failure}); going on with the rest in a new process");
            cells[culprit.Name] = ConformanceCell.Of(contender.Name, culprit.Info, ConformanceOutcome.Crashed, failure);
            remaining.RemoveAt(0);
        }

        return (info, [.. documents.Select(d => cells[d.Name])]);
    }
}
