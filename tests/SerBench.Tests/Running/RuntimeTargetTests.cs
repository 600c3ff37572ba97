using SerBench.Running;

namespace SerBench.Tests.Running;

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

    [Fact]
    public void RuntimesOption_ResolvesNames_AndRefusesUnknownOnesWithTheValidOnes()
    {
        Assert.Equal([new RuntimeTarget(8, false), new RuntimeTarget(9, true)], RunRequest.ParseRuntimes("net8.0, net9.0-aot"));
        Assert.Equal([RuntimeTarget.Current], RunRequest.ParseRuntimes(null));

        var error = Assert.Throws<UsageException>(() => RunRequest.ParseRuntimes("net7.0"));
        Assert.StartsWith("Unknown runtime 'net7.0'. Valid runtimes: net8.0", error.Message, StringComparison.Ordinal);
    }
}
