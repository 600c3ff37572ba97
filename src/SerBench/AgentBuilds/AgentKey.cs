using System.Security.Cryptography;
using System.Text;
using SerBench.Core.Packs;
using SerBench.Core.Running;

namespace SerBench.AgentBuilds;

internal static class AgentKey
{
    // A pack holds at most 16 MB in all; a NuGet configuration is a few KB.
    private const long MaxHashedFileBytes = 64L * 1024 * 1024;

    /// <summary>A SHA-256 over everything the build depends on; the sources are the measuring core only, so a report or CLI edit keeps the key.</summary>
    public static string Compute(string sourceDirectory, RuntimeTarget runtime, IReadOnlyList<Pack> packs, string[] slugs,
        IReadOnlyDictionary<string, string> modelSources, IReadOnlyList<string> packageSources, IReadOnlyDictionary<string, string>? versions = null)
    {
        using var hash = IncrementalHash.CreateHash(HashAlgorithmName.SHA256);
        void Add(string text) => hash.AppendData(Encoding.UTF8.GetBytes(text + "\n"));
        void AddFile(string label, string path)
        {
            Add(label);
            try
            {
                hash.AppendData(Core.Files.InputFile.ReadAll(path, MaxHashedFileBytes, "a file of the agent's sources"));
            }
            catch (Core.Files.InputFileException exception)
            {
                throw new PackException($"'{path}' {exception.Message}.");
            }
        }

        Add("serbench-agent/6");
        Add(Environment.Version.ToString());
        Add(System.Runtime.InteropServices.RuntimeInformation.RuntimeIdentifier);
        Add("runtime:" + runtime.Name);
        if (!Directory.Exists(sourceDirectory))
        {
            throw new PackException($"SerBench's agent sources are missing: '{sourceDirectory}' does not exist; reinstall SerBench (the tool package carries them).");
        }

        foreach (var file in SourceFiles(sourceDirectory))
        {
            AddFile("src:" + Path.GetRelativePath(sourceDirectory, file).Replace('\\', '/'), file);
        }

        for (var i = 0; i < packs.Count; i++)
        {
            foreach (var file in packs[i].Files())
            {
                AddFile($"pack:{slugs[i]}:" + Path.GetRelativePath(packs[i].Directory, file).Replace('\\', '/'), file);
            }
        }

        foreach (var (name, source) in modelSources.OrderBy(m => m.Key, StringComparer.Ordinal))
        {
            Add("model:" + name);
            Add(source);
        }

        foreach (var source in packageSources)
        {
            Add("source:" + source);
        }

        foreach (var (id, version) in (versions ?? new Dictionary<string, string>()).OrderBy(v => v.Key, StringComparer.OrdinalIgnoreCase))
        {
            Add($"version:{id.ToLowerInvariant()}={version}");
        }

        // A source added to the user's NuGet configuration must be tried again, not answered from the cache.
        foreach (var config in NuGetConfigFiles())
        {
            AddFile("config:" + config, config);
        }

        return Convert.ToHexString(hash.GetHashAndReset()).ToLowerInvariant()[..16];
    }

    public static IEnumerable<string> SourceFiles(string sourceDirectory) =>
        Directory.EnumerateFiles(sourceDirectory, "*", SearchOption.AllDirectories).Order(StringComparer.Ordinal);

    /// <summary>The nearest nuget.config above the current folder, else the user's own.</summary>
    private static IEnumerable<string> NuGetConfigFiles()
    {
        if (NearestNuGetConfig() is { } nearest)
        {
            yield return nearest;
        }

        var user = Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.ApplicationData), "NuGet", "NuGet.Config");
        if (File.Exists(user))
        {
            yield return user;
        }
    }

    public static string[] ConfigFileArguments() => NearestNuGetConfig() is { } config ? ["--configfile", config] : [];

    private static string? NearestNuGetConfig()
    {
        for (var directory = new DirectoryInfo(Environment.CurrentDirectory); directory is not null; directory = directory.Parent)
        {
            foreach (var name in new[] { "nuget.config", "NuGet.config", "NuGet.Config" })
            {
                var path = Path.Combine(directory.FullName, name);
                if (File.Exists(path))
                {
                    return path;
                }
            }
        }

        return null;
    }
}
