using System.Text;
using SerBench.Core.Results;

namespace SerBench.Results;

/// <summary>Read-only queries on an output folder's files, by path relative to it with '/' between folders.</summary>
internal static class FolderFiles
{
    /// <summary>Whether the file is SerBench's results.json: its first 4 KiB name a schemaVersion.</summary>
    public static bool IsSerBenchResults(string path)
    {
        if (!File.Exists(path))
        {
            return false;
        }

        using var stream = File.OpenRead(path);
        var start = new byte[4096];
        var read = stream.ReadAtLeast(start, start.Length, throwOnEndOfStream: false);
        return Encoding.UTF8.GetString(start, 0, read).Contains("\"schemaVersion\"", StringComparison.Ordinal);
    }

    /// <summary>Whether <paramref name="name"/> resolves inside <paramref name="root"/> without passing through a symbolic link (a link could lead anywhere).</summary>
    public static bool ThroughNoLink(string root, string name)
    {
        string path;
        try
        {
            path = OutputFolder.PathOf(root, name);
        }
        catch (Exception exception) when (exception is InvalidOperationException or ArgumentException)
        {
            return false;
        }

        for (var parent = Path.GetDirectoryName(path); parent is not null && parent.Length > root.Length; parent = Path.GetDirectoryName(parent))
        {
            if (new FileInfo(parent).LinkTarget is not null)
            {
                return false;
            }
        }

        return true;
    }

    public static Dictionary<string, (long, DateTime)> Files(string root, IReadOnlyList<string> names)
    {
        var files = new Dictionary<string, (long, DateTime)>(StringComparer.Ordinal);
        foreach (var name in names)
        {
            var path = Path.Combine(root, name);
            var found = File.Exists(path) ? [new FileInfo(path)]
                : System.IO.Directory.Exists(path) && new FileInfo(path).LinkTarget is null
                    ? new DirectoryInfo(path).EnumerateFiles("*", new EnumerationOptions { RecurseSubdirectories = true, AttributesToSkip = 0 })
                    : [];
            foreach (var file in found)
            {
                files[Path.GetRelativePath(root, file.FullName).Replace(Path.DirectorySeparatorChar, '/')] = (file.Length, file.LastWriteTimeUtc);
            }
        }

        return files;
    }

    public static List<string> TopLevelOf(IEnumerable<string> files) => [.. files.Select(TopOf).Distinct(StringComparer.Ordinal).Order(StringComparer.Ordinal)];

    public static string TopOf(string name) => name.Split('/')[0];
}
