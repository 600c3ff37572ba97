using SerBench.Core.Running;
using SerBench.Results;

namespace SerBench.Tests.Results;

public sealed class OutputFolderClaimTests : IDisposable
{
    private static readonly string[] Set = ["a.txt", "charts"];

    private readonly TempDirectory _folder = new();

    public void Dispose() => _folder.Dispose();

    private string Out => _folder.File("out");

    private OutputFolderClaim Take(FolderUse use = FolderUse.Replace, bool force = false) => OutputFolderClaim.Take(Out, use, Set, force);

    /// <summary>A set written by SerBench: a.txt and charts/{names}.</summary>
    private void WriteSet(string text, params string[] charts)
    {
        using var claim = Take();
        claim.WriteSet(Set, staging =>
        {
            File.WriteAllText(Path.Combine(staging, "a.txt"), text);
            Directory.CreateDirectory(Path.Combine(staging, "charts"));
            foreach (var chart in charts)
            {
                File.WriteAllText(Path.Combine(staging, "charts", chart), text);
            }
        });
    }

    private string[] Entries(string folder = "") =>
        [.. Directory.GetFileSystemEntries(Path.Combine(Out, folder)).Select(Path.GetFileName).Order(StringComparer.Ordinal)!];

    [Fact]
    public void NewFolder_IsTaken_AndAFolderLeftEmptyIsRemoved()
    {
        using (Take())
        {
            Assert.True(Directory.Exists(Out));
        }

        Assert.False(Directory.Exists(Out));
    }

    [Fact]
    public void FolderWithTheUsersFiles_IsRefusedInOneLine_AndLeftAsItWas()
    {
        Directory.CreateDirectory(Path.Combine(Out, "charts"));
        File.WriteAllText(Path.Combine(Out, "charts", "mine.svg"), "mine");
        File.WriteAllText(Path.Combine(Out, "a.txt"), "notes");

        var error = Assert.Throws<UsageException>(() => Take());

        Assert.Equal($"Output folder '{Out}' holds files SerBench did not write (a.txt, charts). Choose a new or empty folder with --out DIR, " +
                     "or add --force to write there anyway (files of the names SerBench writes are replaced; nothing else is deleted).", error.Message);
        Assert.Equal(["a.txt", "charts"], Entries());
    }

    [Fact]
    public void FolderTakenByAnotherCommand_IsRefused_UntilItIsDone()
    {
        using (Take())
        {
            var error = Assert.Throws<UsageException>(() => Take(FolderUse.NewResults, force: true));
            Assert.Equal($"Output folder '{Out}' is being written by another SerBench command. Wait for it to finish, or choose another folder with --out DIR.", error.Message);
        }

        Take().Dispose();
    }

    [Fact]
    public void DefaultFolders_TakenAtOnce_AreEachTheirOwn()
    {
        var claims = Enumerable.Range(0, 4).AsParallel().Select(_ => OutputFolderClaim.TakeNew(Out, Set)).ToList();
        try
        {
            Assert.Equal([Out, Out + "-2", Out + "-3", Out + "-4"], claims.Select(c => c.Root).Order(StringComparer.Ordinal));
        }
        finally
        {
            claims.ForEach(c => c.Dispose());
        }
    }

    [Fact]
    public void WriteSet_ReplacesWhatSerBenchWrote_AndKeepsTheUsersFilesBesideIt()
    {
        WriteSet("old", "old.svg", "both.svg");
        File.WriteAllText(Path.Combine(Out, "charts", "mine.svg"), "mine");
        File.WriteAllText(Path.Combine(Out, "notes.txt"), "mine");

        WriteSet("new", "new.svg", "both.svg");

        Assert.Equal(["both.svg", "mine.svg", "new.svg"], Entries("charts"));
        Assert.Equal("new", File.ReadAllText(Path.Combine(Out, "charts", "both.svg")));
        Assert.Equal("mine", File.ReadAllText(Path.Combine(Out, "notes.txt")));
    }

    [Fact]
    public void WriteSet_OverAUsersFileOfTheSameName_IsRefusedBeforeMovingAnything_UnlessForced()
    {
        WriteSet("old", "old.svg");
        File.WriteAllText(Path.Combine(Out, "charts", "new.svg"), "mine");

        var error = Assert.Throws<UsageException>(() => WriteSet("new", "new.svg"));

        Assert.Equal($"Output folder '{Out}' holds 'charts/new.svg', which SerBench did not write. Move it away, choose another folder with --out DIR, or add --force to replace it.", error.Message);
        Assert.Equal("old", File.ReadAllText(Path.Combine(Out, "a.txt")));
        Assert.Equal("mine", File.ReadAllText(Path.Combine(Out, "charts", "new.svg")));
        using (var forced = Take(force: true))
        {
            forced.WriteSet(Set, staging => File.WriteAllText(Path.Combine(staging, "a.txt"), "forced"));
        }

        Assert.Equal("forced", File.ReadAllText(Path.Combine(Out, "a.txt")));
        Assert.Equal(["new.svg"], Entries("charts"));
    }

