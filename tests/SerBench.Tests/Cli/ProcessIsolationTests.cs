using System.Text.Json;
using SerBench.Contenders;

namespace SerBench.Tests.Cli;

public class ProcessIsolationTests
{
    [Fact]
    public void ContenderThatKillsItsProcess_IsRecordedAsCrash_AndCellsMeasuredBeforeItAreKept()
    {
        var directory = Path.Combine(Path.GetTempPath(), "serbench-test-" + Guid.NewGuid().ToString("N"));
        Environment.SetEnvironmentVariable(ContenderRegistry.DiagnosticsVariable, "1");
        try
        {
            var (exitCode, output, error) = CliTester.Run("run", "--study", "json-vs-binary", "--contenders", "binary-utf8,diagnostic-process-crash",
                "--profile", "smoke", "--out", directory);

            Assert.True(exitCode == 0, error + output);
            using var document = JsonDocument.Parse(File.ReadAllText(Path.Combine(directory, "results.json")));
            var cells = document.RootElement.GetProperty("cells").EnumerateArray().ToList();
            Assert.Equal(4, cells.Count);
            var survivors = cells.Where(c => c.GetProperty("contender").GetString() == "binary-utf8").ToList();
            Assert.All(survivors, c => Assert.True(c.GetProperty("meanNs").GetDouble() > 0));
            var crashed = cells.Where(c => c.GetProperty("contender").GetString() == "diagnostic-process-crash").ToList();
            Assert.Equal(2, crashed.Count);
            Assert.All(crashed, c =>
            {
                Assert.Equal("CRASH", c.GetProperty("status").GetString());
                var reason = c.GetProperty("reason").GetString();
                Assert.Contains("separate process", reason, StringComparison.Ordinal);
                Assert.Contains("simulated fatal serializer error", reason, StringComparison.Ordinal);
            });
            Assert.NotNull(document.RootElement.GetProperty("finishedAt").GetString());
        }
        finally
        {
            Environment.SetEnvironmentVariable(ContenderRegistry.DiagnosticsVariable, null);
            if (Directory.Exists(directory))
            {
                Directory.Delete(directory, recursive: true);
            }
        }
    }

    [Fact]
    public void Verify_ContenderThatKillsItsProcessInTheGate_IsCrash_OthersStillVerified_Exit1()
    {
        Environment.SetEnvironmentVariable(ContenderRegistry.DiagnosticsVariable, "1");
        try
        {
            var (exitCode, output, error) = CliTester.Run("verify", "--study", "json-vs-binary", "--contenders", "binary-utf8,diagnostic-gate-crash", "--json");

            Assert.True(exitCode == 1, error + output);
            using var document = JsonDocument.Parse(output);
            var results = document.RootElement.EnumerateArray().ToDictionary(r => r.GetProperty("contender").GetString()!);
            Assert.Equal("OK", results["binary-utf8"].GetProperty("status").GetString());
            Assert.Equal("CRASH", results["diagnostic-gate-crash"].GetProperty("status").GetString());
            Assert.Contains("simulated fatal serializer error", results["diagnostic-gate-crash"].GetProperty("reason").GetString(), StringComparison.Ordinal);
        }
        finally
        {
            Environment.SetEnvironmentVariable(ContenderRegistry.DiagnosticsVariable, null);
        }
    }

    [Fact]
    public void CrashProneContender_AllItsCasesShareOneChildProcess()
    {
        var directory = Path.Combine(Path.GetTempPath(), "serbench-test-" + Guid.NewGuid().ToString("N"));
        try
        {
            var (exitCode, output, error) = CliTester.Run("run", "--study", "shootout", "--contenders", "servicestack-string", "--payloads", "user",
                "--sizes", "1,100", "--profile", "smoke", "--out", directory);

            Assert.True(exitCode == 0, error + output);
            using var document = JsonDocument.Parse(File.ReadAllText(Path.Combine(directory, "results.json")));
            var cells = document.RootElement.GetProperty("cells").EnumerateArray().ToList();
            Assert.Equal(4, cells.Count);
            Assert.All(cells, c => Assert.True(c.GetProperty("meanNs").GetDouble() > 0));
            Assert.Single(Directory.GetDirectories(Path.Combine(directory, "isolated")));
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }

    [Fact]
    public void WhenTheSharedChildDies_EachUnfinishedCaseIsRetriedAlone()
    {
        var directory = Path.Combine(Path.GetTempPath(), "serbench-test-" + Guid.NewGuid().ToString("N"));
        Environment.SetEnvironmentVariable(ContenderRegistry.DiagnosticsVariable, "1");
        try
        {
            var (exitCode, output, error) = CliTester.Run("run", "--study", "shootout", "--contenders", "diagnostic-process-crash", "--payloads", "user",
                "--sizes", "1,100", "--profile", "smoke", "--out", directory);

            Assert.True(exitCode == 0, error + output);
            using var document = JsonDocument.Parse(File.ReadAllText(Path.Combine(directory, "results.json")));
            var cells = document.RootElement.GetProperty("cells").EnumerateArray().ToList();
            Assert.Equal(4, cells.Count);
            Assert.All(cells, c => Assert.Equal("CRASH", c.GetProperty("status").GetString()));
            // One shared process for the group, then one per case it did not finish (both cases: it dies in the first).
            Assert.Equal(3, Directory.GetDirectories(Path.Combine(directory, "isolated")).Length);
        }
        finally
        {
            Environment.SetEnvironmentVariable(ContenderRegistry.DiagnosticsVariable, null);
            Directory.Delete(directory, recursive: true);
        }
    }

    [Fact]
    public void DiagnosticContenders_AreNotSelectableWithoutTheSwitch()
    {
        var (exitCode, _, error) = CliTester.Run("verify", "--contenders", "diagnostic-process-crash");

        Assert.Equal(2, exitCode);
        Assert.Contains("Unknown contender 'diagnostic-process-crash'", error, StringComparison.Ordinal);
    }
}
