using SerBench.Conformance;
using SerBench.Core.Conformance;
using SerBench.Core.Results;

namespace SerBench.Tests.Conformance;

public class ConformanceSummaryTests
{
    private static DocumentInfo Document(string name, string source, bool valid, params string[] leeway) =>
        new(name, source, null, 10, "[]", valid, valid ? null : "not JSON", leeway);

    [Theory]
    [InlineData(nameof(ConformanceOutcome.Accepted))]
    [InlineData(nameof(ConformanceOutcome.ChangedForm))]
    [InlineData(nameof(ConformanceOutcome.ChangedData))]
    [InlineData(nameof(ConformanceOutcome.Rejected))]
    public void AnIFile_IsRightWhicheverWayItIsRead(string outcomeName)
    {
        var outcome = Enum.Parse<ConformanceOutcome>(outcomeName);
        var file = Document("i_number_huge_exp.json", "/suite/test_parsing/i_number_huge_exp.json", valid: true, "the file name starts with i_");
        Assert.Equal(ConformanceRating.Right, ConformanceCell.Rate(file, outcome));
        Assert.Equal(ConformanceRating.Wrong, ConformanceCell.Rate(file, ConformanceOutcome.Crashed));

        // A built-in document with leeway still shows a change of data in amber: that is what the user asks about.
        var builtIn = Document("huge-number", ConformanceDocument.BuiltInSource, valid: true, "a parser may refuse it");
        Assert.Equal(ConformanceRating.Changed, ConformanceCell.Rate(builtIn, ConformanceOutcome.ChangedData));
    }

    [Fact]
    public void Summary_CountsEachGroupApart_AndNamesOnlyTheProblems()
    {
        DocumentInfo[] documents =
        [
            Document("nul-raw", ConformanceDocument.BuiltInSource, valid: false),
            Document("y_ok.json", "/s/test_parsing/y_ok.json", valid: true),
            Document("n_bad.json", "/s/test_parsing/n_bad.json", valid: false),
            Document("i_either.json", "/s/test_parsing/i_either.json", valid: true, "i_"),
        ];
        ConformanceCell[] cells =
        [
            ConformanceCell.Of("lib", documents[0], ConformanceOutcome.Accepted, "read it"),
            ConformanceCell.Of("lib", documents[1], ConformanceOutcome.Accepted, null),
            ConformanceCell.Of("lib", documents[2], ConformanceOutcome.Rejected, "threw"),
            ConformanceCell.Of("lib", documents[3], ConformanceOutcome.ChangedData, "became 0"),
        ];
        var report = new ConformanceReport
        {
            Tool = new ToolInfo("SerBench", "0", null), Command = "serbench conformance", StartedAt = DateTimeOffset.UnixEpoch,
            Documents = documents, Contenders = [new ContenderInfo("lib", "Lib", "1.0", null)], Cells = cells,
        };

        var groups = ConformanceSummary.Groups(report);

        Assert.Equal(["built-in", "test_parsing · y_", "test_parsing · n_", "test_parsing · i_"], groups.Rows.Select(r => r[0]));
        Assert.Equal(["1", "1", "0", "0", "0", "0", "1"], groups.Rows[0].Skip(2));
        Assert.Equal(["1", "0", "1", "1", "0", "0", "0"], groups.Rows[2].Skip(2));
        Assert.Equal(["lib: wrong on 1 document: nul-raw (accepted)"], ConformanceSummary.Problems(report));
        Assert.Equal("nul-raw", Assert.Single(ConformanceSummary.ProblemCells(report).Rows)[0]);
    }
}