    [Fact]
    public void WriteSet_FailingOrStopped_LeavesThePreviousSetAndNoStagingFolder()
    {
        WriteSet("old", "old.svg");
        using var claim = Take();

        Assert.Throws<IOException>(() => claim.WriteSet(Set, staging =>
        {
            File.WriteAllText(Path.Combine(staging, "a.txt"), "new");
            throw new IOException("disk full");
        }));
        Assert.Throws<OperationCanceledException>(() => claim.WriteSet(Set, staging => File.WriteAllText(Path.Combine(staging, "a.txt"), "new"), new CancellationToken(canceled: true)));

        Assert.Equal("old", File.ReadAllText(Path.Combine(Out, "a.txt")));
        Assert.Equal([".serbench.json", "a.txt", "charts"], Entries());
    }

    [Fact]
    public void WriteSet_FolderInTheWayOfAFile_FailsBeforeMovingAnything()
    {
        WriteSet("old");
        Directory.CreateDirectory(Path.Combine(Out, "b.txt"));
        using var claim = Take();

        var error = Assert.Throws<IOException>(() => claim.WriteSet(["a.txt", "b.txt"], staging =>
        {
            File.WriteAllText(Path.Combine(staging, "a.txt"), "new a");
            File.WriteAllText(Path.Combine(staging, "b.txt"), "new b");
        }));

        Assert.Contains("a folder of that name is in the way", error.Message, StringComparison.Ordinal);
        Assert.Equal("old", File.ReadAllText(Path.Combine(Out, "a.txt")));
    }

    [Fact]
    public void StagingFolderOfAKilledCommand_IsRemovedByTheNextOne()
    {
        WriteSet("old");
        Directory.CreateDirectory(Path.Combine(Out, ".serbench-staging-0123456789ab", "charts"));

        Take().Dispose();

        Assert.Equal([".serbench.json", "a.txt"], Entries());
    }

    [Fact]
    public void HalfWrittenResultsOfAFailedRun_AreRemoved_NotCalledTheUsers()
    {
        Directory.CreateDirectory(Out);
        File.WriteAllText(Path.Combine(Out, "results.json.4242.tmp"), "{\"schemaVer");

        OutputFolderClaim.Take(Out, FolderUse.NewResults, OutputFolderClaim.RunEntries, force: false).Dispose();

        Assert.False(File.Exists(Path.Combine(Out, "results.json.4242.tmp")));
    }

    [Fact]
    public void NewResults_InAFolderWithSerBenchsOutput_IsRefusedSayingWhatIsThere()
    {
        WriteSet("old", "old.svg");

        var error = Assert.Throws<UsageException>(() => Take(FolderUse.NewResults));

        Assert.Equal($"Output folder '{Out}' already holds SerBench's files from an earlier command (a.txt, charts). Choose a new folder with --out DIR, " +
                     "or add --force to replace them (only the files SerBench wrote there are deleted).", error.Message);
    }

    [Fact]
    public void NewResults_Forced_DeletesWhatSerBenchWrote_AndNothingElse()
    {
        WriteSet("old", "old.svg");
        File.WriteAllText(Path.Combine(Out, "charts", "mine.svg"), "mine");
        Directory.CreateDirectory(Path.Combine(Out, "isolated", "001-mine"));

        Take(FolderUse.NewResults, force: true).Dispose();

        Assert.Equal(["charts", "isolated"], Entries());
        Assert.Equal(["mine.svg"], Entries("charts"));
    }

    [Fact]
    public void FolderOfAnOlderSerBench_WithItsResultsJsonAndNoManifest_IsSerBenchs()
    {
        Directory.CreateDirectory(Path.Combine(Out, "charts"));
        File.WriteAllText(Path.Combine(Out, "results.json"), SampleFiles.ValidJson());
        File.WriteAllText(Path.Combine(Out, "charts", "old.svg"), "old");
        File.WriteAllText(Path.Combine(Out, "notes.txt"), "mine");

        var error = Assert.Throws<UsageException>(() => OutputFolderClaim.Take(Out, FolderUse.NewResults, OutputFolderClaim.RunEntries, force: false));
        OutputFolderClaim.Take(Out, FolderUse.NewResults, OutputFolderClaim.RunEntries, force: true).Dispose();

        Assert.StartsWith($"Output folder '{Out}' already holds results from an earlier run.", error.Message, StringComparison.Ordinal);
        Assert.Equal(["notes.txt"], Entries());
    }

