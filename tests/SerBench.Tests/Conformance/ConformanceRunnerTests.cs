using SerBench.Conformance;
using SerBench.Core.Conformance;
using SerBench.Core.Contenders;

namespace SerBench.Tests.Conformance;

/// <summary>The matrix around child processes, with a fake child: crashes, children that never start, libraries that cannot run.</summary>
public class ConformanceRunnerTests
{
    private static readonly ConformanceSuite Suite = ConformanceSuite.Load([]);

    /// <summary>Runs the documents in this process, except that it "dies" on the documents named, as a child that overflows its stack would.</summary>
    private sealed class FakeChild(params string[] deadlyDocuments) : IConformanceChild
    {
        public List<IReadOnlyList<string>> Requests { get; } = [];

        public ConformanceChildAnswer Run(Contender contender, IReadOnlyList<ConformanceDocument> documents)
        {
            Requests.Add([.. documents.Select(d => d.Name)]);
            var cells = new List<ConformanceCell>();
            foreach (var document in documents)
            {
                if (deadlyDocuments.Contains(document.Name))
                {
                    return new ConformanceChildAnswer([.. cells], Ran, "exit code 134: Stack overflow.");
                }

                ConformanceChecker.Run(contender, [document], cells.Add);
            }

            return new ConformanceChildAnswer([.. cells], Ran, null);
        }

        private static readonly ContenderInfo Ran = new("stj-document", "System.Text.Json", "99.0-from-child", null);
    }

    [Fact]
    public void ChildThatDiesOnADocument_MakesThatCellCrashed_AndTheRestRunInANewChild()
    {
        var child = new FakeChild("deep-nesting", "bom");

        var report = ConformanceRunner.Run(Suite, [ContenderRegistry.Find("stj-document")!], child, "serbench conformance", DateTimeOffset.UnixEpoch);

        Assert.Equal(Suite.Documents.Select(d => d.Name), report.Cells.Select(c => c.Document));
        var crashed = report.Cells.Where(c => c.Outcome == ConformanceOutcome.Crashed).ToList();
        Assert.Equal(["deep-nesting", "bom"], crashed.Select(c => c.Document));
        Assert.All(crashed, c => Assert.Equal(("exit code 134: Stack overflow.", ConformanceRating.Wrong), (c.Detail, c.Rating)));
        Assert.Equal(3, child.Requests.Count);
        var names = Suite.Documents.Select(d => d.Name).ToList();
        // Each new child starts with the document after the one that killed the last.
        Assert.Equal(names, child.Requests[0]);
        Assert.Equal(names[(names.IndexOf("deep-nesting") + 1)..], child.Requests[1]);
        Assert.Equal(names[(names.IndexOf("bom") + 1)..], child.Requests[2]);
        Assert.Equal(ConformanceOutcome.Rejected, report.Cell("stj-document", "trailing-comma-array")!.Outcome);
        Assert.Equal("99.0-from-child", report.Contenders.Single().Version);
    }

    [Fact]
    public void ChildThatNeverStarts_MakesEveryDocumentCrashed_AfterOneTry()
    {
        var child = new NeverStarts();

        var report = ConformanceRunner.Run(Suite, [ContenderRegistry.Find("stj-node")!], child, "serbench conformance", DateTimeOffset.UnixEpoch);

        Assert.Equal(1, child.Calls);
        Assert.Equal(Suite.Documents.Count, report.Cells.Count);
        Assert.All(report.Cells, c =>
        {
            Assert.Equal(ConformanceOutcome.Crashed, c.Outcome);
            Assert.Equal("the child process ended before any document: exit code 2: serbench: no such contender", c.Detail);
        });
    }

    private sealed class NeverStarts : IConformanceChild
    {
        public int Calls { get; private set; }

        public ConformanceChildAnswer Run(Contender contender, IReadOnlyList<ConformanceDocument> documents)
        {
            Calls++;
            return new ConformanceChildAnswer(null, null, "exit code 2: serbench: no such contender");
        }
    }

    [Fact]
    public void UnavailableLibrary_IsARowOfUnavailable_AndNoChildStarts()
    {
        var child = new FakeChild();

        var report = ConformanceRunner.Run(Suite, [ContenderRegistry.Missing("gone-jtoken"), ContenderRegistry.Find("stj-reader")!], child, "c", DateTimeOffset.UnixEpoch);

        Assert.Equal(["gone-jtoken", "stj-reader"], report.Contenders.Select(c => c.Name));
        Assert.Contains("no contender pack provides 'gone-jtoken'", report.Contenders[0].Unavailable, StringComparison.Ordinal);
        var row = report.Cells.Where(c => c.Contender == "gone-jtoken").ToList();
        Assert.Equal(Suite.Documents.Count, row.Count);
        Assert.All(row, c => Assert.Equal((ConformanceOutcome.Unavailable, ConformanceRating.NotRun), (c.Outcome, c.Rating)));
        Assert.Single(child.Requests);
    }
}
