namespace SerBench.Tests.Cli;

/// <summary>
/// The one output-folder policy, through every command that writes a folder: a folder holding the user's files is
/// refused in one line unless --force, and the user's files survive every command, with and without --force.
/// </summary>
public sealed class OutputFolderPolicyTests : IDisposable
{
    /// <summary>The folders SerBench writes into, where the user's own files are dropped.</summary>
    private static readonly string[] SerBenchFolders = ["", "charts", "isolated", "isolated/001-stj-sourcegen-utf8", "benchmarkdotnet", "first-call", "conformance-children"];

    private readonly TempDirectory _root = new();

    public void Dispose() => _root.Dispose();

    private string Out => _root.File("out");

    private string SaveRun(string name, int hoursLater)
    {
        var path = _root.File(name);
        var startedAt = SampleResults.WebApiWithCrash().StartedAt.AddHours(hoursLater);
        File.WriteAllText(path, SampleFiles.Edited(root => root["startedAt"] = startedAt.ToString("O", System.Globalization.CultureInfo.InvariantCulture)));
        return path;
    }

    public static TheoryData<string, string[]> Writers => new()
    {
        { "report", ["report", "{results}"] },
        { "conformance", ["conformance", "--contenders", "stj-node"] },
        { "first-call", ["first-call", "--study", "json-vs-binary", "--contenders", "binary-utf8", "--launches", "1"] },
        { "run", ["run", "--study", "json-vs-binary", "--contenders", "stj-sourcegen-utf8", "--profile", "smoke"] },
        { "merge", ["merge", "{results}", "{other}"] },
    };

    /// <summary>Issue 35's reproduction: the user's notes.md beside their own charts/my.svg and report.md.</summary>
    [Theory]
    [MemberData(nameof(Writers))]
    public void FolderWithTheUsersFiles_IsRefusedInOneLine_BeforeAnyWork_AndLeftAsItWas(string name, string[] args)
    {
        Directory.CreateDirectory(Path.Combine(Out, "charts"));
        File.WriteAllText(Path.Combine(Out, "charts", "my.svg"), "mine");
        File.WriteAllText(Path.Combine(Out, "report.md"), "notes");
        var results = SaveRun("results.json", 0);
        var other = SaveRun("other.json", 1);

        var (exitCode, output, error) = CliTester.RunWithoutChartImages([.. args.Select(a => a.Replace("{results}", results).Replace("{other}", other)), "--out", Out]);

        Assert.True(exitCode == 2, name + ": " + error + output);
        Assert.Equal($"serbench: Output folder '{Out}' holds files SerBench did not write (charts, report.md). Choose a new or empty folder with --out DIR, " +
                     "or add --force to write there anyway (files of the names SerBench writes are replaced; nothing else is deleted).", error.TrimEnd());
        Assert.Equal(["charts", "report.md"], Directory.GetFileSystemEntries(Out).Select(Path.GetFileName).Order(StringComparer.Ordinal));
        Assert.Equal("mine", File.ReadAllText(Path.Combine(Out, "charts", "my.svg")));
    }

    [Theory]
    [MemberData(nameof(Writers))]
    public void FolderThatCannotBeWritten_IsOneLine_TheSameForEveryCommand(string name, string[] args)
    {
        var file = _root.File("a-file");
        File.WriteAllText(file, "");
        var results = SaveRun("results.json", 0);
        var other = SaveRun("other.json", 1);
        var folder = Path.Combine(file, "out");

        var (exitCode, output, error) = CliTester.RunWithoutChartImages([.. args.Select(a => a.Replace("{results}", results).Replace("{other}", other)), "--out", folder]);

        Assert.True(exitCode == 2, name + ": " + error + output);
        Assert.StartsWith($"serbench: Cannot write to output folder '{folder}': ", error, StringComparison.Ordinal);
        Assert.EndsWith(" Choose another with --out DIR.", error.TrimEnd(), StringComparison.Ordinal);
        Assert.Single(error.TrimEnd().Split('\n'));
    }

    [Fact]
    public void Report_Forced_ReplacesOnlyFilesOfItsNames_AndKeepsTheUsersChart()
    {
        Directory.CreateDirectory(Path.Combine(Out, "charts"));
        File.WriteAllText(Path.Combine(Out, "charts", "my.svg"), "mine");
        File.WriteAllText(Path.Combine(Out, "report.md"), "notes");

        var (exitCode, output, error) = CliTester.RunWithoutChartImages("report", SaveRun("results.json", 0), "--out", Out, "--force");

        Assert.True(exitCode == 0, error + output);
        Assert.Equal("mine", File.ReadAllText(Path.Combine(Out, "charts", "my.svg")));
        Assert.StartsWith("# ", File.ReadAllText(Path.Combine(Out, "report.md")), StringComparison.Ordinal);
        Assert.Equal(0, CliTester.RunWithoutChartImages("report", _root.File("results.json"), "--out", Out).ExitCode);
    }

