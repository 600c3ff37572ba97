using System.Text;
using SerBench.Core.Sizes;

namespace SerBench.Tests.Core.Sizes;

public class PayloadSizesTests
{
    [Fact]
    public void OneBytePayload_HasGzipsFixedFraming()
    {
        // gzip: 10-byte header + a 3-byte fixed-Huffman deflate block for one literal + 8-byte trailer (CRC-32 and length).
        var sizes = PayloadSizes.Measure([new byte[] { (byte)'a' }]);

        Assert.Equal(1, sizes.Bytes);
        Assert.Equal(21L, sizes.Compressed["gzip"].Bytes);
        Assert.InRange(sizes.Compressed["brotli"].Bytes!.Value, 2, 10);
        // zstd: 4-byte magic, frame header and a raw block; LZ4: a token and the literal.
        Assert.InRange(sizes.Compressed["zstd"].Bytes!.Value, 9, 20);
        Assert.Equal(2, sizes.Compressed["lz4"].Bytes);
    }

    [Fact]
    public void RepetitiveText_CompressesToAFewPercent_AndRawBytesAreExact()
    {
        var payload = Encoding.UTF8.GetBytes(string.Concat(Enumerable.Repeat("{\"name\":\"Speed Run\",\"highScore\":10000}", 500)));

        var sizes = PayloadSizes.Measure([payload]);

        Assert.Equal(19_000, sizes.Bytes);
        Assert.InRange(sizes.Compressed["gzip"].Bytes!.Value, 40, 400);
        Assert.InRange(sizes.Compressed["brotli"].Bytes!.Value, 20, 200);
        Assert.InRange(sizes.Compressed["zstd"].Bytes!.Value, 20, 400);
        Assert.InRange(sizes.Compressed["lz4"].Bytes!.Value, 40, 400);
        Assert.Equal(Compressor.All.Count, sizes.Compressed.Count);
        Assert.All(sizes.Compressed.Values, c => Assert.True(c.Ns > 0, "each compressor is timed"));
    }

    [Fact]
    public void ManyPayloads_AreCompressedOneByOne_AndSummed()
    {
        var one = Encoding.UTF8.GetBytes("{\"name\":\"Speed Run\",\"highScore\":10000}");

        var single = PayloadSizes.Measure([one]);
        var three = PayloadSizes.Measure([one, one, one]);

        Assert.Equal(3 * single.Bytes, three.Bytes);
        Assert.All(Compressor.All, c => Assert.Equal(3 * single.Compressed[c.Name].Bytes, three.Compressed[c.Name].Bytes));
        // Compressed alone, a 38-byte message grows under gzip (fixed 18+ byte framing): the many-small-messages cost the table shows.
        Assert.True(single.Compressed["gzip"].Bytes > single.Bytes);
    }

    [Fact]
    public void CompressorsLeftOut_HaveNeitherSizeNorTime()
    {
        var payload = Encoding.UTF8.GetBytes("{\"name\":\"Speed Run\",\"highScore\":10000}");

        var sizes = PayloadSizes.Measure([payload], CompressionNames.TryParse("gzip,lz4")!);

        Assert.Equal(payload.Length, sizes.Bytes);
        Assert.Equal(["gzip", "lz4"], sizes.Compressed.Keys.Order());
        Assert.All(sizes.Compressed.Values, c => Assert.True(c is { Bytes: > 0, Ns: > 0 }));

        var none = PayloadSizes.Measure([payload], Compressions.None);
        Assert.Equal(payload.Length, none.Bytes);
        Assert.Empty(none.Compressed);
    }
}
