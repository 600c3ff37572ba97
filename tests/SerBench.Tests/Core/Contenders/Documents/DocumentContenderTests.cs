using System.Text;
using SerBench.Core.Contenders;
using SerBench.Core.Payloads;
using SerBench.Core.Studies;
using SerBench.Core.UserData;
using SerBench.Core.Verification;
using SerBench.Tests.Infrastructure;

namespace SerBench.Tests.Core.Contenders.Documents;

public class DocumentContenderTests
{
    private static Workload Workload(string name, params string[] documents)
    {
        var data = documents.Select((d, i) => new JsonData($"{i}.json", Encoding.UTF8.GetBytes(d))).ToArray();
        var model = new PayloadModel<JsonData>(name, name, (_, count) => [.. Enumerable.Range(0, count).Select(i => data[i % data.Length])]);
        return new Workload(model, data.Length == 1 ? Shape.Object : Shape.Many, data.Length, [Operation.Deserialize, Operation.Serialize]);
    }

    [Theory]
    [InlineData("stj-reader")]
    [InlineData("stj-document")]
    [InlineData("stj-node")]
    public void PlainDocument_IsOk_AndEveryOperationRuns(string contender)
    {
        var prepared = Verifier.Prepare(ContenderRegistry.Find(contender)!, JsonConventions.Default,
            Workload("plain", """{"id":12,"name":"Ada","tags":["x","y"],"score":1.5,"ok":true,"none":null}""", "[1,2,3]"));

        Assert.Equal(VerificationStatus.Ok, prepared.Outcome.Status);
        Assert.Equal(Encoding.UTF8.GetByteCount("""{"id":12,"name":"Ada","tags":["x","y"],"score":1.5,"ok":true,"none":null}[1,2,3]"""), prepared.Sizes!.Bytes);
        foreach (var operation in new[] { Operation.Deserialize, Operation.Serialize, Operation.RoundTrip })
        {
            prepared.CreateBody(operation)();
        }
    }

    [Theory]
    [InlineData("stj-node")]
    [InlineData("stj-document")]
    public void NonAsciiText_IsEscapedByTheDefaultEncoder_AndOnlyDiffers(string contender)
    {
        var prepared = Verifier.Prepare(ContenderRegistry.Find(contender)!, JsonConventions.Default, Workload("text", """{"city":"Zürich"}"""));

        Assert.Equal(VerificationStatus.Differs, prepared.Outcome.Status);
        Assert.Contains("$.city: escaped differently", prepared.Outcome.Reason, StringComparison.Ordinal);
        Assert.True(prepared.Outcome.IsTimed);
    }

    [Fact]
    public void JsonNode_KeepsDuplicateKeysItDidNotTouch()
    {
        // A parsed JsonNode writes the text it was parsed from until something materialises the object.
        var prepared = Verifier.Prepare(ContenderRegistry.Find("stj-node")!, JsonConventions.Default, Workload("dup", """{"a":1,"a":2}"""));

        Assert.Equal(VerificationStatus.Ok, prepared.Outcome.Status);
    }

    [Fact]
    public void DomThatKeepsTheLastOfDuplicateKeys_IsAMismatchSayingSo()
    {
        var prepared = Verifier.Prepare(new LastKeyWins(), JsonConventions.Default, Workload("dup", """{"id":7,"a":1,"a":2}"""));

        Assert.Equal(VerificationStatus.Mismatch, prepared.Outcome.Status);
        Assert.Equal("round trip changed the data: $.a: duplicate key written 2 times in the original, 1 in the output (kept the last value)", prepared.Outcome.Reason);
        Assert.False(prepared.Outcome.IsTimed);
    }

    /// <summary>A DOM that reads objects into a dictionary, as many do: the last of duplicate keys wins.</summary>
    private sealed class LastKeyWins() : SerBench.Core.Contenders.Documents.DocumentContender("fake-dictionary-dom", "Fake", TextMode.Utf8)
    {
        protected override System.Reflection.Assembly? LibraryAssembly => typeof(LastKeyWins).Assembly;

        protected override Codec<JsonData> CreateDocumentCodec() => new DictionaryCodec();

        private sealed class DictionaryCodec : SerBench.Core.Contenders.Documents.DocumentCodec<Dictionary<string, int>, byte[]>
        {
            protected override Dictionary<string, int> Parse(byte[] text)
            {
                using var document = System.Text.Json.JsonDocument.Parse(text);
                var result = new Dictionary<string, int>();
                foreach (var property in document.RootElement.EnumerateObject())
                {
                    result[property.Name] = property.Value.GetInt32();
                }

                return result;
            }

            protected override byte[] Write(Dictionary<string, int> dom) => System.Text.Json.JsonSerializer.SerializeToUtf8Bytes(dom);
        }
    }

    [Fact]
    public void JToken_RewritingANumberToTheSameDouble_OnlyDiffers()
    {
        // JToken reads a fraction as a double and writes it shortest: other text, the number a double-based reader sees.
        var prepared = Verifier.Prepare(LivePacks.Find("newtonsoft-jtoken"), JsonConventions.Default, Workload("geo", """{"lat":-65.613616999999977}"""));

        Assert.Equal(VerificationStatus.Differs, prepared.Outcome.Status);
        Assert.Contains("$.lat: -65.613616999999977 written as -65.61361699999998 (number text changed, same double)", prepared.Outcome.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void JToken_LosingDigitsADoubleCannotHold_IsAMismatchNamingThem()
    {
        var prepared = Verifier.Prepare(LivePacks.Find("newtonsoft-jtoken"), JsonConventions.Default, Workload("exact", """{"n":1.0000000000000000001}"""));

        Assert.Equal(VerificationStatus.Mismatch, prepared.Outcome.Status);
        Assert.Contains("more significant digits than a double holds; from the 20th significant digit on, 1 became 0", prepared.Outcome.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void TypedSerializer_OnDocuments_IsUnsupportedWithTheReason()
    {
        var prepared = Verifier.Prepare(ContenderRegistry.Find("stj-reflection-utf8")!, JsonConventions.Default, Workload("plain", "[1]"));

        Assert.Equal(VerificationStatus.Unsupported, prepared.Outcome.Status);
        Assert.Contains("serializes typed objects", prepared.Outcome.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void DocumentContender_OnATypedModel_IsUnsupported()
    {
        var prepared = Verifier.Prepare(ContenderRegistry.Find("stj-node")!, JsonConventions.Default,
            new Workload(PayloadRegistry.SaveGame, Shape.Object, 1, [Operation.Serialize]));

        Assert.Equal(VerificationStatus.Unsupported, prepared.Outcome.Status);
        Assert.Contains("document model", prepared.Outcome.Reason, StringComparison.Ordinal);
    }
}
