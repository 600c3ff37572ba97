using SerBench.Core.Results;
using SerBench.Core.Running;
using SerBench.Core.Studies;
using SerBench.Results;

namespace SerBench.Tests.Results;

public sealed class ResultsMergerTests
{
    private static readonly ToolInfo Merger = new("SerBench", "9.9.9", "merge1");

    private static readonly EnvironmentInfo Linux = SampleResults.Document().Environment with { Os = "Ubuntu 24.04.3 LTS", CpuModel = "AMD EPYC 7763", LogicalCores = 4, Architecture = "x64" };

    private static readonly EnvironmentInfo Windows = Linux with { Os = "Microsoft Windows 10.0.26100", CpuModel = "Ampere Altra", LogicalCores = 4, Architecture = "arm64" };

    private const string LinuxLabel = "Ubuntu 24.04.3 LTS x64 · AMD EPYC 7763 · 4 cores";

    private const string WindowsLabel = "Microsoft Windows 10.0.26100 arm64 · Ampere Altra · 4 cores";

    private static readonly DateTimeOffset Monday = new(2026, 11, 23, 9, 0, 0, TimeSpan.Zero);

    private static ResultCell Cell(string contender, double mean) => SampleResults.Cell(contender, mean) with { Runtime = "net10.0" };

    /// <summary>One run's results file: <see cref="SampleResults.Document"/> measured on <paramref name="environment"/> at <paramref name="startedAt"/>.</summary>
    private static ResultsDocument Run(EnvironmentInfo environment, DateTimeOffset startedAt, params ResultCell[] cells)
    {
        var sample = SampleResults.Document(cells);
        return new ResultsDocument
        {
            Tool = sample.Tool, Command = sample.Command, Profile = sample.Profile, StartedAt = startedAt, FinishedAt = startedAt.AddMinutes(2),
            Environment = environment, Packages = sample.Packages, Cells = sample.Cells, Method = new MeasurementMethod(2, "contender", "t"),
            Calibration = new HarnessCalibrationResult(1.5, 0.1, [1.4, 1.6]), MachineProbes = [new MachineProbeSample(0, 1_000_000)],
        };
    }

    private static ResultsDocument Merge(params (string File, ResultsDocument Document)[] inputs) =>
        ResultsMerger.Merge([.. inputs.Select(i => new MergeInput(i.File, i.Document))], Merger, "serbench merge …");

    [Fact]
    public void TwoMachines_OneDocument_WithTwoSourcesAndEveryCellNamingItsMachine()
    {
        var linux = Run(Linux, Monday, Cell("newtonsoft-string", 744_000), Cell("stj-sourcegen-utf8", 288_000));
        var windows = Run(Windows, Monday.AddMinutes(5), Cell("newtonsoft-string", 901_000), Cell("stj-sourcegen-utf8", 350_000));

        var merged = Merge(("linux/results.json", linux), ("windows/results.json", windows));

        Assert.Equal(ResultsDocument.CurrentSchemaVersion, merged.SchemaVersion);
        Assert.Equal((Merger, "serbench merge …"), (merged.Tool, merged.Command));
        Assert.Equal([(LinuxLabel, "linux/results.json", Linux), (WindowsLabel, "windows/results.json", Windows)],
            merged.Sources!.Select(s => (s.Machine, s.File, s.Environment)));
        Assert.Equal([(LinuxLabel, 744_000.0), (LinuxLabel, 288_000.0), (WindowsLabel, 901_000.0), (WindowsLabel, 350_000.0)],
            merged.Cells.Select(c => (c.Machine!, c.MeanNs!.Value)));
    }

    [Fact]
    public void SameMachineAndRuntime_BothRunsKept_NotAveraged_WithNumberedLabels()
    {
        var first = Run(Linux, Monday, Cell("newtonsoft-string", 744_000));
        var second = Run(Linux, Monday.AddHours(1), Cell("newtonsoft-string", 800_000));

        var merged = Merge(("a.json", first), ("b.json", second));

        Assert.Equal([LinuxLabel + " · run 1", LinuxLabel + " · run 2"], merged.Sources!.Select(s => s.Machine));
        Assert.Equal([(LinuxLabel + " · run 1", 744_000.0), (LinuxLabel + " · run 2", 800_000.0)], merged.Cells.Select(c => (c.Machine!, c.MeanNs!.Value)));
        Assert.NotEqual(merged.Cells[0].Key, merged.Cells[1].Key);
    }

    [Fact]
    public void MergedInput_KeepsItsSourcesAndLabels_AndJoinsTheNumberingOnAClash()
    {
        var linux = Run(Linux, Monday, Cell("newtonsoft-string", 744_000));
        var windows = Run(Windows, Monday.AddMinutes(5), Cell("newtonsoft-string", 901_000));
        var linuxAgain = Run(Linux, Monday.AddDays(1), Cell("newtonsoft-string", 760_000));
        var earlier = Merge(("linux.json", linux), ("windows.json", windows));

        var merged = Merge(("merged.json", earlier), ("linux-again.json", linuxAgain));

        Assert.Equal([(LinuxLabel + " · run 1", "linux.json (via merged.json)"), (WindowsLabel, "windows.json (via merged.json)"), (LinuxLabel + " · run 2", "linux-again.json")],
            merged.Sources!.Select(s => (s.Machine, s.File)));
        Assert.Equal([(LinuxLabel + " · run 1", 744_000.0), (WindowsLabel, 901_000.0), (LinuxLabel + " · run 2", 760_000.0)], merged.Cells.Select(c => (c.Machine!, c.MeanNs!.Value)));
    }

