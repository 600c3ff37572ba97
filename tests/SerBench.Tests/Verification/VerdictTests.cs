using SerBench.Results;
using SerBench.Verification;

namespace SerBench.Tests.Verification;

public sealed class VerdictTests
{
    [Fact]
    public void ADifferenceOfFormOnly_IsAFlag_ThatSurvivesTheResultsFilesText()
    {
        var written = Verdict.DiffersInForm("$.name: \\u00e9 written as é");

        var read = Verdict.Of(CellText.ParseStatus(written.Label), written.Reason);

        Assert.True(written.FormOnly);
        Assert.Equal((VerificationStatus.Differs, true), (read.Status, read.FormOnly));
        Assert.False(Verdict.Of(VerificationStatus.Differs, "dates as ISO 8601 with offset").FormOnly);
        Assert.False(Verdict.Of(VerificationStatus.Ok, null).FormOnly);
    }
}
