using SerBench.Running;
using SerBench.Sizes;

namespace SerBench.Tests.Sizes;

public class CompressionNamesTests
{
    [Theory]
    [InlineData("gzip", Compressions.Gzip)]
    [InlineData("ZSTD, lz4", Compressions.Zstd | Compressions.Lz4)]
    [InlineData("gzip,brotli,zstd,lz4", Compressions.All)]
    [InlineData("gzip,gzip", Compressions.Gzip)]
    [InlineData("none", Compressions.None)]
    public void Parse_ReadsTheNamesInAnyCase(string text, Compressions expected) => Assert.Equal(expected, CompressionNames.Parse(text));

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
        for (var set = Compressions.None; set <= Compressions.All; set++)
        {
            Assert.Equal(set, CompressionNames.Parse(CompressionNames.Name(set)));
        }
    }
}
