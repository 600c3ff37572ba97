using SerBench.Core.Running;
using SerBench.Core.Sizes;

namespace SerBench.Tests.Core.Sizes;

public class CompressionNamesTests
{
    [Theory]
    [InlineData("gzip", "gzip")]
    [InlineData("ZSTD, lz4", "zstd,lz4")]
    [InlineData("lz4,gzip,brotli,zstd", "gzip,brotli,zstd,lz4")]
    [InlineData("gzip,gzip", "gzip")]
    [InlineData("none", "none")]
    public void Parse_ReadsTheNamesInAnyCase(string text, string expected) => Assert.Equal(expected, CompressionNames.Name(CompressionNames.Parse(text)));

    [Fact]
    public void All_ChoosesEveryCompressor() => Assert.Equal(Compressor.All, Compressions.All.Chosen);

    [Theory]
    [InlineData("xz", "--compressions: unknown compressor 'xz'. Choose from gzip, brotli, zstd, lz4, or none alone")]
    [InlineData("gzip,deflate", "--compressions: unknown compressor 'deflate'.")]
    [InlineData("none,gzip", "--compressions: 'none' cannot be combined with compressors.")]
    [InlineData(" , ", "--compressions: no compressor given.")]
    public void Parse_RefusesWhatItDoesNotKnow_InOneLine(string text, string expectedStart)
    {
        var error = Assert.Throws<UsageException>(() => CompressionNames.Parse(text));

        Assert.StartsWith(expectedStart, error.Message, StringComparison.Ordinal);
        Assert.DoesNotContain('\n', error.Message);
    }

    [Fact]
    public void Name_ReadsBackAsTheSameSet_ForEverySubset()
    {
        for (var mask = 0; mask <= Compressions.All.Mask; mask++)
        {
            Assert.Equal(new Compressions(mask), CompressionNames.Parse(CompressionNames.Name(new Compressions(mask))));
        }
    }
}
