using System.Text.Json;

namespace SerBench.Tests.Cli;

public sealed class FirstCallCommandTests : IDisposable
{
    private readonly string _directory = Directory.CreateTempSubdirectory("serbench-first-call-").FullName;

    public void Dispose() => Directory.Delete(_directory, recursive: true);

    [Fact]
    public void FirstCall_MeasuresEachContenderInFreshProcesses_AndKeepsUnavailableOnesWithTheirReason()
    {
        var (exitCode, output, error) = CliTester.Run("first-call", "--study", "json-vs-binary", "--contenders", "stj-reflection-utf8,binary-utf16,unity-jsonutility",
            "--launches", "2", "--out", _directory, "--json");

        Assert.True(exitCode == 0, error + output);
        using var document = JsonDocument.Parse(output);
        var rows = document.RootElement.EnumerateArray().ToDictionary(r => r.GetProperty("contender").GetString()!);
        foreach (var name in new[] { "stj-reflection-utf8", "binary-utf16" })
        {
            Assert.Equal("OK", rows[name].GetProperty("status").GetString());
            var samples = rows[name].GetProperty("samplesMicroseconds").EnumerateArray().ToList();
            Assert.Equal(2, samples.Count);
            Assert.All(samples, s => Assert.True(s.GetProperty("serialize").GetDouble() > 0 && s.GetProperty("deserialize").GetDouble() > 0));
        }

        // A cold reflection-based serializer pays for metadata on its first call; the hand-written format has none to build.
        double FirstSerialize(string name) => rows[name].GetProperty("samplesMicroseconds").EnumerateArray().Min(s => s.GetProperty("serialize").GetDouble());
        Assert.True(FirstSerialize("stj-reflection-utf8") > FirstSerialize("binary-utf16"));
        Assert.Equal("UNAVAILABLE", rows["unity-jsonutility"].GetProperty("status").GetString());
        Assert.Empty(rows["unity-jsonutility"].GetProperty("samplesMicroseconds").EnumerateArray());
        Assert.Contains("First-call cost in a fresh process", File.ReadAllText(Path.Combine(_directory, "first-call.md")), StringComparison.Ordinal);
    }

    [Fact]
    public void AFirstCallChild_TakesItsRequestFromItsArguments_NotFromRequestJson()
    {
        // The child must not run System.Text.Json before it times a first use, so it must not read request.json: here the
        // file is not even JSON, and the child still answers.
        var request = Path.Combine(_directory, "request.json");
        File.WriteAllText(request, "not json");
        var arguments = new SerBench.Running.AgentRequest
        {
            Mode = SerBench.Running.AgentMode.FirstCall,
            Study = "json-vs-binary",
            Contenders = ["binary-utf8"],
            Payloads = ["save-game"],
            Cases = [new SerBench.Running.AgentCase("save-game", "object", 1)],
            Profile = "smoke",
        }.ToArguments();

        var (exitCode, output, error) = CliTester.Run(["agent", request, .. arguments]);

        Assert.True(exitCode == 0, error + output);
        using var results = JsonDocument.Parse(File.ReadAllText(Path.Combine(_directory, "results.json")));
        var sample = Assert.Single(results.RootElement.GetProperty("firstCalls").EnumerateArray());
        Assert.Equal("binary-utf8", sample.GetProperty("contender").GetString());
        Assert.True(sample.GetProperty("serializeMicroseconds").GetDouble() > 0);
    }

    [Theory]
    [InlineData("0")]
    [InlineData("abc")]
    [InlineData("1e3")]
    public void FirstCall_BadLaunches_Exit2_WithOurMessage_NotADotNetTypeName(string launches)
    {
        var (exitCode, _, error) = CliTester.Run("first-call", "--launches", launches, "--out", _directory);

        Assert.Equal(2, exitCode);
        Assert.StartsWith($"serbench: Invalid --launches '{launches}'. Give a whole number of fresh processes from 1 to 100", error, StringComparison.Ordinal);
        Assert.DoesNotContain("System.", error, StringComparison.Ordinal);
    }
}
