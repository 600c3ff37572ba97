using SerBench.Cli;
using SerBench.Core.Results;
using SerBench.Core.Studies;
using SerBench.Core.Verification;
using SerBench.Reports;

namespace SerBench.Tests.Snapshots;

/// <summary>
/// What a user reads, as whole files: the console summary at the end of a run, report.md, and --help. They are rendered
/// from a fixed results document (fixed dates, no measuring) under every culture of <see cref="Cultures"/>, each
/// matching the one file, so they change only when the output does. To accept a deliberate change, rewrite the files and review the diff:
/// <code>SERBENCH_UPDATE_SNAPSHOTS=1 dotnet test --filter Snapshot</code>
/// </summary>
public sealed class SnapshotTests
{
    [Theory]
    [MemberData(nameof(Cultures.Names), MemberType = typeof(Cultures))]
    public void ConsoleSummary_OfARun(string culture) => Cultures.Under(culture, () =>
    {
        using var output = new StringWriter();
        ConsoleReport.Write(PlainConsole.Over(output, 160), RunSummary.Of(Fixture()));
        Snapshot.Match("console-summary.txt", output.ToString());
    });

    [Theory]
    [MemberData(nameof(Cultures.Names), MemberType = typeof(Cultures))]
    public void ReportMarkdown(string culture) => Cultures.Under(culture, () =>
    {
        using var writer = new StringWriter();
        new MarkdownReportExporter().Export(RunSummary.Of(Fixture()), writer);
        Snapshot.Match("report.md", writer.ToString());
    });

    [Theory]
    [MemberData(nameof(HelpCases))]
    public void Help(string file, string culture) => Cultures.Under(culture, () =>
    {
        var (exitCode, output, error) = CliTester.Run(file == "help.txt" ? ["--help"] : ["run", "--help"]);

        Assert.True(exitCode == 0, error);
        // The usage line names the program that runs the tests (testhost); a user sees their own command there.
        Snapshot.Match(file, output.Replace($"  {System.CommandLine.RootCommand.ExecutableName} ", "  serbench ", StringComparison.Ordinal));
    });

    public static TheoryData<string, string> HelpCases() => Cultures.Each(["help.txt", "run-help.txt"], Cultures.All);

    /// <summary>
    /// The web-api study's list of 200 Persons as a quick run would record it: a baseline, a clear winner tied with the
    /// hand-written reference, a contender that writes another document, and one that crashed with hostile text.
    /// </summary>
    internal static ResultsDocument Fixture()
    {
        static ResultCell Timed(string contender, Operation operation, double meanNs, double ratio, long allocated, double[] rounds) =>
            SampleResults.Cell(contender, meanNs, operation: operation, allocated: allocated) with
            {
                Ratio = ratio, AllocRatio = allocated / 867_000.0, RoundsNs = rounds, Gen0 = 28.4, Noisy = rounds.Max() / rounds.Min() > 1.06,
            };

        return SampleResults.Document(
            Timed("newtonsoft-string", Operation.Serialize, 744_000, 1.00, 867_000, [731_000, 757_000]),
            Timed("stj-reflection-utf8", Operation.Serialize, 359_000, 0.48, 187_000, [355_000, 363_000]),
            Timed("stj-sourcegen-utf8", Operation.Serialize, 288_000, 0.39, 187_000, [281_000, 295_000]),
            Timed("stj-handwritten", Operation.Serialize, 290_000, 0.39, 187_000, [287_000, 293_000]) with { Reference = true, Note = "speed-of-light reference" },
            Timed("newtonsoft-string", Operation.Deserialize, 1_020_000, 1.00, 1_100_000, [1_000_000, 1_040_000]),
            Timed("stj-sourcegen-utf8", Operation.Deserialize, 610_000, 0.60, 480_000, [560_000, 660_000]),
            Timed("stj-reflection-utf8", Operation.Deserialize, 640_000, 0.63, 480_000, [630_000, 650_000]) with
            {
                Status = VerificationStatus.Differs, Reason = "writes DateTimeOffset with seven fractional digits (same instant)",
            },
            SampleResults.Cell("broken-one", null, status: VerificationStatus.Crash, reason: SampleResults.HostileReason));
    }
}
