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
    public void AFirstCallChild_ReadsItsRequestAsText_AndRepliesWithItsSample()
    {
        // The child must not run System.Text.Json before it times a first use: its request is the codec's plain text.
        var planned = SerBench.Running.RunPlan.Create(new SerBench.Running.RunRequest
        {
            Studies = [SerBench.Studies.StudyRegistry.All.Single(s => s.Name == "json-vs-binary")],
            Contenders = [SerBench.Contenders.ContenderRegistry.Find("binary-utf8")!],
        })[0];
        var request = Path.Combine(_directory, SerBench.Agents.AgentRequestCodec.FileName);
        File.WriteAllText(request, SerBench.Agents.AgentRequestCodec.Write(SerBench.Agents.AgentRequest.FirstCall(planned)));

        var (exitCode, output, error) = CliTester.Run("agent", request);

        Assert.True(exitCode == 0, error + output);
        var reply = SerBench.Agents.AgentReply.Read(_directory);
        Assert.True(reply?.FirstCall?.SerializeMicroseconds > 0);
        Assert.False(File.Exists(Path.Combine(_directory, "results.json")));
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
