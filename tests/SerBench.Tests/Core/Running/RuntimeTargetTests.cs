using SerBench.Core.Running;
using SerBench.Running;

namespace SerBench.Tests.Core.Running;

public class RuntimeTargetTests
{
    [Theory]
    [InlineData("net8.0", 8, false)]
    [InlineData("net9.0-aot", 9, true)]
    [InlineData("net10.0", 10, false)]
    public void Names_RoundTrip(string name, int major, bool aot)
    {
        var runtime = RuntimeTarget.TryParse(name);

        Assert.Equal(new RuntimeTarget(major, aot), runtime);
        Assert.Equal(name, runtime!.Name);
    }

    [Theory]
    [InlineData("net8")]
    [InlineData("netcoreapp3.1")]
    [InlineData("net8.0-AOT")]
    [InlineData("net-1.0")]
    [InlineData("")]
    public void NonRuntimeNames_AreNotParsed(string name) => Assert.Null(RuntimeTarget.TryParse(name));

    [Theory]
    [InlineData(".NET 10.0.0", "net10.0")]
    [InlineData(".NET 8.0.31", "net8.0")]
    [InlineData(".NET 9.0.4", "net9.0")]
    public void SchemaOneEnvironment_NamesItsRuntime(string description, string expected) =>
        Assert.Equal(expected, RuntimeTarget.FromDescription(description)!.Name);

    [Fact]
    public void Current_IsThisProcess_JustInTime()
    {
        Assert.Equal(Environment.Version.Major, RuntimeTarget.Current.Major);
        Assert.False(RuntimeTarget.Current.Aot);
        Assert.True(RuntimeTarget.Current.IsCurrent);
    }

    private static IReadOnlyList<RuntimeTarget> Runtimes(string? runtimes) =>
        RunOptionsParser.Parse(new RunOptions { Study = "json-vs-binary", Profile = "smoke", Runtimes = runtimes }).Runtimes;

    [Fact]
    public void RuntimesOption_ResolvesNames_AndRefusesUnknownOnesWithTheValidForm()
    {
        Assert.Equal([new RuntimeTarget(8, false), new RuntimeTarget(9, true)], Runtimes("net8.0, NET9.0-aot"));
        Assert.Equal([RuntimeTarget.Current], Runtimes(null));

        var error = Assert.Throws<UsageException>(() => Runtimes("net7.0"));
        Assert.Equal("Unknown runtime 'net7.0'. Give .NET 8 or newer as netN.0, with -aot for Native AOT, e.g. net8.0, net10.0, net10.0-aot.", error.Message);
    }

    [Fact]
    public void RuntimesOption_TakesAMajorNewerThanAnyListedHere() =>
        Assert.Equal([new RuntimeTarget(11, false), new RuntimeTarget(12, true)], Runtimes("net11.0,net12.0-aot"));

    [Fact]
    public void RequireSdkFor_ARuntimeNewerThanTheNewestSdk_NamesTheRuntimeAndTheSdkItNeeds()
    {
        var error = Assert.Throws<UsageException>(() => RuntimesOption.RequireSdkFor([new RuntimeTarget(8, false), new RuntimeTarget(11, true)], new Version(10, 0, 401)));

        Assert.Equal("--runtimes net11.0-aot: its agent needs the .NET 11 SDK or newer, and the newest SDK installed is 10.0.401; " +
                     "install the .NET 11 SDK or leave net11.0-aot out.", error.Message);
    }

    [Theory]
    [InlineData(11, "11.0.100")]
    [InlineData(10, "11.0.100")]
    [InlineData(11, null)]
    public void RequireSdkFor_ASdkOfThatMajorOrNewer_OrAnUnknownOne_Passes(int major, string? sdk) =>
        RuntimesOption.RequireSdkFor([new RuntimeTarget(major, false)], sdk is null ? null : Version.Parse(sdk));

    [Fact]
    public void RequireSdkFor_SerBenchsOwnRuntime_NeedsNoSdk() => RuntimesOption.RequireSdkFor([RuntimeTarget.Current], new Version(8, 0, 100));
}
