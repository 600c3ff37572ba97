using System.Globalization;

namespace SerBench.Core.Packs;

internal enum PackOrigin
{
    BuiltIn,
    User,
}

/// <summary>A folder with <c>pack.json</c>, adapter sources and, for a code generator's items, a <c>pack.targets</c>.</summary>
internal sealed class Pack
{
    public const string TargetsFileName = "pack.targets";

    private Pack(string directory, PackManifest manifest, PackOrigin origin)
    {
        Directory = directory;
        Manifest = manifest;
        Origin = origin;
        Slug = Results.OutputFolder.Slug(Path.GetFileName(Path.TrimEndingDirectorySeparator(directory)));
    }

    public string Directory { get; }

    public PackManifest Manifest { get; }

    public PackOrigin Origin { get; }

    /// <summary>The agent keeps the pack under <c>packs/&lt;slug&gt;</c>.</summary>
    public string Slug { get; }

    /// <summary>With <paramref name="built"/>, an agent's copy, checked when the agent was built (<see cref="PackManifest.ReadBuilt"/>).</summary>
    public static Pack Load(string directory, PackOrigin origin, bool built = false)
    {
        var full = Path.GetFullPath(directory);
        if (File.Exists(full))
        {
            throw new PackException($"Pack folder '{directory}' is a file; give the folder that holds pack.json ('{Path.GetDirectoryName(full)}'), see docs/adding-a-library.md.");
        }

        if (!System.IO.Directory.Exists(full))
        {
            throw new PackException($"Pack folder '{directory}' does not exist. Give a folder that holds a pack.json (see docs/adding-a-library.md).");
        }

        var pack = new Pack(full, built ? PackManifest.ReadBuilt(full) : PackManifest.Read(full), origin);
        if (pack.NotCopyable() is { } problem)
        {
            throw new PackException($"Pack folder '{directory}': {problem}");
        }

        var files = pack.Files().Select(f => new FileInfo(f)).ToList();
        if (files.Count > MaximumFiles || files.Sum(f => f.Length) > MaximumBytes)
        {
            // Everything in the folder is hashed and copied into the agent build on every change: a pack is sources, not data.
            throw new PackException(string.Create(CultureInfo.InvariantCulture, $"Pack folder '{directory}' holds {files.Count:N0} files, {files.Sum(f => f.Length):N0} bytes; a pack may hold at most " +
                                    $"{MaximumFiles} files and {MaximumBytes / (1024 * 1024)} MB (its pack.json, sources and build files)."));
        }

        return pack;
    }

    private const int MaximumFiles = 500;
    private const long MaximumBytes = 16L * 1024 * 1024;

    /// <summary>Never bin/ or obj/.</summary>
    public IEnumerable<string> Files()
    {
        var options = new EnumerationOptions { RecurseSubdirectories = true, AttributesToSkip = FileAttributes.ReparsePoint | FileAttributes.Hidden, MaxRecursionDepth = 4 };
        return System.IO.Directory.EnumerateFiles(Directory, "*", options)
            .Where(f => !IsBuildOutput(Path.GetRelativePath(Directory, f)))
            .Order(StringComparer.Ordinal);
    }

    // The build copies regular files only: a linked pack.targets would vanish and fail later with an MSBuild error.
    private string? NotCopyable()
    {
        var options = new EnumerationOptions { RecurseSubdirectories = true, AttributesToSkip = FileAttributes.Hidden, MaxRecursionDepth = 4 };
        foreach (var entry in new DirectoryInfo(Directory).EnumerateFileSystemInfos("*", options))
        {
            var relative = Path.GetRelativePath(Directory, entry.FullName);
            if (IsBuildOutput(relative))
            {
                continue;
            }

            if (entry.LinkTarget is not null)
            {
                return $"'{relative}' is a symbolic link; a pack holds its files itself (copy the file into the pack folder).";
            }

            if (entry is FileInfo && SerBench.Core.Files.FileKind.NotRegular(entry.FullName) is { } kind)
            {
                return $"'{relative}' is {kind}; a pack holds regular files only (sources, pack.json, pack.targets).";
            }
        }

        return null;
    }

    private static bool IsBuildOutput(string relative)
    {
        var first = relative.Split(Path.DirectorySeparatorChar, Path.AltDirectorySeparatorChar)[0];
        return first is "bin" or "obj";
    }

    public override string ToString() => $"{Manifest.Library} ({Directory})";
}
