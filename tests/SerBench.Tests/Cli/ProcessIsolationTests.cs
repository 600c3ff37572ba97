using System.Text.Json;
using SerBench.Core.Contenders;

namespace SerBench.Tests.Cli;

/// <summary>
/// Contenders that can kill their process are measured and verified in child processes. The diagnostic contenders
/// (SERBENCH_DIAGNOSTICS=1, set for each test here and inherited by the children) end their process on purpose.
/// </summary>
[Collection(SerialCollection.Name)]
public sealed class ProcessIsolationTests : IDisposable
{
    private readonly TempDirectory _output = new();

    public ProcessIsolationTests() => Environment.SetEnvironmentVariable(ContenderRegistry.DiagnosticsVariable, "1");

    public void Dispose()
    {
        Environment.SetEnvironmentVariable(ContenderRegistry.DiagnosticsVariable, null);
        _output.Dispose();
    }

    private List<JsonElement> Run(params string[] arguments) => Run(0, arguments);

    /// <param name="expectedExit">0, or 1 when nothing at all gets a time (every cell CRASH).</param>
    private List<JsonElement> Run(int expectedExit, params string[] arguments)
    {
        var (exitCode, output, error) = CliTester.Run(["run", .. arguments, "--profile", "smoke", "--out", _output.Path]);
        Assert.True(exitCode == expectedExit, error + output);
        using var document = JsonDocument.Parse(File.ReadAllText(_output.File("results.json")));
        Assert.NotNull(document.RootElement.GetProperty("finishedAt").GetString());
        return [.. document.RootElement.GetProperty("cells").EnumerateArray().Select(c => c.Clone())];
    }

    private int ChildProcesses => Directory.GetDirectories(_output.File("isolated")).Length;

    [Fact]
    [Trait("Category", "Slow")]
    public void ContenderThatKillsItsProcess_IsRecordedAsCrash_AndCellsMeasuredBeforeItAreKept()
    {
        var cells = Run("--study", "json-vs-binary", "--contenders", "binary-utf8,diagnostic-process-crash");

        Assert.Equal(4, cells.Count);
        Assert.All(cells.Where(c => c.GetProperty("contender").GetString() == "binary-utf8"), c => Assert.True(c.GetProperty("meanNs").GetDouble() > 0));
        var crashed = cells.Where(c => c.GetProperty("contender").GetString() == "diagnostic-process-crash").ToList();
        Assert.Equal(2, crashed.Count);
        Assert.All(crashed, c =>
        {
            Assert.Equal("CRASH", c.GetProperty("status").GetString());
            var reason = c.GetProperty("reason").GetString();
            Assert.Contains("separate process", reason, StringComparison.Ordinal);
            Assert.Contains("simulated fatal serializer error", reason, StringComparison.Ordinal);
        });
    }

    [Fact]
    [Trait("Category", "Slow")]
    public void PackContender_AllItsCasesShareOneChildProcess()
    {
        var cells = Run("--study", "shootout", "--contenders", "newtonsoft-string", "--payloads", "user", "--sizes", "1,100");

        Assert.Equal(4, cells.Count);
        Assert.All(cells, c => Assert.True(c.GetProperty("meanNs").GetDouble() > 0));
        Assert.Equal(1, ChildProcesses);
    }

    [Fact]
    [Trait("Category", "Slow")]
    public void WhenTheSharedChildDies_EachUnfinishedCaseIsRetriedAlone()
    {
        var cells = Run(1, "--study", "shootout", "--contenders", "diagnostic-process-crash", "--payloads", "user", "--sizes", "1,100");

        Assert.Equal(4, cells.Count);
        Assert.All(cells, c => Assert.Equal("CRASH", c.GetProperty("status").GetString()));
        // One shared process for the group, then one per case it did not finish (both cases: it dies in the first).
        Assert.Equal(3, ChildProcesses);
    }

    [Fact]
    public void Verify_ContenderThatKillsItsProcessInTheGate_IsCrash_OthersStillVerified_Exit1()
    {
        var (exitCode, output, error) = CliTester.Run("verify", "--study", "json-vs-binary", "--contenders", "binary-utf8,diagnostic-gate-crash", "--json");

        Assert.True(exitCode == 1, error + output);
        using var document = JsonDocument.Parse(output);
        var results = document.RootElement.EnumerateArray().ToDictionary(r => r.GetProperty("contender").GetString()!);
        Assert.Equal("OK", results["binary-utf8"].GetProperty("status").GetString());
        Assert.Equal("CRASH", results["diagnostic-gate-crash"].GetProperty("status").GetString());
        Assert.Contains("simulated fatal serializer error", results["diagnostic-gate-crash"].GetProperty("reason").GetString(), StringComparison.Ordinal);
        Assert.Contains("verifying diagnostic-gate-crash · json-vs-binary · ", error, StringComparison.Ordinal);
    }

    [Fact]
    public void AChild_DoesNotInheritATracersSuspendedPort()
    {
        var environment = new System.Diagnostics.ProcessStartInfo("dotnet").Environment;
        environment["DOTNET_DiagnosticPorts"] = "/tmp/dotnet-trace.sock,suspend";
        environment["DOTNET_DefaultDiagnosticPortSuspend"] = "1";
        environment["DOTNET_TieredPGO"] = "0";

        SerBench.Cli.SelfProcess.WithoutTracerPorts(environment);

        Assert.False(environment.ContainsKey("DOTNET_DiagnosticPorts"));
        Assert.False(environment.ContainsKey("DOTNET_DefaultDiagnosticPortSuspend"));
        // A knob the user set still reaches the child, as results.json records it.
        Assert.Equal("0", environment["DOTNET_TieredPGO"]);
    }
}
