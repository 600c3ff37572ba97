using System.Collections.Immutable;
using SerBench.Core.Payloads;
using SerBench.Core.Results;
using SerBench.Core.Sizes;
using SerBench.Core.Studies;
using SerBench.Core.Verification;
using SerBench.Reports.Verdict;
using SerBench.Reports;

namespace SerBench.Tests.Reports.Verdict;

public class StudyVerdictTests
{
    private static StudyVerdict VerdictOf(ResultsDocument document) => Assert.Single(RunSummary.Of(document).Verdict.Studies);

    private static IReadOnlyList<StudySlice> Slices(ResultsDocument document) => [.. RunSummary.Of(document).Slices];

    /// <summary>The sample, with stj-handwritten marked as what it is in the real study: a speed-of-light reference.</summary>
    private static ResultsDocument WithReference()
    {
        var document = SampleResults.WebApiWithCrash();
        var index = document.Cells.FindIndex(c => c.Contender == "stj-handwritten");
        document.Cells[index] = document.Cells[index] with { Reference = true };
        return document;
    }

    [Fact]
    public void TiedContenders_ShareARank_AndTheNextRankSkips()
    {
        var verdict = VerdictOf(WithReference());
        var ranking = Assert.Single(verdict.Cases);

        // stj-handwritten is the reference: listed, never ranked among libraries.
        Assert.Equal(["stj-sourcegen-utf8", "stj-handwritten", "stj-reflection-utf8", "newtonsoft-string"], ranking.Rows.Select(r => r.Cell.Contender));
        Assert.Equal([1, null, 2, 3], ranking.Rows.Select(r => r.Rank));

        var tied = SampleResults.Document(
            SampleResults.Cell("newtonsoft-string", 744_000),
            SampleResults.Cell("x", 288_000),
            SampleResults.Cell("y", 290_000));
        Assert.Equal([1, 1, 3], Assert.Single(VerdictOf(tied).Cases).Rows.Select(r => r.Rank));
    }

    [Fact]
    public void StandingsInACircle_RankNoOneFirst_AndSaySo()
    {
        // a beats b, b beats c, c beats a: each has someone ahead, so no standing is 1 (this crashed report with 600 contenders).
        var circle = SampleResults.Document(
            SampleResults.Cell("a", 100_000, count: 1), SampleResults.Cell("b", 200_000, count: 1),
            SampleResults.Cell("b", 100_000, count: 2), SampleResults.Cell("c", 200_000, count: 2),
            SampleResults.Cell("c", 100_000, count: 3), SampleResults.Cell("a", 200_000, count: 3));

        var verdict = VerdictOf(circle);

        Assert.StartsWith("No contender ranks first", verdict.Findings[0], StringComparison.Ordinal);
    }

    [Fact]
    public void Findings_AreFewAndOneLineEach_AndNameTheFailures()
    {
        var verdict = VerdictOf(WithReference());

        Assert.InRange(verdict.Findings.Count, 1, StudyVerdict.MostFindings);
        Assert.StartsWith("stj-sourcegen-utf8 ranks first", verdict.Findings[0], StringComparison.Ordinal);
        Assert.Contains(verdict.Findings, f => f.StartsWith("Against the baseline newtonsoft-string: 2.58× (", StringComparison.Ordinal));
        Assert.Contains(verdict.Findings, f => f.Contains("broken-one (CRASH)", StringComparison.Ordinal));
        Assert.Equal("broken-one: CRASH — " + SampleResults.HostileReason, Assert.Single(verdict.NotRanked));
    }

