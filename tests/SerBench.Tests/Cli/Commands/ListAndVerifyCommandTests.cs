using System.Text.Json;
using SerBench.Cli;
using SerBench.Core.Contenders;
using SerBench.Core.Studies;

namespace SerBench.Tests.Cli.Commands;

public class ListAndVerifyCommandTests
{
    [Theory]
    [InlineData(80)]
    [InlineData(160)]
    public void List_FitsTheWidth_AndEveryNameIsWhole_ToCopyIntoContenders(int width)
    {
        using var output = new StringWriter();
        using var error = new StringWriter();

        var exitCode = CliApp.Run(["list"], output, error, PlainConsole.Over(output, width, terminal: true));

        Assert.True(exitCode == 0, error.ToString());
        var lines = output.ToString().ReplaceLineEndings("\n").Split('\n');
        Assert.All(lines, line => Assert.True(line.TrimEnd().Length <= width, $"wider than {width}: {line}"));
        var rows = lines.Select(l => l.Trim().Split(' ')[0]).ToHashSet(StringComparer.Ordinal);
        Assert.All(ContenderRegistry.All.Select(c => c.Name), name => Assert.Contains(name, rows));
        var tokens = output.ToString().Split([' ', '\n', ',', '\r'], StringSplitOptions.RemoveEmptyEntries).ToHashSet(StringComparer.Ordinal);
        Assert.All(StudyRegistry.All.SelectMany(s => s.Contenders), name => Assert.Contains(name, tokens));
    }

    /// <summary>Issue 44: SIGTERM during verify left its serbench-verify-* folder in the temporary folder.</summary>
    [SignalFact("TERM")]
    public async Task Verify_StoppedBySigterm_RemovesItsTemporaryFolder_AndSaysSoInOneLine()
    {
        using var temporary = new TempDirectory();
        using var process = ChildSerBench.Start(new Dictionary<string, string> { ["TMPDIR"] = temporary.Path, [ContenderRegistry.DiagnosticsVariable] = "1" },
            "verify", "--contenders", "diagnostic-process-crash");
        var output = process.StandardOutput.ReadToEndAsync();
        var error = process.StandardError.ReadToEndAsync();
        // Signalled once its first child was sent a request: the folder is there and in use.
        while (!process.HasExited && !Directory.EnumerateDirectories(temporary.Path, "serbench-verify-*").Any(d => Directory.EnumerateDirectories(d).Any()))
        {
            Thread.Sleep(5);
        }

        await ChildSerBench.Signal(process, "TERM");
        await process.WaitForExitAsync();

        // After the line naming the child it was waiting for.
        Assert.Equal((143, "serbench: verify stopped by SIGTERM; nothing was reported."), (process.ExitCode, (await error).TrimEnd().Split('\n')[^1]));
        Assert.Empty(Directory.EnumerateFileSystemEntries(temporary.Path, "serbench-verify-*"));
        Assert.DoesNotContain("verify ·", await output, StringComparison.Ordinal);
    }

    [Fact]
    public void ListJson_ListsEveryContenderWithAvailability_IncludingUnrunnableOnesWithTheirReason()
    {
        var (exitCode, output, _) = CliTester.Run("list", "--json");

        Assert.Equal(0, exitCode);
        using var document = JsonDocument.Parse(output);
        var contenders = document.RootElement.GetProperty("contenders").EnumerateArray().ToList();
        var unity = contenders.Single(c => c.GetProperty("name").GetString() == "unity-jsonutility");
        Assert.False(unity.GetProperty("available").GetBoolean());
        Assert.Contains("Unity player", unity.GetProperty("unavailableReason").GetString(), StringComparison.Ordinal);
        Assert.Contains(contenders, c => c.GetProperty("name").GetString() == "stj-sourcegen-utf8" && c.GetProperty("generation").GetString() == "source-generated");
        Assert.Equal(["web-api", "json-vs-binary", "big-vs-many", "escaping", "shootout", "streams", "threads"],
            document.RootElement.GetProperty("studies").EnumerateArray().Select(s => s.GetProperty("name").GetString()));
        // SerBench's own studies are named, and the default run leaves them out.
        Assert.Equal([true, true, true, true, true, false, false], document.RootElement.GetProperty("studies").EnumerateArray().Select(s => s.GetProperty("defaultRun").GetBoolean()));
        Assert.Equal(4, document.RootElement.GetProperty("payloads").GetArrayLength());
    }

    [Fact]
    public void List_Tables_ShowLibraryVersionsAndReasons()
    {
        var (exitCode, output, _) = CliTester.Run("list");

        Assert.Equal(0, exitCode);
        Assert.Contains("Newtonsoft.Json", output, StringComparison.Ordinal);
        Assert.Contains("13.0.4", output, StringComparison.Ordinal);
        Assert.Contains("UNAVAILABLE: exists only inside the Unity player", output, StringComparison.Ordinal);
        // Cases are named as the reports name them: "1 object", "list of 200", "1 thread".
        Assert.Contains("person 1 thread: serialize,deserialize", output, StringComparison.Ordinal);
        Assert.Contains("person list of 200:", output, StringComparison.Ordinal);
    }

    [Fact]
    [Trait("Category", "Slow")] // The study names a pack contender (newtonsoft-string): the measuring agent is built first.
    public void Verify_EscapingStudy_AllOkAndExit0()
    {
        var (exitCode, output, _) = CliTester.Run("verify", "--study", "escaping", "--json");

        Assert.Equal(0, exitCode);
        using var document = JsonDocument.Parse(output);
        Assert.All(document.RootElement.EnumerateArray(), r => Assert.Equal("OK", r.GetProperty("status").GetString()));
        Assert.Equal(6, document.RootElement.GetArrayLength());
    }

    [Fact]
    public void Verify_MatrixShowsStatusesAndFootnotedReasons()
    {
        // Built-in contenders only: a pack contender (newtonsoft-string) would build the measuring agent first, a slow test's job.
        var (exitCode, output, _) = CliTester.Run("verify", "--study", "big-vs-many", "--contenders", "stj-reflection-utf8,datacontract-json");

        Assert.Equal(0, exitCode);
        Assert.Contains("user list of 10,000", output, StringComparison.Ordinal);
        Assert.Contains("UNSUPPORTED [1]", output, StringComparison.Ordinal);
        Assert.Contains("[1] datacontract-json: UNSUPPORTED — DataContractJsonSerializer needs [DataContract]", output, StringComparison.Ordinal);
    }
}