    [Fact]
    public void SameRunTwice_IsRefused_NamingBothFiles()
    {
        var run = Run(Linux, Monday, Cell("newtonsoft-string", 744_000));

        var error = Assert.Throws<UsageException>(() => Merge(("a/results.json", run), ("copy/results.json", run)));

        Assert.StartsWith("'copy/results.json' holds the same run as 'a/results.json' (started 2026-11-23T09:00:00.0000000+00:00 on " + LinuxLabel + ")", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void RunAlreadyInAMergedInput_IsRefused()
    {
        var linux = Run(Linux, Monday, Cell("newtonsoft-string", 744_000));
        var earlier = Merge(("linux.json", linux), ("windows.json", Run(Windows, Monday, Cell("newtonsoft-string", 901_000))));

        var error = Assert.Throws<UsageException>(() => Merge(("merged.json", earlier), ("linux.json", linux)));

        Assert.StartsWith("'linux.json' holds the same run as 'merged.json'", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void OneInput_IsRefused()
    {
        var error = Assert.Throws<UsageException>(() => Merge(("a.json", Run(Linux, Monday))));

        Assert.StartsWith("merge needs at least two results files; got 1.", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Ratios_StayAsEachRunComputedThem()
    {
        // 0.42 is not 288,000 / 744,000: a merge that recomputed ratios would change it.
        var linux = Run(Linux, Monday, Cell("newtonsoft-string", 744_000) with { Ratio = 1 }, Cell("stj-sourcegen-utf8", 288_000) with { Ratio = 0.42, AllocRatio = 0.5 });
        var windows = Run(Windows, Monday.AddMinutes(5), Cell("stj-sourcegen-utf8", 350_000) with { Ratio = 0.37 });

        var merged = Merge(("linux.json", linux), ("windows.json", windows));

        Assert.Equal([(1.0, null), (0.42, 0.5), (0.37, null)], merged.Cells.Select(c => (c.Ratio!.Value, c.AllocRatio)));
    }

    [Fact]
    public void Header_SpansTheRuns_AndKeepsEachRunsMeasurementsInItsSource()
    {
        var linux = Run(Linux, Monday.AddHours(2), Cell("newtonsoft-string", 744_000));
        var windows = new ResultsDocument
        {
            Tool = linux.Tool, Command = "serbench run --profile full", Profile = "full", StartedAt = Monday, FinishedAt = Monday.AddHours(5),
            Environment = Windows, Packages = new SortedDictionary<string, string>(StringComparer.Ordinal) { ["Newtonsoft.Json"] = "13.0.3", ["MemoryPack"] = "1.21.4" },
            Cells = [Cell("newtonsoft-string", 901_000)], Method = new MeasurementMethod(3, "contender", "t"),
        };

        var merged = Merge(("linux.json", linux), ("windows.json", windows));

        Assert.Equal((ResultsMerger.MixedProfile, Monday, Monday.AddHours(5)), (merged.Profile, merged.StartedAt, merged.FinishedAt!.Value));
        Assert.Equal(Linux, merged.Environment);
        Assert.Equal(new Dictionary<string, string> { ["MemoryPack"] = "1.21.4", ["Newtonsoft.Json"] = "13.0.4, 13.0.3" }, merged.Packages);
        Assert.Null(merged.Method);
        // Machine speed and harness cost are one machine's: pooled over two they would warn of, or hide, noise that is not there.
        Assert.Equal((null, null), (merged.Calibration, merged.MachineProbes));
        Assert.Equal([(1.5, 1, 2), (null, 0, 3)], merged.Sources!.Select(s => (s.Calibration?.MeanNs, s.MachineProbes?.Count ?? 0, s.Method!.Rounds)));
        Assert.Equal(["serbench run --study web-api", "serbench run --profile full"], merged.Sources!.Select(s => s.Command));
    }

    [Fact]
    public void Studies_AreUnitedByName_WithTheContendersOfEveryRun()
    {
        StudyDefinition Study(params string[] contenders) => new()
        {
            Name = "shootout", Title = "Shootout", Source = "s", Conventions = new ConventionsDefinition("c", true, false, false), Contenders = contenders, Baseline = contenders[0],
            Sections = [new StudySection("JSON", contenders)],
        };
        var linux = Run(Linux, Monday);
        linux = new ResultsDocument { Tool = linux.Tool, Command = linux.Command, Profile = linux.Profile, StartedAt = linux.StartedAt, Environment = linux.Environment, Packages = linux.Packages, Studies = [Study("a", "b")] };
        var windows = new ResultsDocument { Tool = linux.Tool, Command = linux.Command, Profile = linux.Profile, StartedAt = Monday.AddDays(1), Environment = Windows, Packages = linux.Packages, Studies = [Study("a", "c")] };

        var merged = Merge(("linux.json", linux), ("windows.json", windows));

        var study = Assert.Single(merged.Studies!);
        Assert.Equal(["a", "b", "c"], study.Contenders);
        Assert.Equal(["a", "b", "c"], Assert.Single(study.Sections).Contenders);
    }

    [Fact]
    public void MachineLabel_FromHostileText_IsOneShortLine()
    {
        var hostile = Linux with { Os = "Darwin 23.6.0 Darwin Kernel Version 23.6.0: Mon Jul 29 21:14:46 PDT 2024; root:xnu", CpuModel = "Evil\n# heading\r\n" + new string('x', 500) };

        var label = ResultsMerger.DescribeMachine(hostile);

        Assert.Equal("Darwin 23.6.0 Darwin Kernel Version 23.6.0 x64 · Evil # heading " + new string('x', 32) + "… · 4 cores", label);
    }
}
