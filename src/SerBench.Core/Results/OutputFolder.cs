using System.Security.Cryptography;
using System.Text;

namespace SerBench.Results;

/// <summary>
/// The folder a run or a report writes into. Names that come from results files (study, contender, payload) become
/// file names only through <see cref="Slug"/>, and every path is checked to resolve inside the folder, so a hostile
/// file cannot make SerBench write anywhere else.
/// </summary>
public static class OutputFolder
{
    /// <summary>What <c>serbench run</c> writes into its folder; <c>--force</c> clears these and nothing else.</summary>
    public static readonly IReadOnlyList<string> RunEntries =
        ["results.json", "results.csv", "report.md", "report.html", "charts", "benchmarkdotnet.log", "benchmarkdotnet", "isolated", "first-call", ModelFileName];

    /// <summary>The C# model SerBench inferred from the user's documents (<c>run --data</c>), for the user to read and keep.</summary>
    public const string ModelFileName = "model.cs";

    private const string StagingPrefix = ".serbench-staging-";

    /// <summary>
    /// A file-name-safe form of <paramref name="name"/>: lower-case ASCII letters, digits and single hyphens, at most 60
    /// characters. A name that had to change gets a short hash of the original, so two names never share a slug.
    /// </summary>
    public static string Slug(string name)
    {
        var slug = new StringBuilder(name.Length);
        foreach (var c in name)
        {
            if (char.IsAsciiLetterOrDigit(c))
            {
                slug.Append(char.ToLowerInvariant(c));
            }
            else if (slug.Length > 0 && slug[^1] != '-')
            {
                slug.Append('-');
            }
        }

        var text = slug.ToString().TrimEnd('-');
        text = text.Length > 60 ? text[..60].TrimEnd('-') : text;
        if (text == name && text.Length > 0)
        {
            return text;
        }

        var hash = Convert.ToHexString(SHA256.HashData(Encoding.UTF8.GetBytes(name))).ToLowerInvariant()[..8];
        return text.Length == 0 ? hash : text + "-" + hash;
    }

    /// <summary>The full path of <paramref name="relative"/> inside <paramref name="folder"/>; throws if it would resolve outside.</summary>
    public static string PathOf(string folder, string relative)
    {
        var root = Path.TrimEndingDirectorySeparator(Path.GetFullPath(folder));
        var full = Path.GetFullPath(Path.Combine(root, relative));
        if (!full.StartsWith(root + Path.DirectorySeparatorChar, StringComparison.Ordinal))
        {
            throw new InvalidOperationException($"'{relative}' would be written outside the output folder '{root}'.");
        }

        return full;
    }

    /// <summary>True when the folder holds anything a previous <c>serbench run</c> wrote.</summary>
    public static bool HoldsRunOutput(string folder) => RunEntries.Any(entry => Path.Exists(Path.Combine(folder, entry)));

    /// <summary>Deletes what a previous run wrote (see <see cref="RunEntries"/>) and nothing else.</summary>
    public static void ClearRunOutput(string folder)
    {
        foreach (var entry in RunEntries.Select(e => PathOf(folder, e)).Concat(Directory.Exists(folder) ? Directory.GetDirectories(folder, StagingPrefix + "*") : []))
        {
            if (Directory.Exists(entry))
            {
                Directory.Delete(entry, recursive: true);
            }
            else if (File.Exists(entry))
            {
                File.Delete(entry);
            }
        }
    }

    /// <summary>
    /// Writes a set of files into <paramref name="folder"/> so that it holds either the previous set or the new one,
    /// never a mix: <paramref name="write"/> fills a staging folder beside them (same file system, so moves are renames);
    /// every destination is checked before the first move, and a failure before that leaves the folder untouched.
    /// Top-level folders in the set (charts/) replace the old folder whole, so no stale file survives.
    /// </summary>
    /// <param name="folder">The output folder.</param>
    /// <param name="replaced">Top-level names of the set that must disappear when the new set lacks them.</param>
    /// <param name="write">Writes the new set into the staging folder it is given.</param>
    public static void WriteSet(string folder, IReadOnlyList<string> replaced, Action<string> write)
    {
        var root = Path.GetFullPath(folder);
        Directory.CreateDirectory(root);
        var staging = Directory.CreateDirectory(Path.Combine(root, StagingPrefix + Guid.NewGuid().ToString("N")[..12])).FullName;
        try
        {
            write(staging);
            var entries = new DirectoryInfo(staging).GetFileSystemInfos();
            var names = entries.Select(e => e.Name).Union(replaced, StringComparer.Ordinal).ToList();
            foreach (var name in names)
            {
                CheckReplaceable(root, name, entries.FirstOrDefault(e => e.Name == name));
            }

            var retired = Path.Combine(staging, ".retired");
            Directory.CreateDirectory(retired);
            foreach (var name in names)
            {
                var target = PathOf(root, name);
                var staged = Path.Combine(staging, name);
                if (Directory.Exists(target))
                {
                    Directory.Move(target, Path.Combine(retired, name));
                }

                if (Directory.Exists(staged))
                {
                    Directory.Move(staged, target);
                }
                else if (File.Exists(staged))
                {
                    File.Move(staged, target, overwrite: true);
                }
                else if (File.Exists(target))
                {
                    File.Delete(target);
                }
            }
        }
        finally
        {
            TryDelete(staging);
        }
    }

    private static void CheckReplaceable(string root, string name, FileSystemInfo? staged)
    {
        var target = PathOf(root, name);
        if (staged is FileInfo && Directory.Exists(target))
        {
            throw new IOException($"Cannot write '{target}': a folder of that name is in the way.");
        }

        if (staged is DirectoryInfo && File.Exists(target))
        {
            throw new IOException($"Cannot write '{target}/': a file of that name is in the way.");
        }

        if (File.Exists(target) && File.GetAttributes(target).HasFlag(FileAttributes.ReadOnly))
        {
            throw new UnauthorizedAccessException($"Cannot replace '{target}': it is read-only.");
        }
    }

    private static void TryDelete(string directory)
    {
        try
        {
            Directory.Delete(directory, recursive: true);
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
        {
            // A leftover staging folder is harmless; 'run --force' clears it.
        }
    }
}
