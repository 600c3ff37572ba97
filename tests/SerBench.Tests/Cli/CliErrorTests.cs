namespace SerBench.Tests.Cli;

public class CliErrorTests
{
    [Theory]
    [InlineData(new[] { "run", "--study", "web-apo" }, "serbench: Unknown study 'web-apo'. Valid studies: web-api, ")]
    [InlineData(new[] { "run", "--study", "web-api,escapng" }, "serbench: Unknown study 'escapng'. Valid studies: escaping, ")]
    [InlineData(new[] { "run", "--study", "data" }, "serbench: Study 'data' measures your own JSON documents: add --data FILE_OR_FOLDER (serbench samples --out my-documents writes some to try)")]
    [InlineData(new[] { "verify", "--study", "types" }, "serbench: Study 'types' measures your own compiled types: add --types ASSEMBLY.dll --type Namespace.TypeName.")]
    [InlineData(new[] { "verify", "--contenders", "stj-reflection-utf9" }, "serbench: Unknown contender 'stj-reflection-utf9'. Valid contenders: stj-reflection-utf8, ")]
    [InlineData(new[] { "run", "--payloads", "persn" }, "serbench: Unknown payload 'persn'. Valid payloads: person, ")]
    [InlineData(new[] { "run", "--profile", "quik" }, "serbench: Unknown profile 'quik'. Valid profiles: quick, ")]
    [InlineData(new[] { "run", "--sizes", "10,-1" }, "serbench: Invalid size '-1'. Sizes are whole numbers from 1 to 10,000,000")]
    [InlineData(new[] { "run", "--ops", "serialise" }, "serbench: Unknown operation 'serialise'. Valid operations: serialize, ")]
    [InlineData(new[] { "run", "--contenders", "a,,b" }, "serbench: Option --contenders has an empty item")]
    [InlineData(new[] { "run", "--study", "escaping", "--ops", "serialize" }, "serbench: Nothing to run: no study workload has the requested operations.")]
    [InlineData(new[] { "rnu" }, "serbench: Unknown command 'rnu'. Did you mean 'run'? Commands: list, verify, run, report, compare, merge, first-call, conformance, samples.")]
    [InlineData(new[] { "comapre", "a", "b" }, "serbench: Unknown command 'comapre'. Did you mean 'compare'?")]
    [InlineData(new string[0], "serbench: No command given. Commands: list, verify, run, report, compare, merge, first-call, conformance, samples.")]
    [InlineData(new[] { "compare", "a", "b", "--treshold", "5%" }, "serbench: Unknown option '--treshold' for 'serbench compare'. Did you mean '--threshold'?")]
    [InlineData(new[] { "run", "--budget", "10d" }, "serbench: Invalid --budget '10d': give a duration with a unit")]
    [InlineData(new[] { "run", "--rounds", "abc" }, "serbench: Invalid --rounds 'abc': give a whole number of rounds from 1 to 50, e.g. --rounds 4.")]
    [InlineData(new[] { "run", "--first-call", "0" }, "serbench: Invalid --first-call '0'. Give on, off or a number of fresh processes from 1 to 100, e.g. --first-call off.")]
    [InlineData(new[] { "first-call", "--study", "web-apo" }, "serbench: Unknown study 'web-apo'. Valid studies: web-api, ")]
    [InlineData(new[] { "run", "--study", "json-vs-binary", "--shapes", "many" }, "serbench: Nothing to run: no study has the requested shapes (many). Valid shapes per study: json-vs-binary: object.")]
    [InlineData(new[] { "run", "--cells", "web-api/newtonsoft-string/persn/object/1/serialize" }, "serbench: --cells web-api/newtonsoft-string/persn/object/1/serialize matches no cell of the studies run")]
    [InlineData(new[] { "run", "--runtimes", "net7.0" }, "serbench: Unknown runtime 'net7.0'. Give .NET 8 or newer as netN.0, with -aot for Native AOT, e.g. net8.0, net10.0, net10.0-aot.")]
    [InlineData(new[] { "run", "--runtimes", "net10.0,net99.0-aot" }, "serbench: --runtimes net99.0-aot: its agent needs the .NET 99 SDK or newer, and the newest SDK installed is ")]
    [InlineData(new[] { "run", "--contenders", "@13.0.4" }, "serbench: Invalid contender '@13.0.4': name the contender before '@', e.g. newtonsoft-string@13.0.4.")]
    [InlineData(new[] { "first-call", "--contenders", "@13.0.4" }, "serbench: Invalid contender '@13.0.4': name the contender before '@', e.g. newtonsoft-string@13.0.4.")]
    [InlineData(new[] { "report", "@results.json" }, "serbench: Results file '@results.json' does not exist.")]
    [InlineData(new[] { "run", "--cells", "web-api/person" }, "serbench: Invalid --cells item 'web-api/person': give study/contender/payload/shape/count/operation")]
    public void BadValue_ExitsWith2AndOneLineNamingTheValidValues(string[] args, string expectedStart)
    {
        var (exitCode, output, error) = CliTester.Run(args);

        Assert.Equal(2, exitCode);
        Assert.StartsWith(expectedStart, error, StringComparison.Ordinal);
        Assert.Single(error.TrimEnd().Split('\n'));
        Assert.DoesNotContain("   at ", error, StringComparison.Ordinal);
        Assert.Equal("", output);
    }

