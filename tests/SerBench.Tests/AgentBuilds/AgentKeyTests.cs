using SerBench.AgentBuilds;
using SerBench.Core.Running;

namespace SerBench.Tests.AgentBuilds;

/// <summary>
/// The agent's key is computed over the agent-source/ this build ships (the CLI project's copy rules, as a user gets
/// them). A repository file changes the key exactly when a copy of it ships, so these tests find each file's shipped copy
/// and edit that: a report edit must leave a cached agent valid, a core edit must not.
/// </summary>
public sealed class AgentKeyTests : IDisposable
{
    private readonly TempDirectory _temp = new();

    public void Dispose() => _temp.Dispose();

    [Fact]
    public void EditingAnyReportsFile_LeavesTheKey_EditingACoreFileChangesIt()
    {
        var shipped = CopyOfShippedSources();
        var before = Key(shipped);

        var reports = Directory.EnumerateFiles(Repository.File("src", "SerBench", "Reports"), "*", SearchOption.AllDirectories).ToList();
        Assert.NotEmpty(reports);
        foreach (var report in reports)
        {
            foreach (var copy in ShippedCopies(shipped, report))
            {
                File.AppendAllText(copy, "\n// an edit to a report\n");
            }
        }

        Assert.Equal(before, Key(shipped));

        var core = Assert.Single(ShippedCopies(shipped, Repository.File("src", "SerBench.Core", "Agents", "AgentHost.cs")));
        File.AppendAllText(core, "\n// an edit to the core\n");
        Assert.NotEqual(before, Key(shipped));
    }

    [Fact]
    public void ShippedSources_AreTheMeasuringCoreAlone()
    {
        var shipped = Path.Combine(AppContext.BaseDirectory, AgentBuilder.SourceFolder);
        var outside = Directory.EnumerateFiles(shipped, "*.cs", SearchOption.AllDirectories)
            .Select(file => Path.GetRelativePath(shipped, file).Replace('\\', '/'))
            .Where(path => !path.StartsWith("SerBench.Core/", StringComparison.Ordinal))
            .ToList();

        Assert.Empty(outside);
        Assert.True(File.Exists(Path.Combine(shipped, "SerBench.Core", "Agents", "AgentProgram.cs")), "the agent's entry point ships");
    }

    private string CopyOfShippedSources()
    {
        var shipped = Path.Combine(AppContext.BaseDirectory, AgentBuilder.SourceFolder);
        var copy = _temp.File("agent-source");
        foreach (var file in Directory.EnumerateFiles(shipped, "*", SearchOption.AllDirectories))
        {
            var to = Path.Combine(copy, Path.GetRelativePath(shipped, file));
            Directory.CreateDirectory(Path.GetDirectoryName(to)!);
            File.Copy(file, to);
        }

        return copy;
    }

    /// <summary>The files in the shipped sources that are copies of <paramref name="repositoryFile"/>: same name, same bytes.</summary>
    private static List<string> ShippedCopies(string shipped, string repositoryFile)
    {
        var bytes = File.ReadAllBytes(repositoryFile);
        return [.. Directory.EnumerateFiles(shipped, Path.GetFileName(repositoryFile), SearchOption.AllDirectories)
            .Where(file => File.ReadAllBytes(file).AsSpan().SequenceEqual(bytes))];
    }

    private static string Key(string sourceDirectory) =>
        AgentKey.Compute(sourceDirectory, RuntimeTarget.Current, [], [], new Dictionary<string, string>(), []);
}
