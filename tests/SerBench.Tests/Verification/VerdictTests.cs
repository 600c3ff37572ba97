using SerBench.Verification;

namespace SerBench.Tests.Verification;

public sealed class VerdictTests
{
    [Fact]
    public void EveryStatus_ReadsBackFromItsLabel()
    {
        Assert.All(Enum.GetValues<VerificationStatus>(), s => Assert.Equal(s, Verdict.ParseLabel(Verdict.LabelOf(s))));
    }

    [Theory]
    [InlineData("ok")]
    [InlineData("NO RESULT")]
    [InlineData("")]
    public void TextThatNamesNoStatus_IsNone(string label)
    {
        Assert.Null(Verdict.TryParseLabel(label));
        Assert.Throws<FormatException>(() => Verdict.ParseLabel(label));
    }

    [Fact]
    public void ADifferenceOfFormOnly_IsAFlag_ThatSurvivesTheResultsFilesText()
    {
        var written = Verdict.DiffersInForm("$.name: \\u00e9 written as é");

        var read = Verdict.Of(written.Label, written.Reason);

        Assert.True(written.FormOnly);
        Assert.Equal((VerificationStatus.Differs, true), (read.Status, read.FormOnly));
        Assert.False(Verdict.Of("DIFFERS", "dates as ISO 8601 with offset").FormOnly);
        Assert.False(Verdict.Of("OK", null).FormOnly);
    }
}