    [Fact]
    public void StreamCells_AreDecidedAgainstTheSameContendersBufferedCall_AndAnsweredInWhatToUse()
    {
        var document = SampleResults.Document(
            SampleResults.Cell("newtonsoft-string", 700_000), SampleResults.Cell("newtonsoft-string", 500_000, operation: Operation.SerializeStream),
            SampleResults.Cell("stj-reflection-utf8", 300_000), SampleResults.Cell("stj-reflection-utf8", 303_000, operation: Operation.SerializeStream),
            SampleResults.Cell("stj-reflection-string", 310_000),
            SampleResults.Cell("stj-reflection-string", null, VerificationStatus.Unsupported, operation: Operation.SerializeStream, reason: "a string contender"));

        var verdict = VerdictOf(document);

        var streams = Assert.Single(verdict.Findings, f => f.StartsWith("Through a stream or pipe", StringComparison.Ordinal));
        Assert.StartsWith("Through a stream or pipe, against the same contender's string or byte[] call: 2 cells, tied in 1; saves beyond doubt in 1 " +
                          "(most: newtonsoft-string serialize-stream, person list of 200, 0.71× (", streams, StringComparison.Ordinal);
        Assert.DoesNotContain("costs beyond doubt", streams, StringComparison.Ordinal);
        var items = VerdictOf(SampleResults.Document(
            SampleResults.Cell("stj-reflection-utf8", 40_000_000, count: 10_000, operation: Operation.Deserialize) with { PeakLiveBytes = 9_800_000 },
            SampleResults.Cell("stj-reflection-utf8", 36_000_000, count: 10_000, operation: Operation.DeserializeItems) with { PeakLiveBytes = 120_000 },
            SampleResults.Cell("stj-reflection-utf8", 55_000, count: 10_000, operation: Operation.FirstItem)));
        var line = Assert.Single(items.Findings, f => f.StartsWith("Item by item", StringComparison.Ordinal));
        Assert.StartsWith("Item by item, person list of 10,000, against reading the whole list: stj-reflection-utf8 all 0.90× (", line, StringComparison.Ordinal);
        Assert.EndsWith("the first after 55 μs (whole list 40 ms), at most 117.19 KB alive at once against 9.35 MB.", line, StringComparison.Ordinal);
        Assert.DoesNotContain(items.Findings, f => f.StartsWith("Through a stream", StringComparison.Ordinal));
        // Only its stream cells are unsupported: the line says which, so its other cells are not thought unranked.
        Assert.Equal("stj-reflection-string (serialize-stream): UNSUPPORTED — a string contender", Assert.Single(verdict.NotRanked));
        var answer = Assert.Single(WhatToUse.Answer(Slices(document)), a => a.Question == "Fastest JSON to a stream (async) · serialize-stream");
        Assert.Equal(["stj-reflection-utf8"], answer.Winners);
    }

    [Fact]
    public void ASectionOfBinaryFormats_LeavesTheJsonBaselinesStreamCellsToTheJsonSection()
    {
        static ResultCell Binary(string contender, double meanNs, Operation operation) => SampleResults.Cell(contender, meanNs, operation: operation) with { Format = "binary" };
        var verdict = VerdictOf(SampleResults.Document(
            Binary("memorypack", 100_000, Operation.Serialize), Binary("memorypack", 60_000, Operation.SerializeStream),
            Binary("messagepack", 150_000, Operation.Serialize), Binary("messagepack", 150_000, Operation.SerializeStream),
            Binary("protobuf-net", 200_000, Operation.Serialize),
            SampleResults.Cell("stj-reflection-utf8", 300_000), SampleResults.Cell("stj-reflection-utf8", 200_000, operation: Operation.SerializeStream)));

        var streams = Assert.Single(verdict.Findings, f => f.StartsWith("Through a stream or pipe", StringComparison.Ordinal));

        Assert.Contains(": 2 cells, tied in 1; saves beyond doubt in 1 (most: memorypack serialize-stream", streams, StringComparison.Ordinal);
        Assert.DoesNotContain("stj-reflection-utf8", streams, StringComparison.Ordinal);
    }

