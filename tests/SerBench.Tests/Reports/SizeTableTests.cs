using System.Collections.Immutable;
using SerBench.Core.Sizes;
using SerBench.Reports;

namespace SerBench.Tests.Reports;

public class SizeTableTests
{
    [Fact]
    public void EveryCompressorMeasured_HasItsColumnWithSizeShareAndTime()
    {
        var table = SizeTable.Build([SampleResults.Cell("stj-reflection-utf8", 1000)]);

        Assert.Equal(["Contender", "Payload", "Case", "Bytes", "Bytes/object", "gzip Optimal", "Brotli Optimal", "zstd level 3", "LZ4 L00 fast"], table.Headers);
        Assert.StartsWith("60,000 B (32%) · ", table.Rows[0][5], StringComparison.Ordinal);
        Assert.Contains("zstd at level 3", Assert.Single(table.Footnotes), StringComparison.Ordinal);
    }

    [Fact]
    public void CompressorsNoCellWasMeasuredWith_HaveNoColumn_AndTheFootnoteNamesOnlyTheOthers()
    {
        // What `--compressions gzip` leaves: Brotli, zstd and LZ4 have neither size nor time.
        var cell = SampleResults.Cell("stj-reflection-utf8", 1000) with { Compressed = SampleResults.Cell("stj-reflection-utf8", 1000).Compressed.RemoveRange(["brotli", "zstd", "lz4"]) };

        var table = SizeTable.Build([cell]);

        Assert.Equal(["Contender", "Payload", "Case", "Bytes", "Bytes/object", "gzip Optimal"], table.Headers);
        Assert.Equal(6, table.Rows[0].Count);
        var footnote = Assert.Single(table.Footnotes);
        Assert.DoesNotContain("Brotli", footnote, StringComparison.Ordinal);
        Assert.DoesNotContain("zstd", footnote, StringComparison.Ordinal);
    }

    [Fact]
    public void NoCompressorMeasured_LeavesRawSizesAndNoFootnote()
    {
        var cell = SampleResults.Cell("stj-reflection-utf8", 1000) with { Compressed = ImmutableDictionary<string, Compressed>.Empty };

        var table = SizeTable.Build([cell]);

        Assert.Equal(5, table.Headers.Count);
        Assert.Empty(table.Footnotes);
    }
}
