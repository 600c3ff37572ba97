using System.Globalization;
using SerBench.Core.Results;
using SerBench.Core.Sizes;

namespace SerBench.Reports;

/// <summary>One row per cell, every scalar field of <see cref="ResultCell"/>, RFC 4180 quoting.</summary>
internal sealed class CsvExporter : IReportExporter
{
    public static string Header =>
        "study,contender,library,libraryVersion,format,textMode,generation,payload,shape,count,operation,status,reason,meanNs,errorNs,stdDevNs,medianNs," +
        string.Join(',', (string[])["allocatedBytes", "gen0", "gen1", "gen2", "payloadBytes", .. Compressor.All.Select(c => c.Name + "Bytes"), .. Compressor.All.Select(c => c.Name + "Ns")]) +
        ",ratio,allocRatio,baseline,noisy,note,nativeAot,licence,runtime,runtimeVersion,machine";

    public string FileName => "results.csv";

    public void Export(RunSummary summary, TextWriter writer)
    {
        writer.WriteLine(Header);
        foreach (var cell in summary.Document.Cells)
        {
            writer.WriteLine(Row(cell));
        }
    }

    public static string Row(ResultCell c) => string.Join(",", ((string?[])
    [
        Text(c.Study), Text(c.Contender), Text(c.Library), Text(c.LibraryVersion), Text(c.Format), Text(c.TextMode), Text(c.Generation), Text(c.Payload), Text(CellText.Name(c.Shape)),
        Number(c.Count), Text(CellText.Name(c.Operation)), Text(CellText.Label(c.Status)), Text(c.Reason), Number(c.MeanNs), Number(c.ErrorNs), Number(c.StdDevNs), Number(c.MedianNs),
        Number(c.AllocatedBytes), Number(c.Gen0), Number(c.Gen1), Number(c.Gen2), Number(c.PayloadBytes),
        .. Compressor.All.Select(k => Number(k.Of(c).Bytes)), .. Compressor.All.Select(k => Number(k.Of(c).Ns)), Number(c.Ratio),
        Number(c.AllocRatio), Text(c.Baseline), c.Noisy ? "true" : "false", Text(c.Note), Text(c.NativeAot), Text(c.Licence),
        Text(c.Runtime), Text(c.RuntimeVersion), Text(c.Machine),
    ]).Select(Quote));

    private static string? Number(double? value) => value?.ToString("R", CultureInfo.InvariantCulture);

    private static string? Number(long? value) => value?.ToString(CultureInfo.InvariantCulture);

    // Invisible characters as code points, so none reaches a spreadsheet or terminal; formula starts (= + - @) get an apostrophe (OWASP, CSV injection).
    private static string? Text(string? field) => field is null ? null : Guarded(Core.Files.InvisibleText.Show(field));

    private static string Guarded(string text) => text is ['=' or '+' or '-' or '@', ..] ? "'" + text : text;

    private static string Quote(string? field) =>
        field is null ? "" : field.AsSpan().IndexOfAny(",\"\r\n") < 0 ? field : "\"" + field.Replace("\"", "\"\"", StringComparison.Ordinal) + "\"";
}
