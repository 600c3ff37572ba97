using System.Text;
using SerBench.Sizes;

namespace SerBench.Tests.Sizes;

public class PayloadSizesTests
{
    [Fact]
    public void OneBytePayload_HasGzipsFixedFraming()
    {
        // gzip: 10-byte header + a 3-byte fixed-Huffman deflate block for one literal + 8-byte trailer (CRC-32 and length).
        var sizes = PayloadSizes.Measure([new byte[] { (byte)'a' }]);

        Assert.Equal(1, sizes.Bytes);
        Assert.Equal(21L, sizes.GzipBytes);
        Assert.InRange(sizes.BrotliBytes!.Value, 2, 10);
        // zstd: 4-byte magic, frame header and a raw block; LZ4: a token and the literal.
        Assert.InRange(sizes.ZstdBytes!.Value, 9, 20);
        Assert.Equal(2, sizes.Lz4Bytes);
    }

    [Fact]
    public void RepetitiveText_CompressesToAFewPercent_AndRawBytesAreExact()
    {
        var payload = Encoding.UTF8.GetBytes(string.Concat(Enumerable.Repeat("{\"name\":\"Speed Run\",\"highScore\":10000}", 500)));

        var sizes = PayloadSizes.Measure([payload]);

        Assert.Equal(19_000, sizes.Bytes);
        Assert.InRange(sizes.GzipBytes!.Value, 40, 400);
        Assert.InRange(sizes.BrotliBytes!.Value, 20, 200);
        Assert.InRange(sizes.ZstdBytes!.Value, 20, 400);
        Assert.InRange(sizes.Lz4Bytes!.Value, 40, 400);
        Assert.All([sizes.GzipNs, sizes.BrotliNs, sizes.ZstdNs, sizes.Lz4Ns], ns => Assert.True(ns > 0, "each compressor is timed"));
    }

    [Fact]
    public void ManyPayloads_AreCompressedOneByOne_AndSummed()
    {
        var one = Encoding.UTF8.GetBytes("{\"name\":\"Speed Run\",\"highScore\":10000}");

        var single = PayloadSizes.Measure([one]);
        var three = PayloadSizes.Measure([one, one, one]);

        Assert.Equal(
            (3 * single.Bytes, 3 * single.GzipBytes, 3 * single.BrotliBytes, 3 * single.ZstdBytes, 3 * single.Lz4Bytes),
            (three.Bytes, three.GzipBytes, three.BrotliBytes, three.ZstdBytes, three.Lz4Bytes));
        // Compressed alone, a 38-byte message grows under gzip (fixed 18+ byte framing): the many-small-messages cost the table shows.
        Assert.True(single.GzipBytes > single.Bytes);
    }

    [Fact]
    public void CompressorsLeftOut_HaveNeitherSizeNorTime()
    {
        var payload = Encoding.UTF8.GetBytes("{\"name\":\"Speed Run\",\"highScore\":10000}");

        var sizes = PayloadSizes.Measure([payload], Compressions.Gzip | Compressions.Lz4);

        Assert.Equal(payload.Length, sizes.Bytes);
        Assert.NotNull(sizes.GzipBytes);
        Assert.NotNull(sizes.Lz4Ns);
        Assert.Equal((null, null, null, null), (sizes.BrotliBytes, sizes.BrotliNs, sizes.ZstdBytes, sizes.ZstdNs));

        var none = PayloadSizes.Measure([payload], Compressions.None);
        Assert.Equal((payload.Length, null, null, null, null), (none.Bytes, none.GzipBytes, none.BrotliBytes, none.ZstdBytes, none.Lz4Bytes));
    }
}
