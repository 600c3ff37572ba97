using SerBench.Running;
using SerBench.Agents;
using SerBench.Core.Agents;
using SerBench.Core.Contenders;
using SerBench.Core.Measurement;
using SerBench.Core.Running;
using SerBench.Core.Studies;
using SerBench.Results;

namespace SerBench.Tests.Agents;

/// <summary>Issue 44 items 3 and 8: a child's folder swapped for a link, moved or deleted during a run stops the run in one line.</summary>
public sealed class ChildFolderTests : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("serbench-child-folders-").FullName;
    private readonly string _elsewhere = Directory.CreateTempSubdirectory("serbench-elsewhere-").FullName;

    private static readonly IReadOnlyList<PlannedCase> Plan = RunPlan.Create(new RunRequest
    {
        Studies = [StudyRegistry.All.Single(s => s.Name == "web-api")],
        Contenders = [ContenderRegistry.Find("stj-reflection-string")!],
        Operations = [Operation.Serialize],
    });

    public void Dispose()
    {
        Directory.Delete(_root, recursive: true);
        Directory.Delete(_elsewhere, recursive: true);
    }

    [Fact]
    public void IsolatedSwappedForALink_IsRefused_AndNothingIsWrittenThroughIt()
    {
        Directory.CreateSymbolicLink(Path.Combine(_root, "isolated"), _elsewhere);
        var started = 0;
        var client = new AgentClient(_root, (_, _, _, _, _) =>
        {
            started++;
            return new ChildOutcome(0, "", "", false);
        });

        var exception = Assert.Throws<OutputFolderChangedException>(() => client.Send(AgentRequest.Run(Plan, MeasurementProfile.Quick), CancellationToken.None));

        Assert.Contains("became a symbolic link", exception.Message, StringComparison.Ordinal);
        Assert.Empty(Directory.EnumerateFileSystemEntries(_elsewhere));
        Assert.Equal(0, started);
    }

    [Fact]
    public void IsolatedMovedAwayWhileAChildRan_StopsTheRun_InsteadOfBlamingTheContender()
    {
        var client = new AgentClient(_root, (arguments, _, _, _, _) =>
        {
            Directory.Move(Path.Combine(_root, "isolated"), Path.Combine(_elsewhere, "moved"));
            // The child's BenchmarkDotNet makes its artifacts folder again, and the folders above it.
            Directory.CreateDirectory(Path.Combine(Path.GetDirectoryName(arguments[1])!, "benchmarkdotnet"));
            return new ChildOutcome(0, "", "", false);
        });

        var exception = Assert.Throws<OutputFolderChangedException>(() => client.Send(AgentRequest.Run(Plan, MeasurementProfile.Quick), CancellationToken.None));

        Assert.StartsWith("the output folder changed while the run wrote it: ", exception.Message, StringComparison.Ordinal);
        Assert.Contains("moved or deleted", exception.Message, StringComparison.Ordinal);
        Assert.False(File.Exists(Path.Combine(_root, "isolated", "001-stj-reflection-string", "console.log")));
    }

    [Fact]
    public void Create_MakesEachLevel_AndRefusesAFileInTheWay()
    {
        var made = new HashSet<string>();
        ChildFolders.Create(_root, Path.Combine(_root, "isolated", "001-a"), made);
        Assert.True(Directory.Exists(Path.Combine(_root, "isolated", "001-a")));

        File.WriteAllText(Path.Combine(_root, "first-call"), "");
        var exception = Assert.Throws<OutputFolderChangedException>(() => ChildFolders.Create(_root, Path.Combine(_root, "first-call", "001-b"), made));
        Assert.Contains("replaced by a file", exception.Message, StringComparison.Ordinal);
        Assert.Throws<InvalidOperationException>(() => ChildFolders.Create(_root, _elsewhere, made));

        // Deleted between two children: made by this run, so not made again.
        Directory.Delete(Path.Combine(_root, "isolated"), recursive: true);
        exception = Assert.Throws<OutputFolderChangedException>(() => ChildFolders.Create(_root, Path.Combine(_root, "isolated", "002-b"), made));
        Assert.Contains("moved or deleted", exception.Message, StringComparison.Ordinal);
    }
}
