using SerBench.Core.Results;
using SerBench.Core.Studies;
using SerBench.Core.Verification;
using SerBench.Reports.Verdict;
using SerBench.Reports;

namespace SerBench.Tests.Reports.Verdict;

public class UpgradeAnswerTests
{
    private static ResultCell At(string contender, string version, double meanNs, Operation operation, int count = 200, VerificationStatus status = VerificationStatus.Ok) =>
        SampleResults.Cell(contender, meanNs, status, operation: operation, count: count) with { LibraryVersion = version };

    [Fact]
    public void TwoVersions_EachCaseIsFasterSlowerOrTied_NewerAgainstOlder()
    {
        var document = SampleResults.Document(
            At("newtonsoft-string", "13.0.4", 1_000_000, Operation.Serialize),
            At("newtonsoft-string@14.0.1-beta2", "14.0.1-beta2", 700_000, Operation.Serialize),
            At("newtonsoft-string", "13.0.4", 1_000_000, Operation.Deserialize),
            At("newtonsoft-string@14.0.1-beta2", "14.0.1-beta2", 1_010_000, Operation.Deserialize),
            At("newtonsoft-string", "13.0.4", 1_000, Operation.Serialize, count: 1),
            At("newtonsoft-string@14.0.1-beta2", "14.0.1-beta2", 1_500, Operation.Serialize, count: 1),
            At("stj-reflection-utf8", "10.0.12", 300_000, Operation.Serialize));

        var upgrade = Assert.Single(UpgradeAnswer.Of(document));

        Assert.Equal("newtonsoft-string", upgrade.Contender);
        Assert.Equal(("13.0.4", "14.0.1-beta2"), (upgrade.From.LibraryVersion, upgrade.To.LibraryVersion));
        Assert.Equal((1, 1, 3), (upgrade.Faster, upgrade.Slower, upgrade.Cases.Count));
        var answer = upgrade.Answer();
        Assert.Equal("Upgrade newtonsoft-string 13.0.4 → 14.0.1-beta2?", answer.Question);
        Assert.Equal(["newtonsoft-string", "newtonsoft-string@14.0.1-beta2"], answer.Winners);
        Assert.StartsWith("14.0.1-beta2 faster beyond doubt in 1 of 3 cases (0.70× the time), slower in 1 (1.50× the time), tied in 1, no more than chance gives", answer.Evidence, StringComparison.Ordinal);
        Assert.Contains("faster", VerdictTables.Upgrade(upgrade).Rows.Select(r => r[^1]));
    }

    [Fact]
    public void OneFasterCaseAmongSixteen_IsNoMoreThanChance_TwoAre()
    {
        ResultsDocument Run(int faster) => SampleResults.Document([.. Enumerable.Range(1, 8).SelectMany(count => new[] { Operation.Serialize, Operation.Deserialize }
            .SelectMany(operation => new[]
            {
                At("stj-sourcegen-utf8", "10.0.12", 1_000_000, operation, count),
                At("stj-sourcegen-utf8@11.0.0", "11.0.0", count <= faster && operation == Operation.Serialize ? 800_000 : 1_000_000, operation, count),
            }))]);

        var one = Assert.Single(UpgradeAnswer.Of(Run(1))).Answer();
        var two = Assert.Single(UpgradeAnswer.Of(Run(2))).Answer();

        Assert.Equal(["stj-sourcegen-utf8", "stj-sourcegen-utf8@11.0.0"], one.Winners);
        Assert.Contains("faster beyond doubt in 1 of 16 cases (0.80× the time), slower in 0, tied in 15, no more than chance gives", one.Evidence, StringComparison.Ordinal);
        Assert.Equal(["stj-sourcegen-utf8@11.0.0"], two.Winners);
    }

    [Fact]
    public void OlderVersionNamed_IsStillTheOneUpgradedFrom_AndAFasterNewerOneIsTheAnswer()
    {
        var document = SampleResults.Document(
            At("newtonsoft-string@12.0.3", "12.0.3", 1_400_000, Operation.Serialize),
            At("newtonsoft-string", "13.0.4", 1_000_000, Operation.Serialize));

        var answer = Assert.Single(UpgradeAnswer.Of(document)).Answer();

        Assert.Equal("Upgrade newtonsoft-string 12.0.3 → 13.0.4?", answer.Question);
        Assert.Equal(["newtonsoft-string"], answer.Winners);
    }

    [Fact]
    public void NewerVersionThatLosesData_IsNotRecommended_AndSaysWhy()
    {
        var document = SampleResults.Document(
            At("newtonsoft-string", "13.0.4", 1_000_000, Operation.Serialize),
            At("newtonsoft-string@14.0.1-beta2", "14.0.1-beta2", 500_000, Operation.Serialize),
            At("newtonsoft-string", "13.0.4", 1_000_000, Operation.Deserialize),
            SampleResults.Cell("newtonsoft-string@14.0.1-beta2", null, VerificationStatus.Mismatch, operation: Operation.Deserialize, reason: "Person[3].Born differs")
                with { LibraryVersion = "14.0.1-beta2" });

        var answer = Assert.Single(UpgradeAnswer.Of(document)).Answer();

        Assert.Equal(["newtonsoft-string"], answer.Winners);
        Assert.Equal("14.0.1-beta2 is MISMATCH on web-api · person: Person[3].Born differs", answer.Evidence);
    }

    [Fact]
    public void OneVersionOnly_OrAnUnmeasuredVersion_GivesNoUpgradeAnswer()
    {
        var document = SampleResults.Document(
            At("newtonsoft-string", "13.0.4", 1_000_000, Operation.Serialize),
            SampleResults.Cell("newtonsoft-string@99.0.0", null, VerificationStatus.Unavailable, reason: "NU1102") with { LibraryVersion = "99.0.0" });

        Assert.Empty(UpgradeAnswer.Of(document));
        Assert.DoesNotContain(RunSummary.Of(document).Verdict.Answers, a => a.Question.StartsWith("Upgrade", StringComparison.Ordinal));
    }

    [Fact]
    public void Report_AnswersTheUpgradeFirst_AndShowsEachCaseUnderDetails()
    {
        using var temp = new TempDirectory();
        var document = SampleResults.Document(
            At("newtonsoft-string", "13.0.4", 1_000_000, Operation.Serialize),
            At("newtonsoft-string@14.0.1-beta2", "14.0.1-beta2", 700_000, Operation.Serialize),
            At("stj-reflection-utf8", "10.0.12", 300_000, Operation.Serialize));

        ReportWriterTests.Write(document, temp.Path, NoChartImages.Instance);

        foreach (var file in new[] { "report.md", "report.html" })
        {
            var text = File.ReadAllText(temp.File(file));
            var answer = text.IndexOf("Upgrade newtonsoft-string 13.0.4 → 14.0.1-beta2?", StringComparison.Ordinal);
            var cases = text.IndexOf("Upgrade newtonsoft-string 13.0.4 → 14.0.1-beta2, case by case", StringComparison.Ordinal);
            Assert.True(answer >= 0 && cases > answer, file);
            Assert.True(text.IndexOf("etails", StringComparison.Ordinal) < cases, file);
        }
    }
}
