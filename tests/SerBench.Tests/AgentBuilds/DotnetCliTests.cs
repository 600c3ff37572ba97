using SerBench.AgentBuilds;

namespace SerBench.Tests.AgentBuilds;

public class DotnetCliTests
{
    [Fact]
    public void NewestSdk_ListWithAPreview_IsTheHighestVersionByItsNumber()
    {
        const string listed = "8.0.416 [/usr/share/dotnet/sdk]\n10.0.401 [/usr/share/dotnet/sdk]\n11.0.100-preview.3.26201.1 [/usr/share/dotnet/sdk]\n";

        Assert.Equal(new Version(11, 0, 100), DotnetCli.NewestSdk(listed));
    }

    [Fact]
    public void NewestSdk_NoSdkListed_IsUnknown() => Assert.Null(DotnetCli.NewestSdk(""));

    [Fact]
    public void NewestSdk_ThisMachine_IsAtLeastTheSdkThatBuiltSerBench() =>
        Assert.True(DotnetCli.NewestSdk()?.Major >= 10);
}
