using SerBench.Reports.Verdict;

namespace SerBench.Tests.Reports.Verdict;

public class VerdictTablesTests
{
    [Fact]
    public void ACaseWhoseReferenceIsFaster_CallsItsRankOneRowTheFastestRanked_NotTheFastest()
    {
        SerBench.Core.Results.ResultCell[] cells =
        [
            SampleResults.Cell("stj-handwritten", 5_110) with { Reference = true },
            SampleResults.Cell("stj-sourcegen-utf8", 5_720),
            SampleResults.Cell("newtonsoft-string", 9_000),
        ];

        string AgainstFastest(IEnumerable<SerBench.Core.Results.ResultCell> of, string contender)
        {
            var table = VerdictTables.Case(Assert.Single(CaseRanking.Of("", of, rank: true)));
            return table.Rows.Single(r => r[1] == contender)[table.Headers.ToList().IndexOf("× fastest (99% CI)")];
        }

        Assert.Equal("1.00× (fastest ranked)", AgainstFastest(cells, "stj-sourcegen-utf8"));
        Assert.Equal("1.00× (fastest)", AgainstFastest(cells.Skip(1), "stj-sourcegen-utf8"));
    }

    [Fact]
    public void WhatToUse_SaysWhichWinnersAreHandWritten_AndOverWhichLibrary()
    {
        var document = SampleResults.Document(
            SampleResults.Cell("newtonsoft-string", 744_000),
            SampleResults.Cell("x", 288_000) with { Generation = "hand-written", Library = SerBench.Core.Contenders.HandWrittenBinaryContender.LibraryName },
            SampleResults.Cell("y", 290_000) with { Generation = "hand-written", Library = "System.Formats.Cbor" });

        var table = VerdictTables.WhatToUse(SerBench.Reports.RunSummary.Of(document).Verdict);

        Assert.Equal("Hand-written, so each type's layout is code you write and keep in step with the type: x with no library (the study's own format); y over System.Formats.Cbor.",
            Assert.Single(table.Footnotes));
        Assert.Empty(VerdictTables.WhatToUse(SerBench.Reports.RunSummary.Of(SampleResults.Document(SampleResults.Cell("newtonsoft-string", 744_000), SampleResults.Cell("z", 288_000))).Verdict).Footnotes);
    }
}
