using SerBench.AgentBuilds;
using SerBench.Core.Packs;

namespace SerBench.Tests.AgentBuilds;

public sealed class AgentCacheTests : IDisposable
{
    private readonly TempDirectory _root = new();

    public void Dispose() => _root.Dispose();

    [Fact]
    public void Prune_RemovesWhatAKilledBuildLeft_KeepsABuildInProgress()
    {
        Directory.CreateDirectory(_root.File("dead.building"));
        File.WriteAllText(_root.File("dead.lock"), "");
        Directory.CreateDirectory(_root.File("alive.building"));

        using (AgentCache.Lock(_root.Path, "alive"))
        {
            AgentCache.Prune(_root.Path, null);

            Assert.False(Directory.Exists(_root.File("dead.building")));
            Assert.False(File.Exists(_root.File("dead.lock")));
            Assert.True(Directory.Exists(_root.File("alive.building")));
        }

        Assert.False(File.Exists(_root.File("alive.lock")));
    }

    [Fact]
    public void Lock_InAFolderThatCannotBeCreated_SaysWhereToPointTheCache()
    {
        File.WriteAllText(_root.File("file"), "");

        var error = Assert.Throws<PackException>(() => AgentCache.Lock(Path.Combine(_root.File("file"), "agents"), "key"));

        Assert.Contains("cannot be written", error.Message, StringComparison.Ordinal);
        Assert.EndsWith("point SERBENCH_CACHE at a folder you can write, e.g. SERBENCH_CACHE=$HOME/.cache/serbench.", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Fingerprint_TruncatedOrDeletedFile_IsDamage()
    {
        Directory.CreateDirectory(_root.File("bin"));
        File.WriteAllText(_root.File("bin/a.dll"), "assembly");
        File.WriteAllText(_root.File("bin/b.dll"), "dependency");
        var files = AgentFingerprint.Record(_root.Path, _root.File("bin"));

        Assert.Null(AgentFingerprint.Damage(_root.Path, files));
        File.WriteAllText(_root.File("bin/a.dll"), "assem");
        Assert.Equal("bin/a.dll is not the file that was built", AgentFingerprint.Damage(_root.Path, files));
        File.Delete(_root.File("bin/b.dll"));
        File.WriteAllText(_root.File("bin/a.dll"), "assembly");
        Assert.Equal("bin/b.dll is missing", AgentFingerprint.Damage(_root.Path, files));
        Assert.Equal("build.json records none of its files", AgentFingerprint.Damage(_root.Path, null));
    }
}
