using System.Security.Cryptography;

namespace SerBench.AgentBuilds;

internal sealed record AgentFile(string Path, long Bytes, string Sha256);

/// <summary>A truncated assembly or a deleted dependency of a built agent shows before the agent is reused.</summary>
internal static class AgentFingerprint
{
    public static List<AgentFile> Record(string root, string folder) =>
        [.. Directory.EnumerateFiles(folder, "*", SearchOption.AllDirectories).Order(StringComparer.Ordinal)
            .Select(file => new AgentFile(Path.GetRelativePath(root, file).Replace('\\', '/'), new FileInfo(file).Length, Hash(file)))];

    /// <summary>What differs ("bin/Newtonsoft.Json.dll is missing"), or null.</summary>
    public static string? Damage(string root, IReadOnlyList<AgentFile>? files)
    {
        if (files is null or { Count: 0 })
        {
            return "build.json records none of its files";
        }

        foreach (var file in files)
        {
            var path = Path.Combine(root, file.Path);
            if (file.Path.Contains("..", StringComparison.Ordinal) || Path.IsPathRooted(file.Path) || !File.Exists(path))
            {
                return $"{file.Path} is missing";
            }

            if (new FileInfo(path).Length != file.Bytes || Hash(path) != file.Sha256)
            {
                return $"{file.Path} is not the file that was built";
            }
        }

        return null;
    }

    private static string Hash(string path)
    {
        using var stream = File.OpenRead(path);
        return Convert.ToHexString(SHA256.HashData(stream)).ToLowerInvariant();
    }
}
