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
}