    [Theory]
    [InlineData("frobnicate")]
    [InlineData("run", "--no-such-option")]
    public void UnknownCommandOrOption_ExitsWith2(params string[] args)
    {
        var (exitCode, _, error) = CliTester.Run(args);

        Assert.Equal(2, exitCode);
        Assert.StartsWith("serbench: ", error, StringComparison.Ordinal);
        Assert.Contains("serbench --help", error, StringComparison.Ordinal);
    }

    [Fact]
    public void Run_UnwritableOutputFolder_FailsBeforeMeasuring()
    {
        var file = Path.GetTempFileName();
        try
        {
            var (exitCode, output, error) = CliTester.Run("run", "--study", "json-vs-binary", "--profile", "smoke", "--out", Path.Combine(file, "sub"));

            Assert.Equal(2, exitCode);
            Assert.StartsWith($"serbench: Cannot write to output folder '{Path.Combine(file, "sub")}'", error, StringComparison.Ordinal);
            Assert.DoesNotContain("[1/", output, StringComparison.Ordinal);
        }
        finally
        {
            File.Delete(file);
        }
    }

    [Fact]
    public async Task TemporaryFolderThatIsNotThere_IsNamed_NotBlamedOnTheOutputFolder()
    {
        using var folder = new TempDirectory();
        File.WriteAllText(folder.File("results.json"), SampleFiles.ValidJson());
        var missing = folder.File("no-such-temp");
        var variable = OperatingSystem.IsWindows() ? "TMP" : "TMPDIR";

        using var process = ChildSerBench.Start(new Dictionary<string, string> { [variable] = missing }, "report", folder.File("results.json"), "--out", folder.File("out"));
        var output = process.StandardOutput.ReadToEndAsync();
        var error = await process.StandardError.ReadToEndAsync();
        await process.WaitForExitAsync();

        Assert.Equal((2, $"serbench: {variable} '{missing}' does not exist; set {variable} to an existing folder, or unset it to use the system's."), (process.ExitCode, error.TrimEnd()));
        Assert.Equal("", await output);
        Assert.False(Directory.Exists(folder.File("out")));
    }

    [Fact]
    public void DiagnosticContenders_AreNotSelectableWithoutTheSwitch()
    {
        var (exitCode, _, error) = CliTester.Run("verify", "--contenders", "diagnostic-process-crash");

        Assert.Equal(2, exitCode);
        Assert.Contains("Unknown contender 'diagnostic-process-crash'", error, StringComparison.Ordinal);
    }

    [Fact]
    public void Report_OnAFolder_SaysItIsAFolder()
    {
        using var folder = new TempDirectory();

        var (exitCode, _, error) = CliTester.Run("report", folder.Path);

        Assert.Equal(2, exitCode);
        Assert.Equal($"serbench: '{folder.Path}' is a folder, not a results file; give the results.json that 'serbench run' wrote.", error.TrimEnd());
    }
}
