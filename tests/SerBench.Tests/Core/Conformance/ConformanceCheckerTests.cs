using SerBench.Core.Conformance;
using SerBench.Core.Contenders;
using SerBench.Core.UserData;

namespace SerBench.Tests.Core.Conformance;

/// <summary>
/// Verdicts of real libraries on built-in documents whose behaviour is known: System.Text.Json's DOMs and reader, and
/// Newtonsoft.Json's JToken (its pack is compiled into the tests, see <see cref="LivePacks"/>).
/// </summary>
public class ConformanceCheckerTests
{
    private static ConformanceCell Check(string contender, string document)
    {
        var codec = LivePacks.Find(contender).CreateCodec<JsonData>(JsonConventions.Default);
        return ConformanceChecker.Check(contender, codec, TrickyDocuments.Documents.Single(d => d.Name == document));
    }

    [Theory]
    [InlineData("stj-reader")]
    [InlineData("stj-document")]
    [InlineData("stj-node")]
    public void TrailingComma_IsRejectedBySystemTextJson_WhichIsRight(string contender)
    {
        var cell = Check(contender, "trailing-comma-array");

        Assert.Equal((ConformanceOutcome.Rejected, ConformanceRating.Right), (cell.Outcome, cell.Rating));
        Assert.StartsWith("JsonReaderException: The JSON array contains a trailing comma", cell.Detail, StringComparison.Ordinal);
    }

    [Fact]
    public void TrailingComma_IsReadByJToken_WhichIsWrong_AndSaysWhatItWrote()
    {
        var cell = Check("newtonsoft-jtoken", "trailing-comma-array");

        Assert.Equal((ConformanceOutcome.Accepted, ConformanceRating.Wrong), (cell.Outcome, cell.Rating));
        Assert.Equal("read it and wrote [1,2]", cell.Detail);
    }

    [Theory]
    [InlineData("stj-document")]
    [InlineData("stj-node")]
    public void LoneSurrogate_CannotBeWrittenBackBySystemTextJson_ARefusalTheRfcAllows(string contender)
    {
        var cell = Check(contender, "lone-surrogate");

        Assert.Equal((ConformanceOutcome.Rejected, ConformanceRating.Right), (cell.Outcome, cell.Rating));
        Assert.Equal("InvalidOperationException: Cannot read incomplete UTF-16 JSON text as string with missing low surrogate.", cell.Detail);
    }

    [Fact]
    public void LoneSurrogate_BecomesAReplacementCharacterThroughJToken_ADataChange()
    {
        var cell = Check("newtonsoft-jtoken", "lone-surrogate");

        Assert.Equal((ConformanceOutcome.ChangedData, ConformanceRating.Changed), (cell.Outcome, cell.Rating));
        Assert.Equal("$[0]: \"\\uD800\" (not valid UTF-16: a lone surrogate) became \"\uFFFD\"", cell.Detail);
    }

    [Theory]
    [InlineData("stj-document", nameof(ConformanceOutcome.Accepted), null)]
    [InlineData("stj-node", nameof(ConformanceOutcome.Accepted), null)]
    [InlineData("newtonsoft-jtoken", nameof(ConformanceOutcome.ChangedData), "$.a: duplicate key written 2 times in the original, 1 in the output (kept the last value)")]
    public void DuplicateKeys_AreKeptBySystemTextJson_AndCollapsedByJToken(string contender, string outcomeName, string? detail)
    {
        var outcome = Enum.Parse<ConformanceOutcome>(outcomeName);
        var cell = Check(contender, "duplicate-keys");

        Assert.Equal((outcome, detail), (cell.Outcome, cell.Detail));
    }

    [Theory]
    [InlineData("stj-document", nameof(ConformanceOutcome.Accepted), null)]
    [InlineData("stj-node", nameof(ConformanceOutcome.Accepted), null)]
    [InlineData("newtonsoft-jtoken", nameof(ConformanceOutcome.ChangedData), "$[0]: 1e400 became \"Infinity\"")]
    public void HugeNumber_KeepsItsTextInSystemTextJson_AndBecomesAStringInJToken(string contender, string outcomeName, string? detail)
    {
        var outcome = Enum.Parse<ConformanceOutcome>(outcomeName);
        var cell = Check(contender, "huge-number");

        Assert.Equal((outcome, detail), (cell.Outcome, cell.Detail));
    }

    [Fact]
    public void ScriptTag_IsEscapedByTheDefaultEncoder_ASameDataChangeOfForm()
    {
        var cell = Check("stj-node", "script-tag");

        Assert.Equal((ConformanceOutcome.ChangedForm, ConformanceRating.Form), (cell.Outcome, cell.Rating));
        Assert.StartsWith("$.html: escaped differently: \"</script>", cell.Detail, StringComparison.Ordinal);
        Assert.Contains("written as \"\\u003C/script\\u003E", cell.Detail, StringComparison.Ordinal);
    }

