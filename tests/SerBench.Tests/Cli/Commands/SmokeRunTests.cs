using System.Runtime.CompilerServices;
using System.Text.Json;
using SerBench.Core.Running;
using SerBench.Reports;

namespace SerBench.Tests.Cli.Commands;

[Trait("Category", "Slow")]
public class SmokeRunTests
{
    private static readonly string[] CellFields =
    [
        "study", "contender", "library", "libraryVersion", "format", "textMode", "generation", "payload", "shape", "count",
        "operation", "status", "reason", "meanNs", "errorNs", "lowNs", "highNs", "stdDevNs", "medianNs", "allocatedBytes", "gen0", "gen1", "gen2",
        "payloadBytes", "ratio", "allocRatio",
    ];

    [Fact]
    public void SmokeRun_WritesResultsJsonWithEveryField_AndTheReports()
    {
        var directory = Path.Combine(Path.GetTempPath(), "serbench-test-" + Guid.NewGuid().ToString("N"));
        var summaries = RunSummary.Builds.Value = new StrongBox<int>();
        try
        {
            var (exitCode, output, error) = CliTester.Run("run", "--study", "json-vs-binary", "--contenders", "stj-string-then-utf8,binary-utf16,unity-jsonutility",
                "--profile", "smoke", "--out", directory);

            Assert.True(exitCode == 0, error + output);
            using var document = JsonDocument.Parse(File.ReadAllText(Path.Combine(directory, "results.json")));
            var root = document.RootElement;
            Assert.Equal(3, root.GetProperty("schemaVersion").GetInt32());
            Assert.Equal("SerBench", root.GetProperty("tool").GetProperty("name").GetString());
            Assert.StartsWith("serbench run --study json-vs-binary", root.GetProperty("command").GetString(), StringComparison.Ordinal);
            Assert.Equal("smoke", root.GetProperty("profile").GetString());
            Assert.True(root.GetProperty("startedAt").GetDateTimeOffset() <= root.GetProperty("finishedAt").GetDateTimeOffset());
            foreach (var field in new[] { "os", "cpuModel", "logicalCores", "runtime", "gcMode", "tieredCompilation", "tieredPgo" })
            {
                Assert.True(root.GetProperty("environment").TryGetProperty(field, out _), "environment." + field);
            }

            Assert.True(root.GetProperty("packages").TryGetProperty("BenchmarkDotNet", out _));
            var cells = root.GetProperty("cells").EnumerateArray().ToList();
            Assert.Equal(6, cells.Count);
            // Schema 2: every cell names the runtime it was measured on, and a measured one its exact version.
            Assert.All(cells, c => Assert.Equal(RuntimeTarget.Current.Name, c.GetProperty("runtime").GetString()));
            Assert.Contains(cells, c => c.TryGetProperty("runtimeVersion", out var version) && version.GetString() == Environment.Version.ToString());

            var measured = cells.First(c => c.GetProperty("contender").GetString() == "binary-utf16" && c.GetProperty("operation").GetString() == "serialize");
            foreach (var field in CellFields.Where(f => f != "reason"))
            {
                Assert.True(measured.TryGetProperty(field, out _), "cell." + field);
            }

            Assert.Equal(28, measured.GetProperty("payloadBytes").GetInt64());
            Assert.True(measured.GetProperty("meanNs").GetDouble() > 0);
            Assert.Equal("stj-string-then-utf8", measured.GetProperty("baseline").GetString());

            var unity = cells.First(c => c.GetProperty("contender").GetString() == "unity-jsonutility");
            Assert.Equal("UNAVAILABLE", unity.GetProperty("status").GetString());
            Assert.False(unity.TryGetProperty("meanNs", out _));

            var report = File.ReadAllText(Path.Combine(directory, "report.md"));
            Assert.Contains("## json-vs-binary — JSON against a hand-written binary format", report, StringComparison.Ordinal);
            Assert.Contains("| binary-utf16 | 1 object | 28 B |", report, StringComparison.Ordinal);
            Assert.Equal(7, File.ReadAllLines(Path.Combine(directory, "results.csv")).Length);
            SerBench.Tests.Reports.HtmlReportExporterTests.AssertValidHtml5(File.ReadAllText(Path.Combine(directory, "report.html")));
            Assert.Contains("[6/6]", output, StringComparison.Ordinal);
            // The reports and the console summary render one reading of the results (issue 43).
            Assert.Equal(1, summaries.Value);
        }
        finally
        {
            RunSummary.Builds.Value = null;
            if (Directory.Exists(directory))
            {
                Directory.Delete(directory, recursive: true);
            }
        }
    }
}
