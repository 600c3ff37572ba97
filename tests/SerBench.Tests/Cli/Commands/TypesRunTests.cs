using System.Text.Json.Nodes;
using SerBench.Core.Agents;
using SerBench.Core.Studies;
using SerBench.Core.Verification;
using SerBench.Results;
using SerBench.Tests.Builders.Samples;

namespace SerBench.Tests.Cli.Commands;

/// <summary><c>serbench run --types</c> on classes of this test assembly, smoke profile, built-in contenders only.</summary>
public sealed class TypesRunTests : IDisposable
{
    private static readonly string Assembly = typeof(Order).Assembly.Location;

    private readonly TempDirectory _temp = new();

    public void Dispose() => _temp.Dispose();

    [Fact]
    [Trait("Category", "Slow")]
    public void GeneratedInstances_AreVerifiedAndMeasured_PerContender()
    {
        var output = _temp.File("out");

        var (exitCode, console, error) = CliTester.RunWithoutChartImages(["run", "--types", Assembly, "--type", typeof(Order).FullName!,
            "--contenders", "stj-reflection-utf8,stj-sourcegen-utf8", "--profile", "smoke", "--out", output]);

        Assert.True(exitCode == 0, error + console);
        var cells = ResultsFileReader.ReadDocument(Path.Combine(output, "results.json")).Cells;
        Assert.Equal(8, cells.Count);
        Assert.All(cells, c => Assert.Equal(("types", "order"), (c.Study, c.Payload)));
        Assert.All(cells.Where(c => c.Contender == "stj-reflection-utf8"), c => Assert.Equal(VerificationStatus.Ok, c.Status));
        Assert.All(cells.Where(c => c.Contender == "stj-reflection-utf8"), c => Assert.True(c.MeanNs > 0));
        // No source-generated context knows the user's type: said, not hidden.
        Assert.All(cells.Where(c => c.Contender == "stj-sourcegen-utf8"), c => Assert.Equal(VerificationStatus.Unsupported, c.Status));
        Assert.Equal([1, 100], cells.Select(c => c.Count).Distinct().Order());
    }

    [Fact]
    [Trait("Category", "Slow")]
    public void Samples_FillTheInstances()
    {
        File.WriteAllText(_temp.File("order.json"), """{"id":7,"customerName":"Ada","state":"Shipped","placedAt":"2025-01-02T03:04:05+01:00","lines":[{"sku":"A","quantity":2,"price":9.99}],"tags":{"gift":"yes"}}""");
        var output = _temp.File("out");

        var (exitCode, console, error) = CliTester.RunWithoutChartImages(["run", "--types", Assembly, "--type", typeof(Order).FullName!, "--sample", _temp.File("order.json"),
            "--contenders", "stj-reflection-utf8", "--shapes", "object", "--profile", "smoke", "--out", output]);

        Assert.True(exitCode == 0, error + console);
        var cell = ResultsFileReader.ReadDocument(Path.Combine(output, "results.json")).Cells.First(c => c.Operation == Operation.Serialize);
        Assert.Equal(VerificationStatus.Ok, cell.Status);
        // {"Id":7,"CustomerName":"Ada","State":1,...}: the sample's values, written with the declared names.
        Assert.InRange(cell.PayloadBytes!.Value, 150, 220);
    }

    [Theory]
    [InlineData("SerBench.Tests.Builders.Samples.Ordr", "--type SerBench.Tests.Builders.Samples.Ordr: no public type of that name in SerBench.Tests.dll. Closest: SerBench.Tests.Builders.Samples.Order")]
    [InlineData("SerBench.Tests.Builders.Samples.NeedsArguments", "has no public parameterless constructor")]
    [InlineData("SerBench.Tests.Builders.Samples.Shape", "is abstract; give a concrete class.")]
    [InlineData("SerBench.Tests.Builders.Samples.OrderState", "is a value type")]
    [InlineData("SerBench.Tests.Builders.Samples.ThrowsWhenMade", "--type SerBench.Tests.Builders.Samples.ThrowsWhenMade: its constructor throws (InvalidOperationException: not today)")]
    [InlineData("SerBench.Tests.Builders.Samples.ThrowsWhenLoaded", "its constructor throws (FormatException: ")]
    [InlineData("SerBench.Tests.Builders.Samples.Page`1", "is an open generic type; give a closed one, e.g. Ns.Page<int>")]
    public void TypeThatCannotBeMeasured_IsOneLine_Exit2(string type, string expected)
    {
        var (exitCode, console, error) = CliTester.Run(["run", "--types", Assembly, "--type", type, "--profile", "smoke", "--out", _temp.File("out")]);

        Assert.Equal(2, exitCode);
        Assert.Contains(expected, error, StringComparison.Ordinal);
        Assert.Single(error.TrimEnd().Split('\n'));
        Assert.Equal("", console);
    }

