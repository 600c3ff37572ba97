using System.Text.Json.Nodes;
using SerBench.Core.Results;
using SerBench.Core.Sizes;
using SerBench.Reports;

namespace SerBench.Tests.Core.Sizes;

public class CompressorTests
{
    [Fact]
    public void OneMoreEntry_IsMeasured_ChosenByName_AndInCsvSizeTableAndResultsJson()
    {
        var halving = new Compressor("halving", "Halving", "halving level 1", "halving at level 1 (a test's fake)", payload => payload.Length / 2);
        Compressor.Use([.. Compressor.All, halving]);
        try
        {
            var sizes = PayloadSizes.Measure([new byte[100], new byte[60]], CompressionNames.TryParse("gzip,halving")!);
            Assert.Equal(80, sizes.Compressed["halving"].Bytes);
            Assert.True(sizes.Compressed["halving"].Ns >= 0);

            var cell = SampleResults.Cell("stj-reflection-utf8", 1000) with { Compressed = sizes.Compressed };
            var header = CsvExporter.Header.Split(',');
            var row = CsvExporter.Row(cell).Split(',');
            Assert.Equal(header.Length, row.Length);
            Assert.Equal("80", row[Array.IndexOf(header, "halvingBytes")]);
            Assert.Equal("", row[Array.IndexOf(header, "zstdNs")]);

            var table = SizeTable.Build([cell]);
            Assert.Equal(["gzip Optimal", "halving level 1"], table.Headers.Skip(5));
            Assert.Contains("halving at level 1", Assert.Single(table.Footnotes), StringComparison.Ordinal);

            var json = ResultsJson.ToJson(SampleResults.Document(cell));
            Assert.Contains("\"halvingBytes\": 80,", json, StringComparison.Ordinal);
            using var stream = new MemoryStream(System.Text.Encoding.UTF8.GetBytes(json));
            Assert.Equal(sizes.Compressed, Assert.Single(ResultsJson.Read(stream).Cells).Compressed);
        }
        finally
        {
            Compressor.Use(null);
        }
    }

    [Theory]
    [InlineData(0, 1 + PayloadSizes.Repetitions)]
    [InlineData(60, 1 + 2)] // 60 ms a pass, not 40: a sleep that overshot by 10 ms on a loaded host ended the 40 ms case a pass early
    [InlineData(200, 1 + 1)]
    public void CompressTimes_StopRepeatingOnceTheyTook0_1Seconds(int millisecondsAPass, int passes)
    {
        // One payload per pass: a slow compressor (a 2 MB document through Brotli, or 10,000 small payloads) is timed fewer times, a fast one five.
        var calls = 0;
        var slow = new Compressor("slow", "Slow", "slow", "slow (a test's fake)", payload =>
        {
            calls++;
            Thread.Sleep(millisecondsAPass);
            return payload.Length;
        });
        Compressor.Use([slow]);
        try
        {
            var sizes = PayloadSizes.Measure([new byte[10]], CompressionNames.TryParse("slow")!);
            Assert.Equal(passes, calls);
            Assert.True(sizes.Compressed["slow"].Ns >= millisecondsAPass * 1e6);
        }
        finally
        {
            Compressor.Use(null);
        }
    }

    [Fact]
    public void AFileWithSomeCompressorFieldsMissing_ReadsAndWritesBackFieldForField()
    {
        // Files written before zstd, LZ4 and compress times were measured hold gzipBytes and brotliBytes alone.
        var old = JsonNode.Parse(SampleFiles.Edited(root =>
        {
            foreach (var field in (string[])["zstdBytes", "lz4Bytes", "gzipNs", "brotliNs", "zstdNs", "lz4Ns"])
            {
                SampleFiles.FirstCell(root).Remove(field);
            }
        }))!;

        using var stream = new MemoryStream(System.Text.Encoding.UTF8.GetBytes(old.ToJsonString()));
        var read = ResultsJson.Read(stream);

        Assert.Equal(["brotli", "gzip"], read.Cells[0].Compressed.Keys.Order());
        Assert.Equal((new Compressed(60_000, null), new Compressed(50_000, null)), (read.Cells[0].Compressed["gzip"], read.Cells[0].Compressed["brotli"]));
        Assert.True(JsonNode.DeepEquals(old, JsonNode.Parse(ResultsJson.ToJson(read))));
    }
}
