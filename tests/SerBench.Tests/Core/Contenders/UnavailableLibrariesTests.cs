using System.Text.Json;
using SerBench.Core.Contenders;
using SerBench.Core.Packs;

namespace SerBench.Tests.Core.Contenders;

public class UnavailableLibrariesTests
{
    /// <summary>Every library the studies name, and the binary formats users pick instead: none may disappear.</summary>
    public static TheoryData<string> NamedLibraries() =>
    [
        "ServiceStack.Text", "UnityEngine.JsonUtility", "Google.Protobuf",
        "System.Text.Json", "Newtonsoft.Json", "DataContractJsonSerializer", "Nerdbank.MessagePack",
    ];

    [Theory]
    [MemberData(nameof(NamedLibraries))]
    public void EveryNamedLibrary_IsListed(string library)
    {
        Assert.Contains(ContenderRegistry.All, c => c.Library == library);
    }

    [Fact]
    public void NoContender_ClaimsAPackageSourceItDidNotAsk()
    {
        // Whether a package can be had is found out by the agent's restore wherever SerBench runs, never written in advance.
        Assert.All(ContenderRegistry.All, c => Assert.DoesNotContain("not serve", c.UnavailableReason ?? "", StringComparison.Ordinal));
        Assert.Equal("exists only inside the Unity player (UnityEngine.CoreModule); it is not a NuGet package and cannot run on plain .NET 10",
            ContenderRegistry.Find("unity-jsonutility")!.UnavailableReason);
    }

    [Fact]
    public void ListJson_ShowsPackContenders_WithTheirPack()
    {
        var (exitCode, output, _) = CliTester.Run("list", "--json");

        Assert.Equal(0, exitCode);
        using var document = JsonDocument.Parse(output);
        var byName = document.RootElement.GetProperty("contenders").EnumerateArray().ToDictionary(c => c.GetProperty("name").GetString()!);
        Assert.Equal("not-safe", byName["servicestack-utf8"].GetProperty("nativeAot").GetString());
        Assert.Equal("safe", byName["stj-sourcegen-utf8"].GetProperty("nativeAot").GetString());
        Assert.Equal("BSD-3-Clause", byName["google-protobuf"].GetProperty("licence").GetString());
        Assert.Equal("safe", byName["nerdbank-messagepack"].GetProperty("nativeAot").GetString());
    }

    [Fact]
    public void PackContenders_GoToTheAgent_BuiltInOnesDoNot()
    {
        Assert.IsType<PackContender>(ContenderRegistry.Find("newtonsoft-string"));
        Assert.True(ContenderRegistry.Find("newtonsoft-string")!.NeedsProcessIsolation);
        Assert.False(ContenderRegistry.Find("stj-sourcegen-utf8")!.NeedsProcessIsolation);
        Assert.False(ContenderRegistry.Find("unity-jsonutility")!.NeedsProcessIsolation);
    }
}
