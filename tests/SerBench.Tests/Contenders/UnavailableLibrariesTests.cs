using System.Text.Json;
using SerBench.Contenders;
using SerBench.Tests.Cli;

namespace SerBench.Tests.Contenders;

public class UnavailableLibrariesTests
{
    /// <summary>Every library the studies name, and every binary format issue 3 asks for: none may disappear.</summary>
    public static TheoryData<string> NamedLibraries() =>
    [
        "Jil", "SpanJson", "Utf8Json", "NetJSON", "ServiceStack.Text", "JsonSrcGen", "UnityEngine.JsonUtility",
        "MessagePack (MessagePack-CSharp)", "MemoryPack", "protobuf-net", "System.Formats.Cbor (hand-written mapping)",
        "System.Text.Json", "Newtonsoft.Json", "DataContractJsonSerializer",
    ];

    [Theory]
    [MemberData(nameof(NamedLibraries))]
    public void EveryNamedLibrary_IsListed_RunnableOrWithAReason(string library)
    {
        var contenders = ContenderRegistry.All.Where(c => c.Library == library).ToList();

        Assert.NotEmpty(contenders);
        Assert.All(contenders, c => Assert.True(c.UnavailableReason is null or { Length: > 20 }, c.Name));
    }

    [Fact]
    public void ListJson_ShowsEachUnservedLibrary_WithTheProbeResult()
    {
        var (exitCode, output, _) = CliTester.Run("list", "--json");

        Assert.Equal(0, exitCode);
        using var document = JsonDocument.Parse(output);
        var byName = document.RootElement.GetProperty("contenders").EnumerateArray().ToDictionary(c => c.GetProperty("name").GetString()!);
        foreach (var name in new[] { "jil", "spanjson-utf8", "utf8json", "netjson", "jsonsrcgen", "messagepack", "memorypack", "cbor" })
        {
            Assert.False(byName[name].GetProperty("available").GetBoolean(), name);
            Assert.StartsWith("no adapter in this SerBench build: the package source SerBench is built from did not serve", byName[name].GetProperty("unavailableReason").GetString(), StringComparison.Ordinal);
        }

        Assert.Contains("protobuf-net.Core", byName["protobuf-net"].GetProperty("unavailableReason").GetString(), StringComparison.Ordinal);
        Assert.Contains(".NET 9", byName["jil"].GetProperty("unavailableReason").GetString(), StringComparison.Ordinal);
        Assert.Equal("not-safe", byName["servicestack-utf8"].GetProperty("nativeAot").GetString());
        Assert.Equal("safe", byName["stj-sourcegen-utf8"].GetProperty("nativeAot").GetString());
        Assert.Equal("Apache-2.0", byName["protobuf-net"].GetProperty("licence").GetString());
    }

    [Fact]
    public void UnavailableLibraries_AreNeverGivenAChildProcess_ButServiceStackIs()
    {
        // Jil, SpanJson, Utf8Json, NetJSON and protobuf-net emit IL at run time, but cannot run here: nothing to isolate.
        Assert.All(UnavailableLibraries.All, c => Assert.False(c.NeedsProcessIsolation, c.Name));
        Assert.True(ContenderRegistry.Find("servicestack-utf8")!.NeedsProcessIsolation);
        Assert.False(ContenderRegistry.Find("stj-sourcegen-utf8")!.NeedsProcessIsolation);
    }
}
