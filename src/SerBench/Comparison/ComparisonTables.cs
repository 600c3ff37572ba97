using System.Globalization;
using SerBench.Reports;

namespace SerBench.Comparison;

internal static class ComparisonTables
{
    // How --markdown recognises a file it may replace.
    public const string MarkdownHeading = "# SerBench comparison";

    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    public static IReadOnlyList<TableModel> Build(ComparisonReport report)
    {
        var tables = new List<TableModel>();
        foreach (var study in report.Cells.GroupBy(c => c.Study))
        {
            var rows = study.Select(c => (IReadOnlyList<string>)
            [
                c.Key, Formatting.Time(c.Base.MeanNs, Core.Results.TimeUnits.For(c.Base.MeanNs ?? 1)), Formatting.Time(c.New.MeanNs, Core.Results.TimeUnits.For(c.New.MeanNs ?? 1)),
                TimeText(c), c.PValue is { } p ? p.ToString(p < 0.0001 ? "0.0e0" : "0.0000", Invariant) : c.TimeMethod == "Mann–Whitney U" ? "—" : c.TimeMethod,
                AllocationText(c), SizeText(c), c.StatusChange ?? c.New.StatusText,
            ]).ToList();
            var summary = report.Studies.First(s => s.Study == study.Key);
            rows.Add([$"geometric mean ({summary.Cells} cells)", "", "", Ratio(summary.TimeGeometricMean), "", Ratio(summary.AllocationGeometricMean), "", ""]);
            tables.Add(new TableModel($"{study.Key}: NEW / BASE", ["Cell", "Base mean", "New mean", "Time", "p", "Allocated", "Size", "Status"], rows,
            [
                $"Time: {TimeMethods(study)} (one-sided, α = {Comparer.Alpha.ToString(Invariant)}), and a change of more than the threshold ({Percent(report.Threshold)}); '~' = not significant or within the threshold; " +
                "'inconclusive' = slower beyond the threshold but not significant, with the 99.9% interval of the ratio.",
                "Allocated and Size are deterministic: any change beyond the threshold is shown.",
            ]));
        }

        foreach (var (title, cells) in new[] { ("Only in BASE", report.OnlyInBase), ("Only in NEW", report.OnlyInNew) })
        {
            if (cells.Count > 0)
            {
                tables.Add(new TableModel(title, ["Study", "Cell", "Status"], [.. cells.Select(c => (IReadOnlyList<string>)[c.Study, c.Key, c.StatusText])], []));
            }
        }

        return tables;
    }

    private static string TimeMethods(IEnumerable<CellComparison> cells)
    {
        var methods = cells.Select(c => c.TimeMethod).Where(m => m is not "—" and not "no spread").Distinct().ToList();
        return methods.Count == 0 ? "no test possible" : string.Join("; ", methods.Select(m => m switch
        {
            "Mann–Whitney U" => "Mann–Whitney U on per-iteration samples against a shift of the threshold",
            "99.9% CI" => "99.9% intervals that do not overlap",
            _ => m,
        }));
    }

    public static void WriteMarkdown(ComparisonReport report, string basePath, string newPath, TextWriter writer)
    {
        writer.WriteLine(MarkdownHeading);
        writer.WriteLine();
        writer.WriteLine($"BASE {MarkdownReportExporter.Code(basePath)} · NEW {MarkdownReportExporter.Code(newPath)} · threshold {Percent(report.Threshold)} · " + Verdict(report, "**"));
        MarkdownReportExporter.WriteParagraphs(writer, [.. report.Warnings.Select(w => $"> **Warning:** {MarkdownReportExporter.Escape(w)}; the files were measured under different runtime settings."),
            .. report.Contention is { } c ? [$"> **Machine speed differed:** {MarkdownReportExporter.Escape(c.Describe())}"] : Array.Empty<string>()]);

        foreach (var table in Build(report))
        {
            writer.WriteLine();
            writer.WriteLine($"## {MarkdownReportExporter.Escape(table.Title)}");
            writer.WriteLine();
            MarkdownReportExporter.WriteTable(writer, table);
        }
    }

    /// <summary>"no regression", or how many regressions and cells that could not be compared.</summary>
    public static string Verdict(ComparisonReport report, string emphasis = "")
    {
        var regressions = report.Cells.Count(c => c.IsRegression);
        var notComparable = report.Cells.Count(c => c.IsNotComparable);
        var inconclusive = report.Cells.Count(c => c.IsInconclusive);
        if (report.ComparedNothing)
        {
            return emphasis + (report.Cells.Count == 0 ? "nothing compared: the files share no cell" : "nothing compared: no shared cell has a time in either file") + emphasis;
        }

        if (regressions == 0 && notComparable == 0 && inconclusive == 0)
        {
            return "no regression";
        }

        return emphasis + string.Join(", ", new[] { (regressions, "regression(s)"), (notComparable, "not comparable"), (inconclusive, "inconclusive") }
            .Where(p => p.Item1 > 0).Select(p => $"{p.Item1} {p.Item2}")) + emphasis;
    }

    public static string Percent(double fraction) => (fraction * 100).ToString("0.##", Invariant) + "%";

    private static string TimeText(CellComparison c) => c.Time switch
    {
        Change.Slower => $"{Ratio(c.TimeRatio)} slower",
        Change.Faster => $"{Ratio(c.TimeRatio)} faster",
        Change.Same => $"~ ({Ratio(c.TimeRatio)})",
        Change.Inconclusive => $"inconclusive ({Ratio(c.TimeRatio)}, {Interval(c.TimeInterval)})",
        _ when c.IsNotComparable => "not comparable",
        _ => "—",
    };

    private static string AllocationText(CellComparison c) => c.Allocation switch
    {
        Change.More => $"{Ratio(c.AllocationRatio)} more",
        Change.Less => $"{Ratio(c.AllocationRatio)} less",
        Change.Same => "~",
        _ => "—",
    };

    private static string SizeText(CellComparison c) =>
        c.Base.PayloadBytes is { } before && c.New.PayloadBytes is { } after && before != after
            ? $"{before.ToString("N0", Invariant)} → {after.ToString("N0", Invariant)} B"
            : "~";

    private static string Interval((double Low, double High)? interval) => interval is { } i ? $"99.9% interval {Ratio(i.Low)}–{(double.IsFinite(i.High) ? Ratio(i.High) : "∞")}" : "no interval";

    private static string Ratio(double? ratio) => ratio is { } r && !double.IsInfinity(r) ? r.ToString("0.00", Invariant) + "×" : "—";
}
