using System.Globalization;
using SerBench.Results;

namespace SerBench.Reports;

/// <summary><c>results.csv</c>: one row per cell, every scalar field of <see cref="ResultCell"/>, RFC 4180 quoting.</summary>
public sealed class CsvExporter : IReportExporter
{
    public const string Header =
        "study,contender,library,libraryVersion,format,textMode,generation,payload,shape,count,operation,status,reason," +
        "meanNs,errorNs,stdDevNs,medianNs,allocatedBytes,gen0,gen1,gen2,payloadBytes,gzipBytes,brotliBytes,ratio,allocRatio,baseline,noisy,note,nativeAot,licence";

    public string FileName => "results.csv";

    public void Export(ResultsDocument document, TextWriter writer)
    {
        writer.WriteLine(Header);
        foreach (var cell in document.Cells)
        {
            writer.WriteLine(Row(cell));
        }
    }

    public static string Row(ResultCell c) => string.Join(",", new[]
    {
        c.Study, c.Contender, c.Library, c.LibraryVersion, c.Format, c.TextMode, c.Generation, c.Payload, c.Shape,
        Number(c.Count), c.Operation, c.Status, c.Reason, Number(c.MeanNs), Number(c.ErrorNs), Number(c.StdDevNs), Number(c.MedianNs),
        Number(c.AllocatedBytes), Number(c.Gen0), Number(c.Gen1), Number(c.Gen2), Number(c.PayloadBytes), Number(c.GzipBytes), Number(c.BrotliBytes), Number(c.Ratio),
        Number(c.AllocRatio), c.Baseline, c.Noisy ? "true" : "false", c.Note, c.NativeAot, c.Licence,
    }.Select(Quote));

    private static string? Number(double? value) => value?.ToString("R", CultureInfo.InvariantCulture);

    private static string? Number(long? value) => value?.ToString(CultureInfo.InvariantCulture);

    private static string Quote(string? field) =>
        field is null ? "" : field.AsSpan().IndexOfAny(",\"\r\n") < 0 ? field : "\"" + field.Replace("\"", "\"\"", StringComparison.Ordinal) + "\"";
}
