using SerBench.Core.Running;
using SerBench.Running;

namespace SerBench.Tests.Running;

public class CompressionsOptionTests
{
    [Theory]
    [InlineData("xz", "--compressions: unknown compressor 'xz'. Choose from gzip, brotli, zstd, lz4, or none alone")]
    [InlineData("gzip,deflate", "--compressions: unknown compressor 'deflate'.")]
    [InlineData("none,gzip", "--compressions: 'none' cannot be combined with compressors.")]
    [InlineData(" , ", "--compressions: no compressor given.")]
    public void Parse_SaysWhatIsWrong_InOneLine(string text, string expectedStart)
    {
        var error = Assert.Throws<UsageException>(() => CompressionsOption.Parse(text));

        Assert.StartsWith(expectedStart, error.Message, StringComparison.Ordinal);
        Assert.DoesNotContain('\n', error.Message);
    }
}
