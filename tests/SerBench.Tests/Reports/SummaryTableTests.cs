using SerBench.Core.Results;
using SerBench.Core.Verification;
using SerBench.Reports;

namespace SerBench.Tests.Reports;

public class SummaryTableTests
{
    [Fact]
    public void OrdersOkLibrariesByGeometricMean_ThenTheReference_AndFailuresLast_WithNoRankOfItsOwn()
    {
        var document = SampleResults.Document(
            SampleResults.Cell("newtonsoft-string", 744_000) with { Ratio = 1.0 },
            SampleResults.Cell("stj-sourcegen-utf8", 288_000) with { Ratio = 288.0 / 744 },
            SampleResults.Cell("stj-handwritten", 280_000) with { Ratio = 280.0 / 744, Reference = true },
            SampleResults.Cell("broken-one", null, status: VerificationStatus.Crash, reason: "boom"));

        var table = Assert.Single(SummaryTable.Build(StudyDefinition.Resolve(document, "web-api"), document.Cells));

        // One rank per report: the verdict's, which ties what the data cannot tell apart; this table only orders.
        Assert.Equal(["Contender", "Status", "person list of 200 ser", "Geo-mean ratio"], table.Headers);
        Assert.Equal(["stj-sourcegen-utf8", "OK", "1,440", "0.39×"], table.Rows[0]);
        Assert.Equal(["newtonsoft-string", "OK", "3,720", "1.00×"], table.Rows[1]);
        Assert.Equal(["stj-handwritten", "OK", "1,400", "0.38×"], table.Rows[2]);
        Assert.Equal(["broken-one", "CRASH", "—", "—"], table.Rows[3]);
    }
}
