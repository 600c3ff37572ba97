using SerBench.Core.Results;
using SerBench.Reports;

namespace SerBench.Tests.Reports;

public sealed class RunConditionsTests
{
    [Fact]
    public void MachineThatSlowedDownMoreThanTheTarget_IsWarnedAbout()
    {
        var document = SampleResults.Document();
        document.MachineProbes = [new(1, 3_000_000), new(20, 3_300_000), new(40, 3_050_000)];

        var warning = RunConditions.Warning(document);

        Assert.NotNull(warning);
        Assert.StartsWith("The machine's own speed varied by 10.0% during this run (by timings of a fixed workload), more than the quick profile's 3% precision target", warning, StringComparison.Ordinal);
        Assert.Contains(RunConditions.Describe(document), l => l.Label == "Machine speed" && l.Text.StartsWith("varied by 10.0%", StringComparison.Ordinal));
    }

    [Fact]
    public void ProbeHalves_TheCoreDecidesTheWarning_MemoryLatencyIsOnlyDescribed()
    {
        var document = SampleResults.Document();
        // The core within 1%, the memory walk 3× apart: the shape of a cloud guest whose cells did not follow the walk.
        document.MachineProbes = [new(1, 5_000_000, 2_000_000, 3_000_000), new(20, 11_020_000, 2_020_000, 9_000_000)];

        Assert.Null(RunConditions.Warning(document));
        var line = Assert.Single(RunConditions.Describe(document), l => l.Label == "Machine speed").Text;
        Assert.StartsWith("the core varied by 1.0% during the run (2 timings of a hash over 64 KB, 2–2.02 ms); memory latency by 200.0% (a random walk through 32 MB, 3–9 ms)", line, StringComparison.Ordinal);

        document.MachineProbes = [new(1, 5_000_000, 2_000_000, 3_000_000), new(20, 5_200_000, 2_200_000, 3_000_000)];
        Assert.StartsWith("The machine's own speed varied by 10.0% during this run (by timings of a fixed CPU workload)", RunConditions.Warning(document), StringComparison.Ordinal);
    }

    [Fact]
    public void ZeroProbeTimings_FromAFileSerBenchDidNotWrite_AreLeftOut_NotACrash()
    {
        var document = SampleResults.Document();
        document.MachineProbes = [new(1, 0, 0, 0), new(20, 5_000_000, 2_000_000, 3_000_000)];

        Assert.DoesNotContain(RunConditions.Describe(document), l => l.Label == "Machine speed");
        Assert.Null(RunConditions.Warning(document));
    }

    [Fact]
    public void SteadyMachine_NoWarning_AndCalibrationIsDescribed()
    {
        var document = SampleResults.Document();
        document.MachineProbes = [new(1, 3_000_000), new(20, 3_030_000)];
        document.Calibration = new HarnessCalibrationResult(1.25, 0.1, [1.2, 1.3]);

        Assert.Null(RunConditions.Warning(document));
        Assert.Contains(RunConditions.Describe(document), l => l.Label == "Harness overhead" && l.Text.StartsWith("1.25 ns ± 0.1 per operation", StringComparison.Ordinal));
    }

    [Fact]
    public void ACalibrationWhoseErrorExceedsItsMean_ShowsItsRounds_NotTheError()
    {
        var document = SampleResults.Document();
        document.Calibration = new HarnessCalibrationResult(5.0, 1354, [4.05, 6.9, 4.07]);

        var line = Assert.Single(RunConditions.Describe(document), l => l.Label == "Harness overhead");

        Assert.StartsWith("5 ns per operation (its 3 rounds: 4.05–6.9 ns), measured in this run", line.Text, StringComparison.Ordinal);
        Assert.DoesNotContain("1,354", line.Text, StringComparison.Ordinal);
    }

    [Fact]
    public void Method_NamesTheClock_AndCountsTheRoundsNotCounted()
    {
        var document = SampleResults.Document(
            SampleResults.Cell("newtonsoft-string", 100) with { RoundsNs = [100, 101], DroppedRoundsNs = [290] },
            SampleResults.Cell("stj-reflection-utf8", 50) with { RoundsNs = [50, 51] });
        document.Method = new MeasurementMethod(2, "contender", "mean of round means", "cpu");

        var lines = RunConditions.Describe(document);

        Assert.Contains(lines, l => l.Label == "Clock" && l.Text.StartsWith("CPU time of the measuring process", StringComparison.Ordinal));
        Assert.Contains(lines, l => l.Label == "Rounds not counted" && l.Text.StartsWith("1 of 5 rounds, in 1 cell(s)", StringComparison.Ordinal));
    }

    [Fact]
    public void FilesWithoutRunConditions_DescribeNothing()
    {
        Assert.Empty(RunConditions.Describe(SampleResults.Document()));
        Assert.Null(RunConditions.Warning(SampleResults.Document()));
    }

    [Fact]
    public void RuntimeAgents_AreDescribed_WithHowTheyWereBuiltOrWhyNot()
    {
        var document = SampleResults.Document();
        document.RuntimeAgents = new(StringComparer.Ordinal)
        {
            ["net8.0-aot"] = new("net8.0-aot", "8.0.31", "aot", Built: true, Reused: false, BuildSeconds: 276.4, Failure: null, Warnings: ["IL3050: a", "IL2026: b"]),
            ["net9.0"] = new("net9.0", null, "jit", Built: false, Reused: false, BuildSeconds: 3, Failure: "restore failed: NU1101: Unable to find package Microsoft.NETCore.App.Runtime.linux-x64", Warnings: []),
        };

        var line = Assert.Single(RunConditions.Describe(document), l => l.Label == "Runtime agents").Text;

        Assert.Contains("net8.0-aot: Native AOT 8.0.31, built in 276 s, 2 trimming/AOT warning(s) listed in results.json", line, StringComparison.Ordinal);
        Assert.Contains("net9.0: not built: restore failed: NU1101", line, StringComparison.Ordinal);
    }
}
