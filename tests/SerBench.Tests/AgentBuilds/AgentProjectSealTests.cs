using System.Diagnostics;
using SerBench.AgentBuilds;

namespace SerBench.Tests.AgentBuilds;

public sealed class AgentProjectSealTests : IDisposable
{
    private readonly TempDirectory _root = new();

    public void Dispose() => _root.Dispose();

    /// <summary>
    /// Evaluates (does not build) a project in a sealed folder under hostile build files: central package management,
    /// another target framework, a target that fails, a global.json naming an SDK that does not exist.
    /// </summary>
    [Fact]
    public void SealedFolder_IgnoresTheBuildFilesOfTheFoldersAroundIt()
    {
        File.WriteAllText(_root.File("Directory.Packages.props"), "<Project><PropertyGroup><ManagePackageVersionsCentrally>true</ManagePackageVersionsCentrally></PropertyGroup></Project>");
        File.WriteAllText(_root.File("Directory.Build.props"), "<Project><PropertyGroup><TargetFramework>net48</TargetFramework><Hostile>yes</Hostile></PropertyGroup></Project>");
        File.WriteAllText(_root.File("Directory.Build.targets"), "<Project><PropertyGroup><Hostile>yes</Hostile></PropertyGroup></Project>");
        File.WriteAllText(_root.File("global.json"), """{"sdk":{"version":"1.0.0"}}""");
        var work = _root.File("cache/agents/key.building");
        AgentProjectSeal.Write(work);
        File.WriteAllText(Path.Combine(work, "agent.csproj"),
            "<Project Sdk=\"Microsoft.NET.Sdk\"><PropertyGroup><TargetFramework>net10.0</TargetFramework></PropertyGroup></Project>");

        var start = new ProcessStartInfo("dotnet", ["msbuild", "agent.csproj", "-getProperty:TargetFramework", "-getProperty:Hostile", "-getProperty:ManagePackageVersionsCentrally"])
        {
            WorkingDirectory = work,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
        };
        foreach (var name in start.Environment.Keys.Where(k => k.StartsWith("MSBuild", StringComparison.OrdinalIgnoreCase)).ToList())
        {
            start.Environment.Remove(name);
        }

        using var process = Process.Start(start)!;
        var output = process.StandardOutput.ReadToEnd() + process.StandardError.ReadToEnd();
        process.WaitForExit();

        Assert.True(process.ExitCode == 0, output);
        Assert.Contains("\"TargetFramework\": \"net10.0\"", output, StringComparison.Ordinal);
        Assert.Contains("\"Hostile\": \"\"", output, StringComparison.Ordinal);
        Assert.Contains("\"ManagePackageVersionsCentrally\": \"false\"", output, StringComparison.Ordinal);
    }
}
