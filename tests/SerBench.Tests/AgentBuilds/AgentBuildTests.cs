using System.Text.Json;
using SerBench.AgentBuilds;

namespace SerBench.Tests.AgentBuilds;

/// <summary>
/// The pack path end to end: a library packed into a temporary feed is restored, built into the agent, gated and
/// measured; a pack naming a package no source has, and one that does not compile, are UNAVAILABLE with the tools' own
/// messages; a killed agent keeps its finished cells; a second run reuses the agent.
/// </summary>
[Collection(AgentBuildCollection.Name)]
[Trait("Category", "Slow")]
public class AgentBuildTests(FixturePacks packs) : IClassFixture<FixturePacks>
{
    [Fact]
    public void FixtureLibrary_IsRestoredBuiltGatedAndMeasured()
    {
        var cells = FixturePacks.Cells(packs.First.Results, "fixture-json");

        Assert.Equal(0, packs.First.ExitCode);
        Assert.Equal(4, cells.Count);
        Assert.All(cells, cell =>
        {
            Assert.Contains(cell.GetProperty("status").GetString(), new[] { "OK", "DIFFERS" });
            Assert.True(cell.GetProperty("meanNs").GetDouble() > 0);
            Assert.Equal("1.2.3", cell.GetProperty("libraryVersion").GetString());
        });
    }

    [Fact]
    public void OtherVersionOfThePack_IsBuiltInItsOwnAgent_AndMeasuredUnderItsOwnName()
    {
        var cells = FixturePacks.Cells(packs.First.Results, $"fixture-json@{FixturePacks.OtherVersion}");

        Assert.Equal(4, cells.Count);
        Assert.All(cells, cell =>
        {
            Assert.Contains(cell.GetProperty("status").GetString(), new[] { "OK", "DIFFERS" });
            Assert.True(cell.GetProperty("meanNs").GetDouble() > 0);
            Assert.Equal(FixturePacks.OtherVersion, cell.GetProperty("libraryVersion").GetString());
        });
        Assert.All(FixturePacks.Cells(packs.First.Results, "fixture-json"), c => Assert.Equal("1.2.3", c.GetProperty("libraryVersion").GetString()));
        Assert.Contains("1.2.3, " + FixturePacks.OtherVersion, packs.First.Results.RootElement.GetProperty("packages").GetProperty(FixturePacks.LibraryId).GetString());
    }

    [Fact]
    public void UnservedVersion_IsUnavailableForThatVersionOnly_WithNuGetsMessage()
    {
        var cells = FixturePacks.Cells(packs.First.Results, $"fixture-json@{FixturePacks.UnservedVersion}");

        Assert.NotEmpty(cells);
        Assert.All(cells, cell =>
        {
            Assert.Equal("UNAVAILABLE", cell.GetProperty("status").GetString());
            Assert.Contains("NU1102", cell.GetProperty("reason").GetString()!, StringComparison.Ordinal);
        });
        Assert.All(FixturePacks.Cells(packs.First.Results, "fixture-json"), c => Assert.True(c.GetProperty("meanNs").GetDouble() > 0));
    }

    [Fact]
    public void VersionTheAdapterDoesNotCompileAgainst_IsUnavailableForThatVersionOnly_WithTheCompilerError()
    {
        var cells = FixturePacks.Cells(packs.First.Results, $"fixture-json@{FixturePacks.BreakingVersion}");

        Assert.NotEmpty(cells);
        Assert.All(cells, cell =>
        {
            Assert.Equal("UNAVAILABLE", cell.GetProperty("status").GetString());
            Assert.Contains("CS0117", cell.GetProperty("reason").GetString()!, StringComparison.Ordinal);
        });
        Assert.All(FixturePacks.Cells(packs.First.Results, $"fixture-json@{FixturePacks.OtherVersion}"), c => Assert.True(c.GetProperty("meanNs").GetDouble() > 0));
    }

    [Fact]
    public void PackAskingForAnotherVersionOfAPackage_IsUnavailable_SayingWhichVersionTheAgentHolds()
    {
        var cells = FixturePacks.Cells(packs.First.Results, "conflicting-json");

        Assert.NotEmpty(cells);
        Assert.All(cells, cell =>
        {
            Assert.Equal("UNAVAILABLE", cell.GetProperty("status").GetString());
            Assert.Contains($"asks for {FixturePacks.LibraryId} {FixturePacks.OtherVersion}, but pack 'good-pack' uses {FixturePacks.LibraryId} 1.2.3",
                cell.GetProperty("reason").GetString()!, StringComparison.Ordinal);
        });
    }

    [Fact]
    public void PackWithAMissingPackage_IsUnavailable_WithTheRestoreMessage()
    {
        var cells = FixturePacks.Cells(packs.First.Results, "missing-json");

        Assert.NotEmpty(cells);
        Assert.All(cells, cell =>
        {
            Assert.Equal("UNAVAILABLE", cell.GetProperty("status").GetString());
            var reason = cell.GetProperty("reason").GetString()!;
            Assert.Contains("NU1101", reason, StringComparison.Ordinal);
            Assert.Contains(FixturePacks.MissingPackage, reason, StringComparison.Ordinal);
        });
    }

