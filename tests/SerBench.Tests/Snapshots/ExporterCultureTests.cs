using SerBench.Cli;
using SerBench.Conformance;
using SerBench.Core.Measurement;
using SerBench.Core.Results;
using SerBench.Core.Studies;
using SerBench.Core.Verification;
using SerBench.Reports;
using SerBench.Running;
using SerBench.Tests.Conformance;

namespace SerBench.Tests.Snapshots;

/// <summary>
/// Every exporter writes the same text under en-US and de-DE as under the invariant culture: a report read on one
/// machine and compared on another must not change its numbers' separators, and results.json holds no localised prose.
/// Those a user reads as files are snapshots too (<see cref="Snapshot"/>), matched under every culture.
/// </summary>
public sealed class ExporterCultureTests : IDisposable
{
    private readonly string _directory = Directory.CreateTempSubdirectory("serbench-culture-").FullName;

    public void Dispose() => Directory.Delete(_directory, recursive: true);

    public static TheoryData<string, string> Cases() =>
        Cultures.Each(["report.md", "results.json", "console", "first-call"], Cultures.All.Skip(1));

    /// <summary>Snapshot file for each exporter: report.html's content (<see cref="Html"/>), the chart specs, compare's console and Markdown.</summary>
    private static readonly Dictionary<string, string> Snapshots = new()
    {
        ["report.html"] = "report.html", ["results.csv"] = "results.csv", ["charts"] = "charts.txt", ["compare"] = "compare.txt", ["conformance"] = "conformance.txt",
    };

    public static TheoryData<string, string> Snapshotted() => Cultures.Each(Snapshots.Keys, Cultures.All);

    [Theory]
    [MemberData(nameof(Snapshotted))]
    public void Exporter_MatchesItsSnapshot_UnderEveryCulture(string exporter, string culture) =>
        Snapshot.Match(Snapshots[exporter], Cultures.Under(culture, () => Render(exporter, culture)));

    [Theory]
    [MemberData(nameof(Cases))]
    public void Exporter_WritesTheSame_AsUnderTheInvariantCulture(string exporter, string culture)
    {
        var invariant = Cultures.Under("", () => Render(exporter, "invariant"));
        var local = Cultures.Under(culture, () => Render(exporter, culture));

        Assert.Equal(invariant, local);
    }

    [Theory]
    [MemberData(nameof(Cultures.Others), MemberType = typeof(Cultures))]
    public void MethodText_InResultsJson_UsesInvariantNumbers(string culture)
    {
        var text = Cultures.Under(culture, () => RoundRunner.IntervalText(MeasurementProfile.Quick));

        Assert.Contains("over 2× the median", text, StringComparison.Ordinal);
        Assert.Contains("1.5×", text, StringComparison.Ordinal);
    }

    private string Render(string exporter, string folder) => exporter switch
    {
        "report.md" => Export(new MarkdownReportExporter()),
        "report.html" => Html(),
        "charts" => Charts(),
        "results.csv" => Export(new CsvExporter()),
        "results.json" => ResultsJson.ToJson(Rich()),
        "console" => Console(console => ConsoleReport.Write(console, RunSummary.Of(Rich()))),
        "conformance" => string.Concat(ConformanceExporters.Default.Select(e => Write(writer => e.Export(ConformanceExporterTests.Report, writer))))
                         + Console(console => ConsoleReport.WriteTable(console, ConformanceSummary.Groups(ConformanceExporterTests.Report))),
        "first-call" => FirstCall(),
        "compare" => Compare(folder),
        _ => throw new ArgumentOutOfRangeException(nameof(exporter)),
    };

    private static string Export(IReportExporter exporter) => Write(writer => exporter.Export(RunSummary.Of(Rich()), writer));

    /// <summary>The report's content: the fixed style, scripts and inlined bundles stand as their names.</summary>
    private static string Html()
    {
        var html = Export(new HtmlReportExporter(ChartSpecs.Build(RunSummary.Of(Rich()))));
        (string Text, string Name)[] fixedParts =
        [
            (HtmlReportExporter.Style, "style"), (HtmlReportExporter.ErrorCapture, "error capture"), (HtmlReportExporter.Behaviour, "behaviour"),
            .. ChartBundles.Available ? [(ChartBundles.Vega, "vega.min.js"), (ChartBundles.VegaLite, "vega-lite.min.js"), (ChartBundles.VegaEmbed, "vega-embed.min.js")] : Array.Empty<(string, string)>(),
        ];
        return fixedParts.Aggregate(html, (text, part) => text.Replace(part.Text, $"/* {part.Name} */", StringComparison.Ordinal));
    }

    /// <summary>Each chart's id, title and Vega-Lite spec as charts/&lt;id&gt;.vl.json holds it.</summary>
    private static string Charts() => string.Concat(ChartSpecs.Build(RunSummary.Of(Rich())).Select(c =>
        $"== {c.Id}: {c.Title}\n{c.Spec.ToJsonString(new System.Text.Json.JsonSerializerOptions { WriteIndented = true })}\n"));

