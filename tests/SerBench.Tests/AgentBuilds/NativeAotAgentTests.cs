using System.Runtime.CompilerServices;
using System.Text.Json;
using System.Text.RegularExpressions;

namespace SerBench.Tests.AgentBuilds;

/// <summary>
/// A Native AOT agent (net8.0-aot) is published and measures a smoke study: the source-generated contender runs there,
/// DataContractJsonSerializer (reflection over members the trimmer may remove) fails as it actually fails under Native
/// AOT, and the agent is recorded as AOT with its trimming warnings, none of them from SerBench's core.
/// </summary>
[Collection(AgentBuildCollection.Name)]
[Trait("Category", "Slow")]
public class NativeAotAgentTests
{
    [NativeAotFact]
    public void Net8AotAgent_RunsSourceGeneratedCode_AndShowsHowAReflectionSerializerFails()
    {
        using var temp = new TempDirectory();
        var directory = temp.File("aot");
        var (exitCode, output, error) = CliTester.RunWithoutChartImages("run", "--study", "web-api", "--shapes", "object",
            "--contenders", "stj-sourcegen-utf8,datacontract-json", "--runtimes", "net8.0-aot", "--profile", "smoke", "--first-call", "on", "--out", directory);
        Assert.True(exitCode == 0, error + output);
        using var results = JsonDocument.Parse(File.ReadAllBytes(Path.Combine(directory, "results.json")));
        var cells = results.RootElement.GetProperty("cells").EnumerateArray().ToList();
        Assert.All(cells, c => Assert.Equal("net8.0-aot", c.GetProperty("runtime").GetString()));

        var agent = results.RootElement.GetProperty("runtimeAgents").GetProperty("net8.0-aot");
        Assert.True(agent.GetProperty("built").GetBoolean(), agent.ToString());
        Assert.Equal("aot", agent.GetProperty("compilation").GetString());
        var warnings = agent.GetProperty("warnings").EnumerateArray().Select(w => w.GetString()!).ToList();
        Assert.Contains(warnings, w => w.Contains("IL3050", StringComparison.Ordinal));
        // The core is annotated for trimming: what is left is the libraries' and the pack adapters' (SerBench.Packs.*).
        Assert.DoesNotContain(warnings, w => Regex.IsMatch(w, @"\bSerBench\.(?!Packs\.)", RegexOptions.None, TimeSpan.FromSeconds(1)));

        var generated = cells.Where(c => c.GetProperty("contender").GetString() == "stj-sourcegen-utf8").ToList();
        Assert.Equal(3, generated.Count); // serialize, deserialize, first call
        Assert.All(generated, c =>
        {
            Assert.True(c.GetProperty("status").GetString() == "OK", c.ToString());
            Assert.True(c.GetProperty("meanNs").GetDouble() > 0);
            Assert.StartsWith("8.0.", c.GetProperty("runtimeVersion").GetString(), StringComparison.Ordinal);
        });
        // Each compressor's fields cross the trimmed agent's reply (a contract modifier adds them).
        Assert.Contains(generated, c => c.TryGetProperty("lz4Ns", out var ns) && ns.GetDouble() > 0 && c.GetProperty("gzipBytes").GetInt64() > 0);

        // DataContractJsonSerializer passes on the JIT runtimes (BuiltInContendersTests); trimmed and compiled ahead of time
        // it reads Person.registered back as default(DateTimeOffset) without a word, and the gate says so.
        var dataContract = cells.Where(c => c.GetProperty("contender").GetString() == "datacontract-json").ToList();
        Assert.NotEmpty(dataContract);
        Assert.All(dataContract, c =>
        {
            Assert.Equal("MISMATCH", c.GetProperty("status").GetString());
            Assert.Contains("$.Registered: expected 2014-11-19T01:08:13", c.GetProperty("reason").GetString()!, StringComparison.Ordinal);
        });
    }
}
