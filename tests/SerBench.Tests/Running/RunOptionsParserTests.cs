using SerBench.Core.Measurement;
using SerBench.Core.Running;
using SerBench.Core.Sizes;
using SerBench.Running;
using SerBench.Tests.Builders.Samples;

namespace SerBench.Tests.Running;

public sealed class RunOptionsParserTests
{
    /// <summary>A run of many cells (json-vs-binary) with the options given, so no rule for tiny runs steps in.</summary>
    private static MeasurementProfile Profile(RunOptions options) =>
        RunOptionsParser.Parse(options with { Study = options.Study ?? "json-vs-binary" }).Profile;

    [Fact]
    public void Study_ACommaSeparatedList_RunsEachOnce_InTheOrderGiven()
    {
        var request = RunOptionsParser.Parse(new RunOptions { Study = "escaping, web-api,escaping" });

        Assert.Equal(["escaping", "web-api"], request.Studies.Select(s => s.Name));
    }

    [Fact]
    public void NoStudy_RunsTheFiveStudiesOfTheArticles_AndTheirOwnStudiesOnlyWhenNamed()
    {
        Assert.Equal(["web-api", "json-vs-binary", "big-vs-many", "escaping", "shootout"], RunOptionsParser.Parse(new RunOptions()).Studies.Select(s => s.Name));
        Assert.Equal(["streams"], RunOptionsParser.Parse(new RunOptions { Study = "streams" }).Studies.Select(s => s.Name));
        Assert.Equal(["threads"], RunOptionsParser.Parse(new RunOptions { Study = "threads" }).Studies.Select(s => s.Name));
    }

    [Fact]
    public void Threads_AreTheThreadsStudysCountsOnly_OneAndTheCoresByDefault()
    {
        var byDefault = RunPlan.Create(RunOptionsParser.Parse(new RunOptions { Study = "threads" }));
        var chosen = RunPlan.Create(RunOptionsParser.Parse(new RunOptions { Study = "threads,web-api", Threads = "4,1,2,4" }));

        Assert.Equal(new[] { 1, Environment.ProcessorCount }.Distinct(), byDefault.Select(p => p.Workload.Count).Distinct());
        Assert.All(byDefault, p => Assert.Equal(SerBench.Core.Payloads.Shape.Threads, p.Workload.Shape));
        Assert.Equal([1, 2, 4], chosen.Where(p => p.Study.Name == "threads").Select(p => p.Workload.Count).Distinct());
        Assert.Equal([1, 200], chosen.Where(p => p.Study.Name == "web-api").Select(p => p.Workload.Count).Distinct());
    }

    [Fact]
    public void ThreadsCells_RefuseTheCpuClock_WhichAddsUpEveryThreadsTime()
    {
        if (!SerBench.Core.Measurement.CpuTimeClock.IsSupported)
        {
            return; // --clock cpu is refused before any plan where the OS has no process CPU time.
        }

        var error = Assert.Throws<UsageException>(() => RunOptionsParser.Plan(new RunOptions { Study = "threads", Clock = "cpu" }));

        Assert.Contains("measure the threads study with --clock wall", error.Message, StringComparison.Ordinal);
        Assert.NotNull(RunOptionsParser.Plan(new RunOptions { Study = "web-api", Clock = "cpu" }));
    }