    [Fact]
    public void ThreadsCells_SayHowEachContenderScales_AndNameTheOneClearlyBelowItsPeers()
    {
        static ResultCell Threads(string contender, double meanNs, int threads) =>
            SampleResults.Cell(contender, meanNs, count: threads, errorFraction: 0.01) with { Shape = Shape.Threads };
        var verdict = VerdictOf(SampleResults.Document(
            Threads("stj-reflection-utf8", 1_000, 1), Threads("stj-reflection-utf8", 1_020, 2),
            Threads("stj-sourcegen-utf8", 900, 1), Threads("stj-sourcegen-utf8", 905, 2),
            Threads("newtonsoft-string", 2_000, 1), Threads("newtonsoft-string", 3_300, 2)));

        var line = Assert.Single(verdict.Findings, f => f.StartsWith("2 threads against 1", StringComparison.Ordinal));

        Assert.StartsWith("2 threads against 1, throughput (higher is better): median 1.96× over 3 cells, more beyond doubt in 3; best stj-sourcegen-utf8 serialize 1.99× (", line, StringComparison.Ordinal);
        Assert.Contains("Scaling (÷ 2; 1× is perfect): median 0.98×; clearly below its peers: newtonsoft-string serialize 0.61× (", line, StringComparison.Ordinal);
    }

    [Fact]
    public void SmokeRun_RanksNothing_AndSaysWhy()
    {
        var sample = SampleResults.WebApiWithCrash();
        var smoke = new ResultsDocument
        {
            Tool = sample.Tool, Command = sample.Command, Profile = RunVerdict.UnrankedProfile, StartedAt = sample.StartedAt, Environment = sample.Environment,
            Packages = sample.Packages, Cells = sample.Cells,
        };

        var run = RunSummary.Of(smoke).Verdict;

        Assert.NotNull(run.Caution);
        Assert.Empty(run.Answers);
        Assert.All(Assert.Single(run.Studies).Cases.SelectMany(c => c.Rows), r => Assert.Null(r.Rank));
    }

    [Fact]
    public void OneContender_OrAllFailing_SaySo_InsteadOfAnEmptyTable()
    {
        var one = VerdictOf(SampleResults.Document(SampleResults.Cell("newtonsoft-string", 744_000)));
        Assert.Equal("Only newtonsoft-string passed the gate here: there is nothing to rank it against.", one.Findings[0]);

        var none = VerdictOf(SampleResults.Document(SampleResults.Cell("a", null, status: VerificationStatus.Mismatch, reason: "lost $.Name")));
        Assert.StartsWith("Nothing was measured here", none.Findings[0], StringComparison.Ordinal);
        Assert.Equal("a: MISMATCH — lost $.Name", Assert.Single(none.NotRanked));
    }

    [Fact]
    public void ContendersThatCouldNotRun_AreNamedInTheFindings_WithWhatTheRankingCovers()
    {
        var verdict = VerdictOf(SampleResults.Document(
            SampleResults.Cell("newtonsoft-string", 744_000),
            SampleResults.Cell("stj-sourcegen-utf8", 288_000),
            SampleResults.Cell("jil", null, status: VerificationStatus.Unavailable, reason: "restore failed: NU1101"),
            SampleResults.Cell("utf8json", null, status: VerificationStatus.Unavailable, reason: "restore failed: NU1101")));

        Assert.Contains("Could not run here: jil, utf8json (reasons below); the ranking covers the 2 that ran.", verdict.Findings);
    }

    [Fact]
    public void OneContenderMeasured_WhenTheBudgetStoppedAnother_SaysTheOtherWasNotMeasured()
    {
        var document = SampleResults.Document(SampleResults.Cell("newtonsoft-string", 744_000));
        document.Budget = new RunBudget(60, RanOut: true, ExtraRounds: 0,
            ["web-api · stj-sourcegen-utf8 · person list of 200 · serialize", "web-api · stj-sourcegen-utf8 · person list of 200 · deserialize", "escaping · stj-reflection-utf8 · person 1 object · serialize"]);

        var verdict = VerdictOf(document);

        Assert.Equal("Only newtonsoft-string was measured here: the budget ran out before 1 other contender was measured (stj-sourcegen-utf8), so nothing is ranked.", verdict.Findings[0]);
    }

