using SerBench.Core.Contenders;
using SerBench.Core.Payloads;
using SerBench.Core.Studies;
using SerBench.Core.Verification;

namespace SerBench.Tests.Core.Contenders;

public class HandWrittenBinaryTests
{
    private static Codec<SaveGame, byte[]> Codec(string name) =>
        (Codec<SaveGame, byte[]>)ContenderRegistry.Find(name)!.CreateCodec<SaveGame>(JsonConventions.Default);

    [Fact]
    public void Serialize_ArticleValue_IsExactly28BytesInTheArticleLayout()
    {
        var bytes = Codec("binary-utf16").Serialize(new SaveGame { Name = "Speed Run", HighScore = 10000 });

        // 4 (size) + 2·(9 + 1) (UTF-16 name + NUL) + 4 (score) = 28.
        Assert.Equal(28, bytes.Length);
        Assert.Equal(28, BitConverter.ToInt32(bytes, 0));
        Assert.Equal("Speed Run", System.Text.Encoding.Unicode.GetString(bytes, 4, 18));
        Assert.Equal([0, 0], bytes[22..24]);
        Assert.Equal(10000, BitConverter.ToInt32(bytes, 24));
    }

    [Theory]
    [InlineData("binary-utf8", 4 + 9 + 1 + 4)]
    [InlineData("binary-utf8-unframed", 9 + 1 + 4)]
    public void Serialize_Variants_HaveTheirDocumentedSize(string name, int size) =>
        Assert.Equal(size, Codec(name).Serialize(new SaveGame { Name = "Speed Run", HighScore = 10000 }).Length);

    [Theory]
    [InlineData(0)]
    [InlineData(3)]
    public void Deserialize_BufferShorterThanThePrefix_IsRejected(int length)
    {
        var exception = Assert.Throws<FormatException>(() => Codec("binary-utf16").Deserialize(new byte[length]));
        Assert.Contains("shorter than the 4-byte size prefix", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Deserialize_BufferShorterThanDeclaredSize_IsRejected()
    {
        var bytes = Codec("binary-utf16").Serialize(new SaveGame { Name = "Speed Run", HighScore = 10000 });

        var exception = Assert.Throws<FormatException>(() => Codec("binary-utf16").Deserialize(bytes[..27]));
        Assert.Contains("shorter than its declared size of 28 bytes", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Deserialize_RoundTripsNonAsciiAndEscapes()
    {
        var game = new SaveGame { Name = "Niveau « 3 » — \"élan\"\t", HighScore = -5 };

        foreach (var name in new[] { "binary-utf16", "binary-utf8", "binary-utf8-unframed" })
        {
            var back = Codec(name).Deserialize(Codec(name).Serialize(game));
            Assert.Equal((game.Name, game.HighScore), (back.Name, back.HighScore));
        }
    }

    [Fact]
    public void Verify_NulInsideName_IsReportedAsMismatchAtName()
    {
        var withNul = new PayloadModel<SaveGame>("nul-game", "a NUL inside Name", (_, _) => [new SaveGame { Name = "Speed\0Run", HighScore = 1 }]);

        var prepared = Verifier.Prepare(ContenderRegistry.Find("binary-utf16")!, JsonConventions.Default,
            new Workload(withNul, Shape.Object, 1, [Operation.Serialize]));

        Assert.Equal(VerificationStatus.Mismatch, prepared.Outcome.Status);
        Assert.Equal("round trip changed the data: $.Name: expected \"Speed\\0Run\" but got \"Speed\"", prepared.Outcome.Reason);
    }
}