    [Theory]
    [InlineData("0")]
    [InlineData("-1")]
    [InlineData("257")]
    [InlineData("2,x")]
    public void Threads_OutOfRange_SaysWhatWorks(string threads)
    {
        var error = Assert.Throws<UsageException>(() => RunOptionsParser.Parse(new RunOptions { Study = "threads", Threads = threads }));

        Assert.Contains("Thread counts are whole numbers from 1 to 256, e.g. --threads 1,2,4.", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Study_Unknown_SaysWhatWorks()
    {
        var error = Assert.Throws<UsageException>(() => RunOptionsParser.Parse(new RunOptions { Study = "web-apo" }));

        Assert.Contains("(data with --data, types with --types)", error.Message, StringComparison.Ordinal);
        Assert.Contains("Give one or a comma-separated list, e.g. --study web-api,escaping; --cells picks single cells of several studies.", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void NoOptions_GiveTheQuickProfileAsItIs()
    {
        Assert.Equal(MeasurementProfile.Quick, Profile(new RunOptions()));
    }

    [Fact]
    public void ProfileOptions_AreFoldedIntoTheNamedProfile()
    {
        var profile = Profile(new RunOptions
        {
            Profile = "smoke", Rounds = "4", Budget = "1h30m", FirstCall = "on", Clock = "wall", Compressions = "gzip,zstd",
        });

        Assert.Equal("smoke", profile.Name);
        Assert.Equal(4, profile.Rounds);
        Assert.Equal(TimeSpan.FromMinutes(90), profile.Budget);
        Assert.Equal(MeasurementProfile.Quick.FirstCallLaunches, profile.FirstCallLaunches);
        Assert.Equal(MeasurementClock.Wall, profile.Clock);
        Assert.Equal("gzip,zstd", CompressionNames.Name(profile.Compressions));
    }

    [Fact]
    public void BudgetOff_AndFirstCallOff_TakeTheProfilesOwnAway()
    {
        var profile = Profile(new RunOptions { Budget = "off", FirstCall = "off" });

        Assert.Null(profile.Budget);
        Assert.Equal(0, profile.FirstCallLaunches);
    }

    [Fact]
    public void FirstCallOn_KeepsFullsMoreLaunches()
    {
        Assert.Equal(MeasurementProfile.Full.FirstCallLaunches, Profile(new RunOptions { Profile = "full", FirstCall = "on" }).FirstCallLaunches);
    }

    [Fact]
    public void TinyRun_GetsMoreRounds_UnlessTheUserChoseThem()
    {
        var tiny = new RunOptions { Study = "web-api", Cells = "web-api/newtonsoft-string/person/object/1/serialize" };

        Assert.Equal(RoundsPolicy.SmallRunRounds, Profile(tiny).Rounds);
        Assert.Equal(2, Profile(tiny with { Rounds = "2" }).Rounds);
    }

    [Theory]
    [InlineData("Rounds", "abc", "Invalid --rounds 'abc': give a whole number of rounds from 1 to 50, e.g. --rounds 4.")]
    [InlineData("Rounds", "-3", "Invalid --rounds '-3': give a whole number of rounds from 1 to 50, e.g. --rounds 4.")]
    [InlineData("Rounds", "0", "Invalid --rounds '0': give a whole number of rounds from 1 to 50, e.g. --rounds 4.")]
    [InlineData("Rounds", "51", "Invalid --rounds '51': give a whole number of rounds from 1 to 50, e.g. --rounds 4.")]
    [InlineData("Budget", "0m", "Invalid --budget '0m': give a duration above zero and at most a week, e.g. --budget 10m.")]
    [InlineData("Budget", "-5m", "Invalid --budget '-5m': give a duration with a unit, h, m (or min) or s, e.g. --budget 10m, 90s or 1h30m.")]
    [InlineData("Budget", "10", "Invalid --budget '10': give a duration with a unit, h, m (or min) or s, e.g. --budget 10m, 90s or 1h30m.")]
    [InlineData("Budget", "10d", "Invalid --budget '10d': give a duration with a unit, h, m (or min) or s, e.g. --budget 10m, 90s or 1h30m.")]
    [InlineData("FirstCall", "yes", "Invalid --first-call 'yes'. Give on, off or a number of fresh processes from 1 to 100, e.g. --first-call off.")]
    [InlineData("Clock", "cycles", "Invalid --clock 'cycles'. Give cpu or wall, e.g. --clock wall.")]
    [InlineData("Compressions", "gzip,xz", "--compressions: unknown compressor 'xz'. Choose from gzip, brotli, zstd, lz4, or none alone, e.g. --compressions gzip,zstd.")]
    public void BadProfileValue_IsRefusedInOneLine(string option, string value, string expected)
    {
        var options = option switch
        {
            "Rounds" => new RunOptions { Rounds = value },
            "Budget" => new RunOptions { Budget = value },
            "FirstCall" => new RunOptions { FirstCall = value },
            "Clock" => new RunOptions { Clock = value },
            _ => new RunOptions { Compressions = value },
        };

        var error = Assert.Throws<UsageException>(() => Profile(options));

        Assert.Equal(expected, error.Message);
    }

    [Fact]
    public void ClockCpu_IsTakenWhereTheOsGivesIt_AndRefusedInOneLineElsewhere()
    {
        var options = new RunOptions { Clock = "cpu" };

        if (CpuTimeClock.IsSupported)
        {
            Assert.Equal(MeasurementClock.Cpu, Profile(options).Clock);
        }
        else
        {
            Assert.StartsWith("--clock cpu: this OS gives no precise CPU time", Assert.Throws<UsageException>(() => Profile(options)).Message, StringComparison.Ordinal);
        }
    }

    [Theory]
    [InlineData(null, "A.B", null)]
    [InlineData(null, null, "sample.json")]
    public void TypeOrSample_WithoutTypes_IsRefused(string? types, string? type, string? sample)
    {
        var options = new RunOptions { Types = types, TypeNames = type is null ? [] : [type], Sample = sample };

        var error = Assert.Throws<UsageException>(() => RunOptionsParser.Parse(options));

        Assert.Equal("--type and --sample need --types ASSEMBLY.dll, the assembly that holds the types.", error.Message);
    }

    [Theory]
    [InlineData("net10.0-aot", "net10.0-aot", "net10.0")]
    [InlineData("net9.0,net8.0-aot", "net8.0-aot", "net8.0")]
    public void Types_OnANativeAotRuntime_AreRefused_SayingWhyAndWhatWouldWork(string runtimes, string aot, string jit)
    {
        // Each cell failed with a PlatformNotSupportedException instead: the study loads the assembly at run time.
        var options = new RunOptions { Types = typeof(Order).Assembly.Location, TypeNames = [typeof(Order).FullName!], Runtimes = runtimes };

        var error = Assert.Throws<UsageException>(() => RunOptionsParser.Parse(options));

        Assert.Equal($"--runtimes {aot}: the types study loads your assembly at run time, which Native AOT cannot; drop {aot}, or measure --types on a JIT runtime " +
                     $"(e.g. {jit}) and other studies on {aot} in a run of their own (serbench merge joins the two).", error.Message);
    }

    [Fact]
    public void Types_OnJitRuntimes_OrNotRunBesideANativeAotRuntime_AreTaken()
    {
        var types = new RunOptions { Types = typeof(Order).Assembly.Location, TypeNames = [typeof(Order).FullName!] };

        var jit = RunOptionsParser.Parse(types with { Runtimes = "net9.0,net10.0" });
        var otherStudy = RunOptionsParser.Parse(types with { Study = "web-api", Runtimes = "net10.0-aot" });

        Assert.Equal(["net9.0", "net10.0"], jit.Runtimes.Select(r => r.Name));
        Assert.Equal(["web-api"], otherStudy.Studies.Select(s => s.Name));
    }

    [Fact]
    public void FilterThatLeavesNothing_IsRefused_AlsoWithTheUsersRounds()
    {
        var error = Assert.Throws<UsageException>(() => RunOptionsParser.Parse(new RunOptions { Study = "escaping", Ops = "serialize", Rounds = "3" }));

        Assert.StartsWith("Nothing to run: no study workload has the requested operations.", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Cells_AreSelected_AndRuntimesDefaultToTheCurrentOne()
    {
        var request = RunOptionsParser.Parse(new RunOptions { Cells = "web-api/*/person/object/1/serialize" });

        Assert.NotNull(request.Cells);
        Assert.Equal([RuntimeTarget.Current], request.Runtimes);
    }

    [Fact]
    public void SamePackTwice_IsRefused()
    {
        using var folder = new TempDirectory();
        File.WriteAllText(folder.File("pack.json"), """{ "library": "Acme", "contenders": [ { "name": "acme-json", "format": "json", "textMode": "utf8", "generation": "reflection" } ] }""");

        var error = Assert.Throws<UsageException>(() => RunOptionsParser.Parse(new RunOptions { Packs = [folder.Path, folder.Path] }));

        Assert.StartsWith("--pack names '", error.Message, StringComparison.Ordinal);
        Assert.EndsWith("' twice; give each pack once.", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void OpsFirstCall_PlansOnlyFirstCalls_AndTimesThemEvenInSmoke()
    {
        var request = RunOptionsParser.Parse(new RunOptions { Study = "json-vs-binary", Contenders = "binary-utf8", Ops = "first-call", Profile = "smoke" });

        var plan = RunPlan.Create(request);

        Assert.All(plan, p => Assert.Equal([SerBench.Core.Studies.Operation.FirstCall], p.Operations));
        Assert.Equal(MeasurementProfile.Quick.FirstCallLaunches, request.Profile.FirstCallLaunches);
    }

    [Fact]
    public void WithoutOps_TheStudyOperationsArePlanned_AndFirstCallsAreTheProfiles()
    {
        var plan = RunPlan.Create(RunOptionsParser.Parse(new RunOptions { Study = "json-vs-binary", Contenders = "binary-utf8", Profile = "smoke" }));

        Assert.DoesNotContain(plan, p => p.Operations.Contains(SerBench.Core.Studies.Operation.FirstCall));
    }

    [Fact]
    public void OpsFirstCall_IsOneCellPerPayload_AndCellsNamesItAsResultsJsonDoes()
    {
        var plan = RunPlan.Create(RunOptionsParser.Parse(new RunOptions
        {
            Study = "web-api", Contenders = "binary-utf8", Payloads = "person", Ops = "first-call", Cells = "web-api/*/person/object/1/first-call",
        }));

        var only = Assert.Single(plan);
        Assert.Equal([SerBench.Core.Studies.Operation.FirstCall], only.Operations);
    }

    [Theory]
    [InlineData("3", 3)]
    [InlineData("off", 0)]
    public void FirstCall_TakesOnOffOrANumberOfLaunches(string value, int launches)
    {
        Assert.Equal(launches, Profile(new RunOptions { FirstCall = value }).FirstCallLaunches);
    }
}
