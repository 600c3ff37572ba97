using System.Text.Json;
using System.Xml.Linq;

namespace SerBench.Tests.AgentBuilds;

/// <summary>
/// A package that a shipped pack names and that Directory.Packages.props pins too (because the tests compile the pack
/// in, see LivePacks) must have one version: otherwise the tests check one version and the agent measures another.
/// </summary>
public class PackVersionTests
{
    [Fact]
    public void EveryPackagePinnedInBoth_HasTheSameVersionInThePackAndInDirectoryPackagesProps()
    {
        var pinned = XDocument.Load(Repository.File("Directory.Packages.props")).Descendants("PackageVersion")
            .ToDictionary(e => (string)e.Attribute("Include")!, e => (string)e.Attribute("Version")!, StringComparer.OrdinalIgnoreCase);
        var shared = new List<string>();
        var different = new List<string>();
        foreach (var manifest in Directory.GetFiles(Repository.File("contenders"), "pack.json", SearchOption.AllDirectories).Order(StringComparer.Ordinal))
        {
            using var document = JsonDocument.Parse(File.ReadAllBytes(manifest));
            var pack = Path.GetFileName(Path.GetDirectoryName(manifest));
            foreach (var package in document.RootElement.GetProperty("packages").EnumerateArray())
            {
                var (id, version) = (package.GetProperty("id").GetString()!, package.GetProperty("version").GetString()!);
                if (pinned.TryGetValue(id, out var props))
                {
                    shared.Add(id);
                    if (props != version)
                    {
                        different.Add($"{id}: contenders/{pack}/pack.json has {version}, Directory.Packages.props has {props}");
                    }
                }
            }
        }

        // The packs the tests compile in are in both, so the check is never empty.
        Assert.Contains("Newtonsoft.Json", shared, StringComparer.OrdinalIgnoreCase);
        Assert.True(different.Count == 0, string.Join("\n", different));
    }
}
