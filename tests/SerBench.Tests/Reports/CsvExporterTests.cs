using SerBench.Reports;

namespace SerBench.Tests.Reports;

public class CsvExporterTests
{
    [Theory]
    [InlineData("=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0")]
    [InlineData("+1", "'+1")]
    [InlineData("-2+3", "'-2+3")]
    [InlineData("@SUM(A1)", "'@SUM(A1)")]
    // A tab or a carriage return shows as its code point: no spreadsheet runs "⟨U+0009⟩x".
    [InlineData("\tx", "⟨U+0009⟩x")]
    [InlineData("\rx", "⟨U+000D⟩x")]
    [InlineData("=1,2", "\"'=1,2\"")]
    [InlineData("plain", "plain")]
    public void TextThatASpreadsheetWouldRun_IsNeutralised(string contender, string expected)
    {
        var row = CsvExporter.Row(SampleResults.Cell(contender, 1000));

        Assert.StartsWith("web-api," + expected + ",", row, StringComparison.Ordinal);
    }

    [Fact]
    public void Numbers_AreLeftAsNumbers()
    {
        var row = CsvExporter.Row(SampleResults.Cell("a", 1234.5));

        Assert.Contains(",1234.5,", row, StringComparison.Ordinal);
    }

    [Fact]
    public void SizesAndCompressTimes_FollowTheHeader()
    {
        var header = CsvExporter.Header.Split(',');
        var row = CsvExporter.Row(SampleResults.Cell("a", 1234.5)).Split(',');

        Assert.Equal(header.Length, row.Length);
        Assert.Equal(("52000", "95000", "900000", "250000"),
            (row[Array.IndexOf(header, "zstdBytes")], row[Array.IndexOf(header, "lz4Bytes")], row[Array.IndexOf(header, "zstdNs")], row[Array.IndexOf(header, "lz4Ns")]));
    }
}