    [Fact]
    public void PackThatDoesNotCompile_IsUnavailable_WithTheCompilerMessage()
    {
        var cells = FixturePacks.Cells(packs.First.Results, "broken-json");

        Assert.NotEmpty(cells);
        Assert.All(cells, cell =>
        {
            Assert.Equal("UNAVAILABLE", cell.GetProperty("status").GetString());
            // The generator's error on a class it cannot register comes first, at its attribute in the pack's file; the
            // compiler's own (CS0029) is the one more.
            Assert.StartsWith("does not compile: packs/broken-pack/Adapters.cs(", cell.GetProperty("reason").GetString()!, StringComparison.Ordinal);
            Assert.Contains("SB1001: [PackContender(\"broken-unlisted\")] class SerBench.Packs.Fixtures.NotAnAdapter cannot be registered",
                cell.GetProperty("reason").GetString()!, StringComparison.Ordinal);
            Assert.EndsWith("(+1 more)", cell.GetProperty("reason").GetString()!, StringComparison.Ordinal);
        });
    }

    [Fact]
    public void KilledAgent_KeepsFinishedCells_AndTheRestAreCrash()
    {
        var cells = FixturePacks.Cells(packs.First.Results, "fixture-fatal");

        var single = cells.Where(c => c.GetProperty("shape").GetString() == "object").ToList();
        var list = cells.Where(c => c.GetProperty("shape").GetString() == "list").ToList();
        Assert.NotEmpty(single);
        Assert.All(single, c => Assert.True(c.GetProperty("meanNs").GetDouble() > 0));
        Assert.NotEmpty(list);
        Assert.All(list, c =>
        {
            Assert.Equal("CRASH", c.GetProperty("status").GetString());
            Assert.Contains("fixture-fatal killed its process on purpose", c.GetProperty("reason").GetString()!, StringComparison.Ordinal);
        });
    }

    [Fact]
    public void BuiltInContenders_RunBesideThePacks()
    {
        Assert.All(FixturePacks.Cells(packs.First.Results, "stj-sourcegen-utf8"), c => Assert.Equal("OK", c.GetProperty("status").GetString()));
    }

    [Fact]
    public void RunThatMeasuredNothing_Exits1_WithOneLine()
    {
        var run = packs.RunStudy("nothing-measured", contenders: "missing-json");
        using var results = run.Results;

        Assert.True(run.ExitCode == 1, run.Error + run.Output);
        Assert.Equal("serbench: nothing was measured: every cell is UNAVAILABLE; report.md says why for each.", run.Error.Trim());
        Assert.All(FixturePacks.Cells(results, "missing-json"), c => Assert.Equal("UNAVAILABLE", c.GetProperty("status").GetString()));
    }

    [Fact]
    public void SecondRun_ReusesTheAgent_AsTheBuildRecordSays()
    {
        var first = packs.First.Results.RootElement.GetProperty("agent");
        var second = packs.RunStudy("second");
        using var results = second.Results;
        var agent = results.RootElement.GetProperty("agent");

        Assert.False(first.GetProperty("reused").GetBoolean());
        Assert.True(agent.GetProperty("reused").GetBoolean());
        Assert.Equal(first.GetProperty("key").GetString(), agent.GetProperty("key").GetString());
        var record = Path.Combine(AgentBuilder.DefaultCacheDirectory, "agents", agent.GetProperty("key").GetString()!, AgentBuild.RecordFileName);
        using var build = JsonDocument.Parse(File.ReadAllBytes(record));
        Assert.Equal(first.GetProperty("buildSeconds").GetDouble(), build.RootElement.GetProperty("buildSeconds").GetDouble());
        Assert.Contains(FixturePacks.Cells(results, "fixture-json"), c => c.GetProperty("meanNs").GetDouble() > 0);
    }

    [Fact]
    public void List_ShowsTheUserPack_AndWhatTheBuildFound()
    {
        var (exitCode, output, _) = CliTester.Run("list", "--json", "--pack", packs.Good, "--pack", packs.Missing, "--package-source", packs.Feed);

        Assert.Equal(0, exitCode);
        using var document = JsonDocument.Parse(output);
        var byName = document.RootElement.GetProperty("contenders").EnumerateArray().ToDictionary(c => c.GetProperty("name").GetString()!);
        Assert.Equal("--pack good-pack", byName["fixture-json"].GetProperty("from").GetString());
        Assert.Equal("pack newtonsoft-json", byName["newtonsoft-string"].GetProperty("from").GetString());
        var webApi = document.RootElement.GetProperty("studies").EnumerateArray().Single(s => s.GetProperty("name").GetString() == "web-api");
        Assert.Contains("fixture-json", webApi.GetProperty("contenders").EnumerateArray().Select(c => c.GetString()));
    }
}