    /// <summary>
    /// Seeded sequences of report and merge into one folder, with and without --force, a user's file dropped into a
    /// folder SerBench writes before each: every command exits 0 or 2, and every user file survives every command.
    /// </summary>
    [Fact]
    public void SeededCommandSequences_NeverLoseAUsersFile()
    {
        var random = new Random(35);
        var runs = new[] { SaveRun("a.json", 0), SaveRun("b.json", 1), SaveRun("c.json", 2) };
        var users = new Dictionary<string, string>();
        var exitCodes = new Dictionary<int, int>();
        for (var step = 0; step < 40; step++)
        {
            var force = random.Next(2) == 0;
            string[] args = random.Next(3) == 0
                ? ["merge", runs[random.Next(3)], runs[random.Next(2) == 0 ? 1 : 2], "--out", Out]
                : ["report", runs[random.Next(3)], "--out", Out];
            var (exitCode, output, error) = CliTester.RunWithoutChartImages(force ? [.. args, "--force"] : args);

            Assert.True(exitCode is 0 or 2, $"step {step}: {string.Join(' ', args)}: exit code {exitCode}\n{error}{output}");
            Assert.DoesNotContain("   at ", error, StringComparison.Ordinal);
            exitCodes[exitCode] = exitCodes.GetValueOrDefault(exitCode) + 1;
            foreach (var (path, text) in users)
            {
                Assert.True(File.Exists(path) && File.ReadAllText(path) == text, $"step {step}: {string.Join(' ', args)} lost {path}");
            }

            var folder = Path.Combine(Out, SerBenchFolders[random.Next(SerBenchFolders.Length)]);
            Directory.CreateDirectory(folder);
            var user = Path.Combine(folder, $"user-{step}.txt");
            File.WriteAllText(user, $"mine {step}");
            users[user] = $"mine {step}";
        }

        Assert.Empty(Directory.GetDirectories(Out, ".serbench-staging-*"));
        Assert.True(exitCodes.GetValueOrDefault(0) > 5 && exitCodes.GetValueOrDefault(2) > 5, string.Join(", ", exitCodes));
    }

    /// <summary>Every command that writes a folder, one after another into the same folder, forced: the user's files in every folder SerBench writes survive.</summary>
    [Fact]
    [Trait("Category", "Slow")]
    public void EveryWriter_Forced_IntoOneFolder_KeepsTheUsersFiles()
    {
        var results = SaveRun("results.json", 0);
        var other = SaveRun("other.json", 1);
        var users = new List<string>();
        foreach (var (name, args) in Writers.Select(row => row.Data))
        {
            foreach (var folder in SerBenchFolders)
            {
                Directory.CreateDirectory(Path.Combine(Out, folder));
                users.Add(Path.Combine(Out, folder, $"user-before-{name}.txt"));
                File.WriteAllText(users[^1], name);
            }

            var (exitCode, output, error) = CliTester.RunWithoutChartImages([.. args.Select(a => a.Replace("{results}", results).Replace("{other}", other)), "--out", Out, "--force"]);

            Assert.True(exitCode == 0, name + ": " + error + output);
            Assert.All(users, path => Assert.True(File.Exists(path), $"{name} deleted {path}"));
        }

        Assert.Empty(Directory.GetDirectories(Out, ".serbench-staging-*"));
    }

    /// <summary>SIGTERM while report writes its set: one line, exit 143, the folder as it was, no staging folder.</summary>
    [SignalFact("TERM")]
    [Trait("Category", "Slow")]
    public async Task Report_StoppedWhileWriting_SaysSoInOneLine_AndLeavesNoStagingFolder()
    {
        var results = SaveRun("results.json", 0);
        using var bin = new TempDirectory();
        using var process = ChildSerBench.Start(ChildSerBench.WriteSlowNode(bin.Path), "report", results, "--out", Out);
        var error = process.StandardError.ReadToEndAsync();
        var output = process.StandardOutput.ReadToEndAsync();
        var seen = ChildSerBench.WaitForStaging(process, Out);
        await ChildSerBench.Signal(process, "TERM");
        await process.WaitForExitAsync();

        Assert.True(seen, "the reports were written before the signal could be sent: " + await error + await output);
        Assert.Equal((143, $"serbench: stopped by SIGTERM; the reports in '{Out}' are unchanged."), (process.ExitCode, (await error).TrimEnd()));
        Assert.False(Directory.Exists(Out) && Directory.EnumerateFileSystemEntries(Out).Any());
    }

    /// <summary>SIGINT while merge writes its reports: the merged results are kept, one line says how to write the reports, no staging folder.</summary>
    [SignalFact("INT")]
    [Trait("Category", "Slow")]
    public async Task Merge_StoppedWhileWritingReports_KeepsTheResults_AndSaysHowToWriteThem()
    {
        var (a, b) = (SaveRun("a.json", 0), SaveRun("b.json", 1));
        using var bin = new TempDirectory();
        using var process = ChildSerBench.Start(ChildSerBench.WriteSlowNode(bin.Path), "merge", a, b, "--out", Out);
        var error = process.StandardError.ReadToEndAsync();
        var output = process.StandardOutput.ReadToEndAsync();
        var seen = ChildSerBench.WaitForStaging(process, Out);
        await ChildSerBench.Signal(process, "INT");
        await process.WaitForExitAsync();

        var results = Path.Combine(Out, "results.json");
        Assert.True(seen, "the reports were written before the signal could be sent: " + await error + await output);
        Assert.Equal((130, $"serbench: the merged results are kept in {results}, but the reports were not written: stopped by Ctrl+C (SIGINT). Write them with 'serbench report {results}'."),
            (process.ExitCode, (await error).TrimEnd()));
        Assert.Equal([".serbench.json", "results.csv", "results.json"], Directory.GetFileSystemEntries(Out).Select(Path.GetFileName).Order(StringComparer.Ordinal));
    }
}
