using System.Globalization;
using SerBench.Payloads;
using SerBench.Results;
using SerBench.Studies;

namespace SerBench.Reports;

/// <summary>
/// Builds each study's tables in the shape of the study: one table per payload and operation, a row per case and
/// contender, the study's own columns, then payload size and status (with the reason as a numbered footnote).
/// </summary>
public static class StudyTables
{
    public static IReadOnlyList<TableModel> Build(StudyDefinition study, IReadOnlyList<ResultCell> cells)
    {
        var columns = study.Columns is { Count: > 0 } chosen ? chosen : StudyDefinition.DefaultColumns;
        var tables = new List<TableModel>();
        foreach (var (title, contenders, shown) in StudySections.Of(study, cells))
        {
            var order = contenders.ToList();
            var prefix = title.Length == 0 ? "" : title + " · ";
            foreach (var group in shown.GroupBy(c => (c.Payload, c.Operation)))
            {
                var rows = group
                    .OrderBy(c => c.Shape).ThenBy(c => c.Count)
                    .ThenBy(c => order.IndexOf(c.Contender))
                    .ToList();
                tables.Add(group.Key.Operation == Studies.Operation.FirstCall
                    ? BuildFirstCallTable($"{prefix}First call in a fresh process · {group.Key.Payload}", rows)
                    : BuildTable($"{prefix}{CellText.Title(group.Key.Operation)} · {group.Key.Payload}", rows, columns));
            }
        }

        return tables;
    }

    /// <summary>First use: the median total over fresh processes, its parts, and the fastest and slowest process.</summary>
    private static TableModel BuildFirstCallTable(string title, List<ResultCell> rows)
    {
        var footnotes = new List<string>
        {
            "Median over fresh processes of creating the codec, the first serialize and the first deserialize (JIT, metadata, caches); " +
            "Error is half the 99.9% confidence interval; the parts are medians too, so they need not add up to the total.",
        };
        static string Ms(double? microseconds) => microseconds is { } us ? (us / 1000).ToString(us >= 10_000 ? "0.0" : "0.00", CultureInfo.InvariantCulture) : "—";
        var body = rows.Select(cell =>
        {
            var status = cell.StatusLabel;
            if (cell.Reason is not null)
            {
                footnotes.Add($"{cell.Contender}: {cell.Reason}");
                status += $" [{footnotes.Count}]";
            }

            return (IReadOnlyList<string>)
            [
                cell.Contender + (cell.Baseline == cell.Contender ? " (baseline)" : ""), Ms(cell.MeanNs / 1000), Ms(cell.ErrorNs / 1000),
                Ms(cell.FirstCall?.CreateMicroseconds), Ms(cell.FirstCall?.SerializeMicroseconds), Ms(cell.FirstCall?.DeserializeMicroseconds),
                cell.RoundsNs is { Count: > 0 } totals ? $"{Ms(totals.Min() / 1000)}–{Ms(totals.Max() / 1000)}" : "—",
                cell.RoundsNs?.Count.ToString(CultureInfo.InvariantCulture) ?? "—", Formatting.Ratio(cell.Ratio), status,
            ];
        }).ToList();
        return new TableModel(title, ["Contender", "Total (ms)", "Error (ms)", "Create", "1st serialize", "1st deserialize", "Range", "Processes", "Ratio", "Status"], body, footnotes);
    }

    private static TableModel BuildTable(string title, List<ResultCell> rows, IReadOnlyList<StudyColumn> columns)
    {
        var timed = rows.Where(r => r.MeanNs is not null).ToList();
        var unit = Formatting.TimeUnit(timed.Count == 0 ? 0 : timed.Min(r => r.MeanNs!.Value));
        var showPayloadColumn = !columns.Contains(StudyColumn.PayloadBytes);
        var headers = new List<string> { "Contender", "Case" };
        headers.AddRange(columns.Select(Header));
        if (showPayloadColumn)
        {
            headers.Add("Payload");
        }

        headers.Add("Status");
        var footnotes = new List<string>();
        var body = new List<IReadOnlyList<string>>();
        foreach (var cell in rows)
        {
            var row = new List<string> { cell.Contender + (cell.Baseline == cell.Contender ? " (baseline)" : ""), cell.Case };
            row.AddRange(columns.Select(column => Value(cell, column, unit)));
            if (showPayloadColumn)
            {
                row.Add(Formatting.ExactBytes(cell.PayloadBytes));
            }

            row.Add(StatusText(cell, footnotes));
            body.Add(row);
        }

        return new TableModel(title, headers, body, footnotes);
    }

