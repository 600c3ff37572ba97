using SerBench.Core.Results;
using SerBench.Core.Studies;

namespace SerBench.Reports.Columns;

/// <summary>A new column is a <see cref="StudyColumn"/> member and one line here; contender, case and status are <see cref="StudyTables"/>' own.</summary>
internal static class DefaultColumns
{
    private static readonly IReadOnlyDictionary<StudyColumn, IColumn> ByName = new Dictionary<StudyColumn, IColumn>
    {
        [StudyColumn.Mean] = new TimeColumn("Mean", c => c.MeanNs),
        [StudyColumn.Error] = new TimeColumn("Error", c => c.ErrorNs),
        [StudyColumn.StdDev] = new TimeColumn("StdDev", c => c.StdDevNs),
        [StudyColumn.Median] = new TimeColumn("Median", c => c.MedianNs),
        [StudyColumn.Ratio] = new RatioColumn("Ratio", c => c.Ratio),
        [StudyColumn.AllocRatio] = new RatioColumn("Alloc Ratio", c => c.AllocRatio),
        [StudyColumn.Gen0] = new CollectionsColumn("Gen0", c => c.Gen0),
        [StudyColumn.Gen1] = new CollectionsColumn("Gen1", c => c.Gen1),
        [StudyColumn.Gen2] = new CollectionsColumn("Gen2", c => c.Gen2),
        [StudyColumn.Allocated] = new AllocatedColumn(),
        [StudyColumn.PayloadBytes] = new PayloadColumn(),
        [StudyColumn.MeanNanoseconds] = new RateColumn("Mean (ns)", c => c.MeanNs is { } mean ? Formatting.Number(mean, "N1") : null),
        [StudyColumn.MillionOpsPerSecond] = new RateColumn("Mops/s", c => c.MeanNs is { } perOp && perOp > 0 ? Formatting.Number(1_000.0 / perOp, "0.000") : null),
        [StudyColumn.Throughput] = new RateColumn(Verdict.VerdictTables.Throughput, c => c.MeanNs is { } mean && mean > 0 ? Formatting.Number(c.Count * 1e9 / mean, "N0") : null),
        [StudyColumn.NanosecondsPerObject] = new PerObjectColumn("ns/object", c => c.MeanNs, ns => Formatting.Number(ns, "N1")),
        [StudyColumn.AllocatedPerObject] = new PerObjectColumn("Alloc/object", c => c.AllocatedBytes, bytes => Formatting.Number(bytes, "N0") + " B"),
        [StudyColumn.PayloadBytesPerObject] = new PerObjectColumn("Payload/object", c => c.PayloadBytes, bytes => Formatting.Number(bytes, "N0") + " B"),
        // Payload bytes are the whole operation's (all N documents of a "many" cell), like its mean.
        [StudyColumn.MegabytesPerSecond] = new RateColumn("MB/s", c => MegabytesPerSecond(c) is { } rate ? Formatting.Number(rate, "N1") : null),
        [StudyColumn.AllocatedPerMegabyte] = new RateColumn("Alloc/MB",
            c => c.AllocatedBytes is { } bytes && c.PayloadBytes is { } payload && payload > 0 ? Formatting.Bytes((long)Math.Round(bytes * 1e6 / payload)) : null),
    };

    /// <summary>10^6 payload bytes read or written per second; null without a time or a payload size.</summary>
    public static double? MegabytesPerSecond(ResultCell cell) =>
        cell.MeanNs is { } time && time > 0 && cell.PayloadBytes is { } bytes ? bytes * 1_000.0 / time : null;

    public static IReadOnlyList<IColumn> For(StudyDefinition study) =>
        [.. (study.Columns is { Count: > 0 } chosen ? chosen : StudyDefinition.DefaultColumns).Select(Of)];

    // A name this SerBench does not know (a number in an edited file) shows "?".
    public static IColumn Of(StudyColumn name) => ByName.TryGetValue(name, out var column) ? column : new RateColumn(name.ToString(), _ => "?");
}