    [Fact]
    public void InvalidUtf8_IsReadBySystemTextJson_WhichIsWrong()
    {
        var cell = Check("stj-document", "invalid-utf8");

        Assert.Equal((ConformanceOutcome.Accepted, ConformanceRating.Wrong), (cell.Outcome, cell.Rating));
        Assert.Equal("read it and wrote [\"\\uFFFD\"]", cell.Detail);
    }

    [Fact]
    public void BlockComment_IsReadByJTokenAsTheWholeDocument_AndWrittenBackAsNonJson()
    {
        var cell = Check("newtonsoft-jtoken", "block-comment");

        Assert.Equal((ConformanceOutcome.WroteInvalid, ConformanceRating.Wrong), (cell.Outcome, cell.Rating));
        Assert.Equal("wrote text that is not JSON (line 1, column 1: a comment: JSON has no comments): /* c */", cell.Detail);
    }

    [Fact]
    public void LineSeparators_InADetail_AreShownNotLeftInvisible()
    {
        var cell = Check("stj-document", "line-separators");

        Assert.Equal("$[0]: escaped differently: \"a⟨U+2028⟩b⟨U+2029⟩c\" written as \"a\\u2028b\\u2029c\"", cell.Detail);
    }

    [Fact]
    public void DeepNesting_IsRefusedAtTheDefaultDepth_WhichTheRfcAllows()
    {
        var cell = Check("stj-reader", "deep-nesting");

        Assert.Equal((ConformanceOutcome.Rejected, ConformanceRating.Right), (cell.Outcome, cell.Rating));
        Assert.Contains("maximum configured depth of 64", cell.Detail, StringComparison.Ordinal);
    }

    [Fact]
    public void Run_TypedSerializer_IsRefusedAsNotADocumentModel()
    {
        var error = Assert.Throws<SerBench.Core.Running.UsageException>(() =>
            ConformanceChecker.Run(ContenderRegistry.Find("stj-reflection-utf8")!, TrickyDocuments.Documents, _ => { }));

        Assert.StartsWith("stj-reflection-utf8 serializes typed objects", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Run_HandsOverOneCellPerDocument_InOrder()
    {
        var cells = new List<ConformanceCell>();

        ConformanceChecker.Run(ContenderRegistry.Find("stj-document")!, TrickyDocuments.Documents, cells.Add);

        Assert.Equal(TrickyDocuments.Documents.Select(d => d.Name), cells.Select(c => c.Document));
        Assert.All(cells, c => Assert.Equal("stj-document", c.Contender));
    }

    [Theory]
    [InlineData(nameof(ConformanceOutcome.Accepted), true, false, nameof(ConformanceRating.Right))]
    [InlineData(nameof(ConformanceOutcome.Rejected), true, false, nameof(ConformanceRating.Wrong))]
    [InlineData(nameof(ConformanceOutcome.Rejected), true, true, nameof(ConformanceRating.Right))]
    [InlineData(nameof(ConformanceOutcome.Rejected), false, false, nameof(ConformanceRating.Right))]
    [InlineData(nameof(ConformanceOutcome.Accepted), false, false, nameof(ConformanceRating.Wrong))]
    [InlineData(nameof(ConformanceOutcome.Accepted), false, true, nameof(ConformanceRating.Right))]
    [InlineData(nameof(ConformanceOutcome.ChangedData), false, true, nameof(ConformanceRating.Changed))]
    [InlineData(nameof(ConformanceOutcome.ChangedData), false, false, nameof(ConformanceRating.Wrong))]
    [InlineData(nameof(ConformanceOutcome.ChangedForm), true, false, nameof(ConformanceRating.Form))]
    [InlineData(nameof(ConformanceOutcome.WroteInvalid), true, true, nameof(ConformanceRating.Wrong))]
    [InlineData(nameof(ConformanceOutcome.Crashed), true, true, nameof(ConformanceRating.Wrong))]
    [InlineData(nameof(ConformanceOutcome.Unavailable), false, false, nameof(ConformanceRating.NotRun))]
    public void Rate_FollowsTheRfcAndItsLeeway(string outcomeName, bool valid, bool leeway, string ratingName)
    {
        var outcome = Enum.Parse<ConformanceOutcome>(outcomeName);
        var rating = Enum.Parse<ConformanceRating>(ratingName);
        var document = new DocumentInfo("d", "built-in", null, 1, "x", valid, valid ? null : "line 1, column 1: …", leeway ? ["some clause"] : []);

        Assert.Equal(rating, ConformanceCell.Rate(document, outcome));
    }
}
