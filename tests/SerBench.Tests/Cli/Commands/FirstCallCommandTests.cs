using System.Text.Json;

namespace SerBench.Tests.Cli.Commands;

public sealed class FirstCallCommandTests : IDisposable
{
    private readonly string _directory = Directory.CreateTempSubdirectory("serbench-first-call-").FullName;

    public void Dispose() => Directory.Delete(_directory, recursive: true);

    [Fact]
    public void FirstCall_IsARunOfFirstCallCells_InFreshProcesses_AndKeepsUnavailableOnesWithTheirReason()
    {
        var (exitCode, output, error) = CliTester.RunWithoutChartImages("first-call", "--study", "json-vs-binary", "--contenders", "stj-reflection-utf8,binary-utf16,unity-jsonutility",
            "--launches", "2", "--out", _directory);

        Assert.True(exitCode == 0, error + output);
        using var document = JsonDocument.Parse(File.ReadAllText(Path.Combine(_directory, "results.json")));
        var cells = document.RootElement.GetProperty("cells").EnumerateArray().ToList();
        Assert.All(cells, c => Assert.Equal("first-call", c.GetProperty("operation").GetString()));
        var rows = cells.ToDictionary(c => c.GetProperty("contender").GetString()!);
        foreach (var name in new[] { "stj-reflection-utf8", "binary-utf16" })
        {
            Assert.Equal("OK", rows[name].GetProperty("status").GetString());
            Assert.Equal(2, rows[name].GetProperty("roundsNs").GetArrayLength());
        }

        // A cold reflection-based serializer pays for metadata on its first call; the hand-written format has none to build.
        double FirstSerialize(string name) => rows[name].GetProperty("firstCall").GetProperty("serializeMicroseconds").GetDouble();
        Assert.True(FirstSerialize("stj-reflection-utf8") > FirstSerialize("binary-utf16"));
        Assert.Equal("UNAVAILABLE", rows["unity-jsonutility"].GetProperty("status").GetString());
        Assert.Contains("serbench first-call", document.RootElement.GetProperty("command").GetString(), StringComparison.Ordinal);
        Assert.Contains("First call in a fresh process", File.ReadAllText(Path.Combine(_directory, "report.md")), StringComparison.Ordinal);
        Assert.Contains("First call in a fresh process", output, StringComparison.Ordinal);
    }

    [Fact]
    public void AFirstCallChild_ReadsItsRequestAsText_AndRepliesWithItsSample()
    {
        // The child must not run System.Text.Json before it times a first use: its request is the codec's plain text.
        var planned = SerBench.Running.RunPlan.Create(new SerBench.Running.RunRequest
        {
            Studies = [SerBench.Core.Studies.StudyRegistry.All.Single(s => s.Name == "json-vs-binary")],
            Contenders = [SerBench.Core.Contenders.ContenderRegistry.Find("binary-utf8")!],
        })[0];
        var request = Path.Combine(_directory, SerBench.Core.Agents.AgentRequestCodec.FileName);
        File.WriteAllText(request, SerBench.Core.Agents.AgentRequestCodec.Write(SerBench.Core.Agents.AgentRequest.FirstCall(planned)));

        var (exitCode, output, error) = CliTester.Run("agent", request);

        Assert.True(exitCode == 0, error + output);
        var reply = SerBench.Core.Agents.AgentReply.Read(_directory);
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

    [Fact]
    public void FirstCall_Json_Exit2_SaysWhereTheCellsAre()
    {
        var (exitCode, _, error) = CliTester.Run("first-call", "--json", "--out", _directory);

        Assert.Equal(2, exitCode);
        Assert.Equal("serbench: first-call has no --json: it writes its cells to results.json in the output folder, as run does (docs/results-format.md).", error.TrimEnd());
        Assert.Empty(Directory.GetFileSystemEntries(_directory));
    }
}
