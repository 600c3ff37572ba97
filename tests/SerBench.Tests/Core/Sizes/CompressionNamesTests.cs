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
    public void TryParse_ReadsTheNamesInAnyCase(string text, string expected) => Assert.Equal(expected, CompressionNames.Name(CompressionNames.TryParse(text)!));

    [Fact]
    public void All_ChoosesEveryCompressor() => Assert.Equal(Compressor.All, Compressions.All.Chosen);

    [Theory]
    [InlineData("xz")]
    [InlineData("none,gzip")]
    [InlineData(" , ")]
    public void TryParse_RefusesWhatItDoesNotKnow(string text) => Assert.Null(CompressionNames.TryParse(text));

    [Fact]
    public void Name_ReadsBackAsTheSameSet_ForEverySubset()
    {
        for (var mask = 0; mask <= Compressions.All.Mask; mask++)
        {
            Assert.Equal(new Compressions(mask), CompressionNames.TryParse(CompressionNames.Name(new Compressions(mask))));
        }
    }
}