    /// <summary>The status, with its reason, note and noise flag as numbered footnotes (ties are the rankings' job).</summary>
    private static string StatusText(ResultCell cell, List<string> footnotes)
    {
        var notes = new List<string>();
        if (cell.Reason is not null)
        {
            notes.Add(cell.Reason);
        }

        if (cell.Note is not null)
        {
            notes.Add(cell.Contender + ": " + cell.Note);
        }

        if (cell.Noisy)
        {
            notes.Add("Error is above the profile's precision target; treat the mean as approximate");
        }

        if (notes.Count == 0)
        {
            return cell.StatusLabel;
        }

        var marks = new List<string>();
        foreach (var note in notes)
        {
            var index = footnotes.IndexOf(note);
            if (index < 0)
            {
                footnotes.Add(note);
                index = footnotes.Count - 1;
            }

            marks.Add((index + 1).ToString(System.Globalization.CultureInfo.InvariantCulture));
        }

        return $"{cell.StatusLabel} [{string.Join(",", marks)}]";
    }

    private static string Header(StudyColumn column) => column switch
    {
        StudyColumn.StdDev => "StdDev",
        StudyColumn.AllocRatio => "Alloc Ratio",
        StudyColumn.PayloadBytes => "Payload",
        StudyColumn.MeanNanoseconds => "Mean (ns)",
        StudyColumn.MillionOpsPerSecond => "Mops/s",
        StudyColumn.NanosecondsPerObject => "ns/object",
        StudyColumn.AllocatedPerObject => "Alloc/object",
        StudyColumn.PayloadBytesPerObject => "Payload/object",
        StudyColumn.MegabytesPerSecond => "MB/s",
        StudyColumn.AllocatedPerMegabyte => "Alloc/MB",
        _ => column.ToString(),
    };

    private static string Value(ResultCell cell, StudyColumn column, (string Unit, double Divisor) unit) => column switch
    {
        StudyColumn.Mean => Formatting.Time(cell.MeanNs, unit),
        StudyColumn.Error => Formatting.Time(cell.ErrorNs, unit),
        StudyColumn.StdDev => Formatting.Time(cell.StdDevNs, unit),
        StudyColumn.Median => Formatting.Time(cell.MedianNs, unit),
        StudyColumn.Ratio => Formatting.Ratio(cell.Ratio),
        StudyColumn.Gen0 => Formatting.Collections(cell.Gen0),
        StudyColumn.Gen1 => Formatting.Collections(cell.Gen1),
        StudyColumn.Gen2 => Formatting.Collections(cell.Gen2),
        StudyColumn.Allocated => Formatting.Bytes(cell.AllocatedBytes),
        StudyColumn.AllocRatio => Formatting.Ratio(cell.AllocRatio),
        StudyColumn.PayloadBytes => Formatting.ExactBytes(cell.PayloadBytes),
        StudyColumn.MeanNanoseconds => cell.MeanNs is { } mean ? Formatting.Number(mean, "N1") : "—",
        StudyColumn.MillionOpsPerSecond => cell.MeanNs is { } perOp && perOp > 0 ? Formatting.Number(1_000.0 / perOp, "0.000") : "—",
        StudyColumn.NanosecondsPerObject => cell.MeanNs is { } total ? Formatting.Number(total / cell.Count, "N1") : "—",
        StudyColumn.AllocatedPerObject => cell.AllocatedBytes is { } allocated ? Formatting.Number((double)allocated / cell.Count, "N0") + " B" : "—",
        StudyColumn.PayloadBytesPerObject => cell.PayloadBytes is { } size ? Formatting.Number((double)size / cell.Count, "N0") + " B" : "—",
        // Payload bytes are the whole operation's (all N documents of a "many" cell), like its mean.
        StudyColumn.MegabytesPerSecond => cell.MeanNs is { } time && time > 0 && cell.PayloadBytes is { } read ? Formatting.Number(read * 1_000.0 / time, "N1") : "—",
        StudyColumn.AllocatedPerMegabyte => cell.AllocatedBytes is { } bytes && cell.PayloadBytes is { } payload && payload > 0
            ? Formatting.Bytes((long)Math.Round(bytes * 1e6 / payload))
            : "—",
        _ => "?",
    };

}