    /// <summary>Issue 44: report took charts/my-notes.txt for an old chart and recorded isolated/keep.txt as SerBench's, for run --force to delete.</summary>
    [Fact]
    public void FolderOfAnOlderSerBench_OwnsOnlyTheNamesSerBenchWrites_NeverTheUsersFilesInChartsOrIsolated()
    {
        string[] users = ["charts/my-notes.txt", "isolated/keep.txt", "isolated/001-stj-reflection-utf8/notes.md", "benchmarkdotnet/mine.csv", "notes.txt"];
        string[] serBenchs = ["charts/old.svg", "charts/old.vl.json", "isolated/001-stj-reflection-utf8/request.txt", "isolated/001-stj-reflection-utf8/benchmarkdotnet/results/x-report.csv", "results.csv"];
        foreach (var name in (string[])[.. users, .. serBenchs])
        {
            Directory.CreateDirectory(Path.GetDirectoryName(Path.Combine(Out, name))!);
            File.WriteAllText(Path.Combine(Out, name), name);
        }

        File.WriteAllText(Path.Combine(Out, "results.json"), SampleFiles.ValidJson());

        var (exitCode, output, error) = CliTester.RunWithoutChartImages("report", Path.Combine(Out, "results.json"));
        Assert.True(exitCode == 0, error + output);
        OutputFolderClaim.Take(Out, FolderUse.NewResults, OutputFolderClaim.RunEntries, force: true).Dispose();

        Assert.All(users, name => Assert.Equal(name, File.ReadAllText(Path.Combine(Out, name))));
        Assert.All(serBenchs, name => Assert.False(File.Exists(Path.Combine(Out, name)), name));
        Assert.False(File.Exists(Path.Combine(Out, "results.json")));
    }

    /// <summary>Issue 44: a copied or forged manifest that lists the user's files made run --force delete them.</summary>
    [Fact]
    public void ForgedOrCopiedManifest_DeletesOnlyFilesStillAsSerBenchWroteThem()
    {
        WriteSet("serbench's", "kept-as-written.svg", "edited.svg");
        File.WriteAllText(Path.Combine(Out, "charts", "edited.svg"), "the user's now");
        Directory.CreateDirectory(Path.Combine(Out, "sub"));
        File.WriteAllText(Path.Combine(Out, "thesis.docx"), "years of work");
        File.WriteAllText(Path.Combine(Out, "sub", "data.csv"), "1,2,3");
        var manifest = Path.Combine(Out, OutputFolderClaim.ManifestName);
        var files = System.Text.Json.Nodes.JsonNode.Parse(File.ReadAllText(manifest))!["files"]!.AsArray();
        files.Add("thesis.docx");
        files.Add(new System.Text.Json.Nodes.JsonObject { ["path"] = "sub/data.csv", ["size"] = 5, ["sha256"] = new string('0', 64) });
        File.WriteAllText(manifest, files.Root.ToJsonString());

        Take(FolderUse.NewResults, force: true).Dispose();

        Assert.Equal("years of work", File.ReadAllText(Path.Combine(Out, "thesis.docx")));
        Assert.Equal("1,2,3", File.ReadAllText(Path.Combine(Out, "sub", "data.csv")));
        Assert.Equal(["edited.svg"], Entries("charts"));
        Assert.False(File.Exists(Path.Combine(Out, "a.txt")));
    }

    [Fact]
    public void Manifest_RecordsEachFilesSizeAndSha256()
    {
        WriteSet("abc");

        var manifest = File.ReadAllText(Path.Combine(Out, OutputFolderClaim.ManifestName));

        Assert.Equal("""{"files":[{"path":"a.txt","size":3,"sha256":"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"}]}""", manifest);
    }

    [Fact]
    public void HostileManifest_NeverDeletesOrWritesOutsideTheFolder()
    {
        var elsewhere = Directory.CreateDirectory(_folder.File("elsewhere")).FullName;
        File.WriteAllText(Path.Combine(elsewhere, "victim.txt"), "keep");
        File.WriteAllText(_folder.File("outside.txt"), "keep");
        Directory.CreateDirectory(Out);
        Directory.CreateSymbolicLink(Path.Combine(Out, "charts"), elsewhere);
        File.WriteAllText(Path.Combine(Out, OutputFolderClaim.ManifestName), """{"files":["../outside.txt","charts/victim.txt","/etc/hostname",null]}""");

        Take(FolderUse.NewResults, force: true).Dispose();
        using var claim = Take(force: true);
        var error = Assert.Throws<IOException>(() => claim.WriteSet(Set, staging =>
        {
            Directory.CreateDirectory(Path.Combine(staging, "charts"));
            File.WriteAllText(Path.Combine(staging, "charts", "victim.txt"), "overwritten");
        }));

        Assert.Contains("symbolic link", error.Message, StringComparison.Ordinal);
        Assert.Equal("keep", File.ReadAllText(Path.Combine(elsewhere, "victim.txt")));
        Assert.Equal("keep", File.ReadAllText(_folder.File("outside.txt")));
    }
}
