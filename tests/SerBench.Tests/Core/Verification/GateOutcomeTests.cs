using SerBench.Core.Results;
using SerBench.Core.Verification;

namespace SerBench.Tests.Core.Verification;

public sealed class GateOutcomeTests
{
    [Fact]
    public void ADifferenceOfFormOnly_IsAFlag_ThatSurvivesTheResultsFilesText()
    {
        var written = GateOutcome.DiffersInForm("$.name: \\u00e9 written as é");

        var read = GateOutcome.Of(CellText.ParseStatus(written.Label), written.Reason);

        Assert.True(written.FormOnly);
        Assert.Equal((VerificationStatus.Differs, true), (read.Status, read.FormOnly));
        Assert.False(GateOutcome.Of(VerificationStatus.Differs, "dates as ISO 8601 with offset").FormOnly);
        Assert.False(GateOutcome.Of(VerificationStatus.Ok, null).FormOnly);
    }
}
