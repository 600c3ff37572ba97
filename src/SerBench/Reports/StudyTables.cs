using System.Globalization;
using SerBench.Core.Results;
using SerBench.Reports.Columns;

namespace SerBench.Reports;

/// <summary>One table per payload and operation, a row per case and contender, the study's own columns, then size and status.</summary>
internal static class StudyTables
{
    public static IReadOnlyList<TableModel> Build(StudyDefinition study, IReadOnlyList<ResultCell> cells)
    {
        var columns = DefaultColumns.For(study);
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
                tables.Add(group.Key.Operation == Core.Studies.Operation.FirstCall
                    ? BuildFirstCallTable($"{prefix}First call in a fresh process · {group.Key.Payload}", rows)
                    : BuildTable($"{prefix}{CellText.Title(group.Key.Operation)} · {group.Key.Payload}", rows, columns));
            }
        }

        return tables;
    }

    private static TableModel BuildFirstCallTable(string title, List<ResultCell> rows)
    {
        var footnotes = new Footnotes(
            "Median over fresh processes of creating the codec, the first serialize and the first deserialize (JIT, metadata, caches); " +
            "Error is half the 99.9% confidence interval; the parts are medians too, so they need not add up to the total.");
        static string Ms(double? microseconds) => microseconds is { } us ? (us / 1000).ToString(us >= 10_000 ? "0.0" : "0.00", CultureInfo.InvariantCulture) : "—";
        var body = rows.Select(cell => (IReadOnlyList<string>)
        [
            ContenderText(cell), Ms(cell.MeanNs / 1000), Ms(cell.ErrorNs / 1000),
            Ms(cell.FirstCall?.CreateMicroseconds), Ms(cell.FirstCall?.SerializeMicroseconds), Ms(cell.FirstCall?.DeserializeMicroseconds),
            cell.RoundsNs is { Count: > 0 } totals ? $"{Ms(totals.Min() / 1000)}–{Ms(totals.Max() / 1000)}" : "—",
            cell.RoundsNs?.Count.ToString(CultureInfo.InvariantCulture) ?? "—", Formatting.Ratio(cell.Ratio),
            footnotes.Mark(cell.StatusLabel, cell.Reason is null ? [] : [$"{cell.Contender}: {cell.Reason}"]),
        ]).ToList();
        return new TableModel(title, ["Contender", "Total (ms)", "Error (ms)", "Create", "1st serialize", "1st deserialize", "Range", "Processes", "Ratio", "Status"], body, footnotes.All);
    }

    private static TableModel BuildTable(string title, List<ResultCell> rows, IReadOnlyList<IColumn> studyColumns)
    {
        var timed = rows.Where(r => r.MeanNs is not null).ToList();
        var unit = Core.Results.TimeUnits.For(timed.Count == 0 ? 0 : timed.Min(r => r.MeanNs!.Value));
        // The payload's size is always shown: where the study puts it, or before the status.
        IReadOnlyList<IColumn> columns = studyColumns.OfType<PayloadColumn>().Any() ? studyColumns : [.. studyColumns, new PayloadColumn()];
        var footnotes = new Footnotes();
        var body = rows.Select(cell => (IReadOnlyList<string>)
        [
            ContenderText(cell), cell.Case, .. columns.Select(column => column.Value(cell, unit)), footnotes.Mark(cell.StatusLabel, Notes(cell)),
        ]).ToList();
        return new TableModel(title, ["Contender", "Case", .. columns.Select(c => c.Header), "Status"], body, footnotes.All);
    }

    // Marked as the baseline only where it has a time for the others' ratios to be against.
    private static string ContenderText(ResultCell cell) => cell.Contender + (cell.Baseline == cell.Contender && cell.MeanNs is not null ? " (baseline)" : "");

    // Ties are the rankings' job.
    private static IEnumerable<string> Notes(ResultCell cell)
    {
        if (cell.Reason is not null)
        {
            yield return cell.Reason;
        }

        if (cell.Note is not null)
        {
            yield return cell.Contender + ": " + cell.Note;
        }

        if (cell.Noisy)
        {
            yield return "Error is above the profile's precision target; treat the mean as approximate";
        }
    }
}