    private static string Write(Action<TextWriter> write)
    {
        using var writer = new StringWriter();
        write(writer);
        return writer.ToString();
    }

    private static string Console(Action<Spectre.Console.IAnsiConsole> write) => Write(writer => write(PlainConsole.Over(writer, 160)));

    /// <summary>What <c>first-call</c> writes and prints: a run of first-call cells only.</summary>
    private static string FirstCall()
    {
        var document = Rich();
        document.Cells.RemoveAll(c => c.Operation != Operation.FirstCall);
        var summary = RunSummary.Of(document);
        return Write(writer => new MarkdownReportExporter().Export(summary, writer)) + Console(console => ConsoleReport.Write(console, summary));
    }

    /// <summary>Through the command, which prints the threshold, the verdict, the machine's speed and the tables.</summary>
    private string Compare(string folder)
    {
        var directory = Directory.CreateDirectory(Path.Combine(_directory, folder)).FullName;
        string Save(string name, ResultsDocument document)
        {
            var path = Path.Combine(directory, name);
            File.WriteAllText(path, ResultsJson.ToJson(document));
            return path;
        }

        var before = Save("base.json", Rich());
        var slower = Rich();
        slower.MachineProbes = [.. slower.MachineProbes!.Select(p => p with { Ns = p.Ns * 1.5, CoreNs = p.CoreNs * 1.5 })];
        var cells = slower.Cells.Select(c => c.MeanNs is { } mean && c.Contender == "stj-sourcegen-utf8"
            ? c with { MeanNs = mean * 1.375, RoundsNs = [.. c.RoundsNs!.Select(r => r * 1.375)] }
            : c).ToList();
        slower.Cells.Clear();
        slower.Cells.AddRange(cells);
        var after = Save("new.json", slower);
        var markdown = Path.Combine(directory, "compare.md");

        var (exitCode, output, error) = CliTester.Run("compare", before, after, "--threshold", "12.5%", "--markdown", markdown);

        Assert.True(exitCode is 0 or 1, error);
        return output.Replace(directory, "DIR", StringComparison.Ordinal) + File.ReadAllText(markdown).Replace(directory, "DIR", StringComparison.Ordinal);
    }

    /// <summary>
    /// The snapshot's run with everything a report can say about how it was measured: the method, dropped rounds, the
    /// harness's cost, the machine's speed, the agents, the budget, two speeds, a first call and a Native AOT crash.
    /// </summary>
    private static ResultsDocument Rich()
    {
        var document = SnapshotTests.Fixture();
        document.Method = new MeasurementMethod(2, "contender", RoundRunner.IntervalText(MeasurementProfile.Quick), "stopwatch");
        document.Calibration = new HarnessCalibrationResult(12.345, 0.678, [12.125, 12.5625]);
        document.MachineProbes = [new(0, 5_000_000.5, 2_000_000.25, 3_000_000.25), new(60.5, 5_600_000.5, 2_300_000.5, 3_300_000.5)];
        document.RuntimeAgents = new(StringComparer.Ordinal)
        {
            ["net10.0"] = new RuntimeAgentRecord("net10.0", "10.0.1", "jit", true, false, 12.75, null, []),
            ["net10.0-aot"] = new RuntimeAgentRecord("net10.0-aot", "10.0.1", "aot", true, false, 123.5, null, ["IL2026: 1.5"]),
        };
        document.Budget = new RunBudget(600.5, true, 3, ["web-api · broken-one"]);
        var cells = document.Cells.Select(c => c.Contender == "stj-reflection-utf8" && c.Operation == Operation.Serialize
            ? c with { DroppedRoundsNs = [512_345.5], Modes = [new SpeedMode(355_000.5, 1_234.25, 2, 28.5), new SpeedMode(551_000.75, 2_345.5, 2, 30.25)] }
            : c).ToList();
        document.Cells.Clear();
        document.Cells.AddRange(cells);
        document.Cells.Add(SampleResults.Cell("stj-sourcegen-utf8", 1_234_567.5, operation: Operation.FirstCall) with
        {
            FirstCall = new FirstCallBreakdown(123.5, 456.25, 789.125), RoundsNs = [1_234_567.5, 1_300_000.25],
        });
        document.Cells.Add(SampleResults.Cell("memorypack", null, status: VerificationStatus.Crash, reason: "MissingMethodException: ListFormatter`1") with
        {
            Runtime = "net10.0-aot", NativeAot = "safe", Library = "MemoryPack", Generation = "source-generated",
        });
        document.Cells.Add(SampleResults.Cell("memorypack", 150_000.5, allocated: 90_000) with
        {
            Runtime = "net10.0", NativeAot = "safe", Library = "MemoryPack", Generation = "source-generated", Ratio = 0.2, RoundsNs = [149_000.25, 152_000.75],
        });
        return document;
    }
}
