using SerBench.Reports;

namespace SerBench.Tests.Reports;

public class CsvExporterTests
{
    [Theory]
    [InlineData("=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0")]
    [InlineData("+1", "'+1")]
    [InlineData("-2+3", "'-2+3")]
    [InlineData("@SUM(A1)", "'@SUM(A1)")]
    [InlineData("\tx", "'\tx")]
    [InlineData("\rx", "\"'\rx\"")]
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
}
