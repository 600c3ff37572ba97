using SerBench.Core.Contenders;
using SerBench.Running;

namespace SerBench.Tests.Core.Contenders;

public class VersionedContenderTests
{
    [Theory]
    [InlineData("newtonsoft-string@", "serbench: Invalid contender 'newtonsoft-string@': give a package version after '@', e.g. newtonsoft-string@1.2.3.")]
    [InlineData("newtonsoft-string@thirteen", "serbench: Invalid version 'thirteen' in 'newtonsoft-string@thirteen': give a NuGet package version")]
    [InlineData("newtonsoft-string@>=13", "serbench: Invalid version '>=13' in 'newtonsoft-string@>=13': give a NuGet package version")]
    [InlineData("newtonsoft-string,@13.0.1", "serbench: Invalid contender '@13.0.1': name the contender before '@'")]
    [InlineData("newtonsoft-string@12.0.3,newtonsoft-string@12.0.3.0", "serbench: --contenders names newtonsoft-string@12.0.3 twice; give each contender and version once.")]
    [InlineData("newtonsoft-string,newtonsoft-string@13.0.4", "serbench: --contenders names newtonsoft-string and newtonsoft-string@13.0.4, but 13.0.4 is the version newtonsoft-string is measured at already")]
    [InlineData("datacontract-json@8.0.0", "serbench: 'datacontract-json@8.0.0': datacontract-json has no package of its own to take a version of")]
    [InlineData("newtonsoft-strng@12.0.3", "serbench: Unknown contender 'newtonsoft-strng'.")]
    [InlineData("stj-reflection-string@9.0.0", "serbench: 'stj-reflection-string@9.0.0': .NET 10.")]
    public void BadVersion_ExitsWith2AndOneLine(string contenders, string expectedStart)
    {
        var (exitCode, output, error) = CliTester.Run("run", "--study", "web-api", "--contenders", contenders, "--profile", "smoke");

        Assert.Equal(2, exitCode);
        Assert.StartsWith(expectedStart, error, StringComparison.Ordinal);
        Assert.Single(error.TrimEnd().Split('\n'));
        Assert.Equal("", output);
    }

    [Fact]
    public void Version_JoinsEveryStudyAndSectionBesideItsContender_UnderItsOwnName()
    {
        var request = RunOptionsParser.Parse(new RunOptions { Contenders = "newtonsoft-string,newtonsoft-string@12.0.3,stj-reflection-utf8@11.0", Profile = "smoke" });

        var versioned = request.Contenders!.OfType<VersionedContender>().ToList();
        Assert.Equal(["newtonsoft-string@12.0.3", "stj-reflection-utf8@11.0.0"], versioned.Select(v => v.Name));
        Assert.Equal(["Newtonsoft.Json", "System.Text.Json"], versioned.Select(v => v.PackageId));
        Assert.Equal("12.0.3", versioned[0].LibraryVersion);
        var webApi = request.Studies.Single(s => s.Name == "web-api");
        var names = webApi.Contenders.ToList();
        Assert.Equal(names.IndexOf("newtonsoft-string") + 1, names.IndexOf("newtonsoft-string@12.0.3"));
        Assert.All(webApi.Sections.Where(s => s.Contenders.Contains("stj-reflection-utf8")),
            s => Assert.Contains("stj-reflection-utf8@11.0.0", s.Contenders));
    }

    [Fact]
    public void Version_RunsOnlyInItsOwnAgent()
    {
        var request = RunOptionsParser.Parse(new RunOptions { Study = "web-api", Contenders = "stj-reflection-utf8@11.0.0", Profile = "smoke" });
        var versioned = (VersionedContender)request.Contenders!.Single();

        Assert.True(versioned.NeedsProcessIsolation);
        Assert.Null(versioned.UnavailableReason);
    }

    [Fact]
    public void Agent_FindsTheVersionedName_AsItsOwnCopyOfTheContender()
    {
        var loaded = ContenderRegistry.Find("stj-reflection-utf8@11.0.0");

        Assert.NotNull(loaded);
        Assert.Equal("stj-reflection-utf8@11.0.0", loaded.Name);
        // In the agent the version is the one loaded there: in this test process, the runtime's own System.Text.Json.
        Assert.Equal(ContenderRegistry.Find("stj-reflection-utf8")!.LibraryVersion, loaded.LibraryVersion);
    }
}
