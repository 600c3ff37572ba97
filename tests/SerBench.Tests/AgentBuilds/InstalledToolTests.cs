using System.Text.Json;

namespace SerBench.Tests.AgentBuilds;

/// <summary>
/// The installed tool carries SerBench's sources and packs, so it builds its agent and runs pack contenders from any
/// folder, not only inside the repository.
/// </summary>
[Collection(AgentBuildCollection.Name)]
[Trait("Category", "Slow")]
public class InstalledToolTests
{
    [Fact]
    public void InstalledTool_VerifiesAPackContender_FromAnotherFolder()
    {
        using var temp = new TempDirectory();
        var repository = Repository.Root;
        var pack = ToolProcess.Run(temp.Path, "dotnet", "pack", Path.Combine(repository, "src", "SerBench.Cli"), "-c", "Release", "-o", temp.File("feed"), "-nologo",
            "-p:UseSharedCompilation=false", "-nodeReuse:false");
        Assert.DoesNotContain("readme", pack, StringComparison.OrdinalIgnoreCase);
        ToolProcess.Run(temp.Path, "dotnet", "tool", "install", "--tool-path", temp.File("tools"), "SerBench.Tool", "--add-source", temp.File("feed"));
        var elsewhere = Directory.CreateDirectory(temp.File("elsewhere")).FullName;

        var output = ToolProcess.Run(elsewhere, Path.Combine(temp.File("tools"), OperatingSystem.IsWindows() ? "serbench.exe" : "serbench"),
            "verify", "--study", "web-api", "--contenders", "newtonsoft-string", "--json");

        using var document = JsonDocument.Parse(output);
        Assert.All(document.RootElement.EnumerateArray(), cell => Assert.Equal("OK", cell.GetProperty("status").GetString()));
        Assert.Equal(2, document.RootElement.GetArrayLength());
    }
}