    /// <summary>SerBench in a process of its own: were the user's constructor run in it, it would end or hang the test host.</summary>
    private static async Task<(int ExitCode, string Output, string Error)> RunInChild(TimeSpan limit, params string[] args)
    {
        using var process = ChildSerBench.Start(args);
        var output = process.StandardOutput.ReadToEndAsync();
        var error = process.StandardError.ReadToEndAsync();
        using var timeout = new CancellationTokenSource(limit);
        try
        {
            await process.WaitForExitAsync(timeout.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            Assert.Fail($"serbench {string.Join(' ', args)} had not ended after {limit.TotalSeconds:0} s.");
        }

        return (process.ExitCode, await output, await error);
    }

    private static string Refused(Type type, string did) =>
        $"serbench: --type {type.FullName}: its constructor {did}; SerBench cannot make one to measure. Fix the type or choose another.";

    [Theory]
    [InlineData("run")]
    [InlineData("verify")]
    public async Task TypeWhoseConstructorEndsItsProcess_IsOneLine_Exit2(string command)
    {
        string[] runOptions = command == "run" ? ["--profile", "smoke", "--out", _temp.File("out")] : [];

        var (exitCode, console, error) = await RunInChild(TimeSpan.FromMinutes(2), [command, "--types", Assembly, "--type", typeof(ExitsWhenMade).FullName!, .. runOptions]);

        Assert.Equal((2, Refused(typeof(ExitsWhenMade), "ended the process with exit code 3")), (exitCode, error.TrimEnd()));
        Assert.Equal("", console);
        Assert.False(Directory.Exists(_temp.File("out")));
    }

    [Fact]
    [Trait("Category", "Slow")] // It waits out the check's whole time limit.
    public async Task TypeWhoseConstructorNeverReturns_IsOneLine_Exit2_AfterTheTimeLimit()
    {
        var limit = AgentRequest.TypesTimeLimit;

        var (exitCode, console, error) = await RunInChild(limit + TimeSpan.FromMinutes(2),
            "run", "--types", Assembly, "--type", typeof(BlocksWhenMade).FullName!, "--profile", "smoke", "--out", _temp.File("out"));

        Assert.Equal((2, Refused(typeof(BlocksWhenMade), $"did not return within {limit.TotalSeconds:0} s")), (exitCode, error.TrimEnd()));
        Assert.Equal("", console);
        Assert.False(Directory.Exists(_temp.File("out")));
    }

    [Fact]
    public async Task Verify_TypeWhoseGetterEndsItsProcess_IsCrash_VerifyLivesOn()
    {
        var (exitCode, console, error) = await RunInChild(TimeSpan.FromMinutes(2),
            "verify", "--types", Assembly, "--type", typeof(ExitsWhenRead).FullName!, "--contenders", "stj-reflection-utf8", "--json");

        Assert.True(exitCode == 1, error + console);
        var cells = JsonNode.Parse(console)!.AsArray();
        Assert.Equal(2, cells.Count);
        Assert.All(cells, c => Assert.Equal("CRASH", (string?)c!["status"]));
        Assert.All(cells, c => Assert.Contains("exit code 4", (string?)c!["reason"], StringComparison.Ordinal));
    }

    [Theory]
    [InlineData("SerBench.Tests.Builders.Samples.Page<int>")]
    [InlineData("SerBench.Tests.Builders.Samples.Page`1[System.Int32]")]
    [InlineData("SerBench.Tests.Builders.Samples.Page<SerBench.Tests.Builders.Samples.OrderLine>")]
    public void ClosedGenericType_IsAccepted(string type)
    {
        var loaded = Assert.Single(SerBench.Core.UserData.UserTypes.Load(Assembly, [type], null));

        Assert.True(loaded.Type.IsConstructedGenericType);
        Assert.False(loaded.Type.ContainsGenericParameters);
    }

    [Theory]
    [InlineData("no-such.dll", "no such file")]
    [InlineData("not-an-assembly.dll", "cannot be loaded as a .NET assembly")]
    public void AssemblyThatCannotBeLoaded_IsOneLine_Exit2(string file, string expected)
    {
        File.WriteAllText(_temp.File("not-an-assembly.dll"), "MZ? not really");

        var (exitCode, _, error) = CliTester.Run(["run", "--types", _temp.File(file), "--type", "A.B", "--profile", "smoke"]);

        Assert.Equal(2, exitCode);
        Assert.Contains(expected, error, StringComparison.Ordinal);
    }

    [Fact]
    public void SampleThatDoesNotReadAsTheType_IsOneLine_Exit2()
    {
        File.WriteAllText(_temp.File("bad.json"), """{"id":"seven"}""");

        var (exitCode, _, error) = CliTester.Run(["run", "--types", Assembly, "--type", typeof(Order).FullName!, "--sample", _temp.File("bad.json"), "--profile", "smoke"]);

        Assert.Equal(2, exitCode);
        Assert.StartsWith("serbench: --sample bad.json: does not read as SerBench.Tests.Builders.Samples.Order: ", error, StringComparison.Ordinal);
    }
}