    [Fact]
    public void WhatToUse_NamesEveryContenderTiedWithTheFastest_WithEvidence()
    {
        var answers = WhatToUse.Answer(Slices(SampleResults.Document(
            SampleResults.Cell("newtonsoft-string", 744_000),
            SampleResults.Cell("x", 288_000),
            SampleResults.Cell("y", 290_000))));

        var fastest = Assert.Single(answers, a => a.Question == "Fastest JSON to UTF-8 bytes, large lists · serialize");
        Assert.Equal(["x", "y"], fastest.Winners);
        Assert.StartsWith("web-api · serialize · person · list of 200: 288 μs; y tied (", fastest.Evidence, StringComparison.Ordinal);
        Assert.Contains("next newtonsoft-string 2.58× (", fastest.Evidence, StringComparison.Ordinal);
        Assert.DoesNotContain(answers, a => a.Question.Contains("one object", StringComparison.Ordinal));
    }

    [Fact]
    public void WhatToUse_SaysEachSmallestOnce_AndPointsARepeatedAnswerAbove()
    {
        // Run D17's verdict gave five size rows naming one contender, and two Native AOT rows repeating the binary formats' rows.
        static ResultCell Binary(string contender, double meanNs, long raw, long gzip, long others) =>
            SampleResults.Cell(contender, meanNs, errorFraction: 0.001) with
            {
                Format = "binary", NativeAot = "safe", PayloadBytes = raw,
                Compressed = new Dictionary<string, Compressed> { ["gzip"] = new(gzip, 1), ["brotli"] = new(others, 1), ["zstd"] = new(others, 1), ["lz4"] = new(others, 1) }.ToImmutableDictionary(),
            };
        var answers = WhatToUse.Answer(Slices(SampleResults.Document(Binary("x", 100_000, 1_000, 600, 500), Binary("y", 300_000, 1_200, 550, 700))));

        var sizes = answers.Where(a => a.Question.StartsWith("Smallest output", StringComparison.Ordinal)).ToList();
        Assert.Equal(["Smallest output, raw and with Brotli, zstd and LZ4", "Smallest output, gzip"], sizes.Select(a => a.Question));
        Assert.Equal(["x"], sizes[0].Winners);
        Assert.EndsWith("; also the smallest with Brotli (500 B), zstd (500 B) and LZ4 (500 B)", sizes[0].Evidence, StringComparison.Ordinal);
        Assert.Equal(["y"], sizes[1].Winners);
        var aot = Assert.Single(answers, a => a.Question == "Fastest declared Native AOT-safe (not measured under AOT) · serialize");
        Assert.Equal(["x"], aot.Winners);
        Assert.Equal("as \"Fastest binary format · serialize\" above", aot.Evidence);
    }

    [Fact]
    public void WhatToUse_OnYourDocuments_AnswersPerDocument_TypedAndDocumentModel_WithThroughput()
    {
        static ResultCell Doc(string study, string contender, string payload, double meanNs, Operation operation = Operation.Deserialize) =>
            SampleResults.Cell(contender, meanNs, operation: operation) with { Study = study, Payload = payload, Shape = Shape.Object, Count = 1, Baseline = contender };
        var answers = WhatToUse.Answer(Slices(SampleResults.Document(
            Doc("data-typed", "x", "twitter.json (617 KB)", 1_000_000), Doc("data-typed", "y", "twitter.json (617 KB)", 3_000_000),
            Doc("data-typed", "x", "canada.json (2.1 MB)", 9_000_000), Doc("data-typed", "y", "canada.json (2.1 MB)", 3_000_000),
            Doc("data", "dom-a", "canada.json (2.1 MB)", 2_000_000), Doc("data", "dom-b", "canada.json (2.1 MB)", 6_000_000))));

        var twitter = Assert.Single(answers, a => a.Question == "Fastest typed JSON on your documents: twitter.json (617 KB) · deserialize");
        var canada = Assert.Single(answers, a => a.Question == "Fastest typed JSON on your documents: canada.json (2.1 MB) · deserialize");
        var dom = Assert.Single(answers, a => a.Question == "Fastest document model on your documents: canada.json (2.1 MB) · deserialize");
        Assert.Equal(["x", "y", "dom-a"], new[] { twitter, canada, dom }.Select(a => Assert.Single(a.Winners)));
        // 187,000 payload bytes in 1 ms: 187 MB/s.
        Assert.Contains(": 1 ms, 187.0 MB/s", twitter.Evidence, StringComparison.Ordinal);
    }

