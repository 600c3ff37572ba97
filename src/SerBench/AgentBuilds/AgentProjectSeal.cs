namespace SerBench.AgentBuilds;

/// <summary>MSBuild, NuGet and the SDK search every folder above, so a cache in a repository would take its package versions or analyzers.</summary>
internal static class AgentProjectSeal
{
    private const string Empty = "<Project>\n  <!-- SerBench's agent build: nothing from the folders around the cache. -->\n</Project>\n";

    private static readonly (string Name, string Text)[] Files =
    [
        ("Directory.Build.props", "<Project>\n  <PropertyGroup>\n    <ManagePackageVersionsCentrally>false</ManagePackageVersionsCentrally>\n" +
                                  "    <ImportDirectoryPackagesProps>false</ImportDirectoryPackagesProps>\n  </PropertyGroup>\n</Project>\n"),
        ("Directory.Build.targets", Empty),
        ("Directory.Packages.props", Empty),
        ("Directory.Build.rsp", "# SerBench's agent build: no response file from the folders around the cache.\n"),
        // Any installed SDK, the newest: an outer global.json may pin one that is not installed, or an older one.
        ("global.json", "{ \"sdk\": { \"rollForward\": \"latestMajor\", \"allowPrerelease\": true } }\n"),
        (".editorconfig", "root = true\n"),
    ];

    public static void Write(string folder)
    {
        Directory.CreateDirectory(folder);
        foreach (var (name, text) in Files)
        {
            File.WriteAllText(Path.Combine(folder, name), text);
        }
    }
}
