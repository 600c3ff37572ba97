using SerBench.Core.Payloads;
using SerBench.Core.Results;
using SerBench.Core.Studies;
using SerBench.Core.Verification;

namespace SerBench.Tests.Core.Results;

public sealed class CellTextTests
{
    [Fact]
    public void EveryShapeOperationAndStatus_ReadsBackFromItsText()
    {
        Assert.All(Enum.GetValues<Shape>(), s => Assert.Equal(s, CellText.ParseShape(CellText.Name(s))));
        Assert.All(Enum.GetValues<Operation>(), o => Assert.Equal(o, CellText.ParseOperation(CellText.Name(o))));
        Assert.All(Enum.GetValues<VerificationStatus>(), s => Assert.Equal(s, CellText.ParseStatus(CellText.Label(s))));
    }

    [Fact]
    public void TheTextForms_AreWhatResultsFilesHaveAlwaysHeld()
    {
        Assert.Equal(["object", "list", "many", "threads"], CellText.ShapeNames);
        Assert.Equal(["serialize", "deserialize", "roundtrip", "serialize-stream", "deserialize-stream", "serialize-pipe", "deserialize-pipe", "deserialize-items", "first-item", "first-call"], CellText.OperationNames);
        Assert.Equal(["OK", "DIFFERS", "MISMATCH", "UNSUPPORTED", "CRASH", "UNAVAILABLE"], CellText.StatusLabels);
    }

    [Theory]
    [InlineData("ok")]
    [InlineData("Object")]
    [InlineData("NO RESULT")]
    [InlineData("")]
    public void TextThatNamesNothing_IsNone(string text)
    {
        Assert.Null(CellText.TryParseStatus(text));
        Assert.Null(CellText.TryParseShape(text));
        Assert.Null(CellText.TryParseOperation(text));
        Assert.Throws<FormatException>(() => CellText.ParseStatus(text));
    }

    [Fact]
    public void ResultsJson_HoldsTheTextForms_AndReadsThemBack()
    {
        var document = SampleResults.Document(
            SampleResults.Cell("a", 1000, operation: Operation.FirstCall) with { Shape = Shape.Object, Count = 1 },
            SampleResults.Cell("b", null, VerificationStatus.Unavailable, operation: Operation.RoundTrip, reason: "no package"));

        var json = ResultsJson.ToJson(document);
        using var stream = new MemoryStream(System.Text.Encoding.UTF8.GetBytes(json));
        var read = ResultsJson.Read(stream);

        Assert.All(["\"shape\": \"object\"", "\"operation\": \"first-call\"", "\"status\": \"OK\"", "\"shape\": \"list\"", "\"operation\": \"roundtrip\"", "\"status\": \"UNAVAILABLE\""],
            field => Assert.Contains(field, json, StringComparison.Ordinal));
        Assert.Equal(document.Cells.Select(c => c.Key), read.Cells.Select(c => c.Key));
        Assert.Equal(json, ResultsJson.ToJson(read));
    }

    [Fact]
    public void Cases_AreNamedInTheInvariantCulture()
    {
        Assert.Equal(["1 object", "list of 1,000", "10,000 calls"],
            [CellText.Case(Shape.Object, 1), CellText.Case(Shape.List, 1000), CellText.Case(Shape.Many, 10_000)]);
        Assert.Equal(["1 obj", "list 1,000", "10,000 calls"],
            [CellText.ShortCase(Shape.Object, 1), CellText.ShortCase(Shape.List, 1000), CellText.ShortCase(Shape.Many, 10_000)]);
    }
}