    /// <summary>Issue 41: "per document and overall". Overall is the study's standing rule over the documents, with each contender's geometric mean.</summary>
    [Fact]
    public void WhatToUse_OnSeveralDocuments_AnswersOverall_ByWhoIsFasterInMoreOfThem()
    {
        static ResultCell Doc(string contender, string payload, double meanNs) =>
            SampleResults.Cell(contender, meanNs, operation: Operation.Deserialize) with { Study = "data-typed", Payload = payload, Shape = Shape.Object, Count = 1, Baseline = contender };
        var answers = WhatToUse.Answer(Slices(SampleResults.Document(
            Doc("x", "a.json (1 KB)", 1_000_000), Doc("y", "a.json (1 KB)", 3_000_000),
            Doc("x", "b.json (1 KB)", 1_000_000), Doc("y", "b.json (1 KB)", 3_000_000),
            Doc("x", "c.json (1 KB)", 9_000_000), Doc("y", "c.json (1 KB)", 3_000_000),
            Doc("x", "d.json (1 KB)", 1_000_000))));

        var overall = Assert.Single(answers, a => a.Question == "Fastest typed JSON on your documents: all 3 documents · deserialize");
        Assert.Equal(["x"], overall.Winners);
        // x: 1, 1 and 3 times each document's fastest; y: 3, 3 and 1. d.json, with x alone, ranks no one.
        Assert.Equal("time against each document's fastest (geometric mean): x 1.44×; next y 2.08× (2 contenders)", overall.Evidence);
        Assert.DoesNotContain(answers, a => a.Question.Contains("all 3 documents · serialize", StringComparison.Ordinal));
    }

    [Fact]
    public void WhatToUse_NeverRecommendsAContenderThatLostDataInAnyCase()
    {
        var answers = WhatToUse.Answer(Slices(SampleResults.Document(
            SampleResults.Cell("newtonsoft-string", 744_000),
            SampleResults.Cell("x", 288_000),
            SampleResults.Cell("y", 400_000),
            SampleResults.Cell("x", null, VerificationStatus.Mismatch, operation: Operation.Deserialize, reason: "lost $.Name"))));

        var fastest = Assert.Single(answers, a => a.Question == "Fastest JSON to UTF-8 bytes, large lists · serialize");
        Assert.Equal(["y"], fastest.Winners);
        Assert.DoesNotContain(answers, a => a.Winners.Contains("x"));
    }

    [Fact]
    public void ACellMeasuredInOneProcess_IsShownButNeverRanked_NorSeparated_NorRecommended()
    {
        // x is 2.6× faster than Newtonsoft, but on one process only (the budget ran out before its second): it may be that process.
        var document = SampleResults.Document(
            SampleResults.Cell("newtonsoft-string", 744_000) with { RoundsNs = [740_000, 748_000] },
            SampleResults.Cell("x", 288_000) with { RoundsNs = [288_000] },
            SampleResults.Cell("y", 400_000) with { RoundsNs = [398_000, 402_000] });

        var verdict = VerdictOf(document);
        var rows = Assert.Single(verdict.Cases).Rows;
        Assert.Equal(["x", "y", "newtonsoft-string"], rows.Select(r => r.Cell.Contender));
        Assert.Equal([null, 1, 2], rows.Select(r => r.Rank));
        Assert.False(global::SerBench.Core.Statistics.RatioInterval.Of(rows[2].Cell, rows[0].Cell).IsSlower);
        Assert.Contains(verdict.NotRanked, line => line.StartsWith("x: 1 cell measured in one process only", StringComparison.Ordinal));
        Assert.DoesNotContain(WhatToUse.Answer(Slices(document)), a => a.Winners.Contains("x"));
        Assert.Equal(1, global::SerBench.Core.Statistics.Decisiveness.Of(document.Cells).Undecided.Count(p => p.Faster.Contender == "x"));
    }
}
