namespace SerBench.Results;

/// <summary>
/// The folders a run creates for its child processes (<c>isolated/001-…</c>), checked each time they are used: the output
/// folder was checked when the run took it, but a folder swapped for a symbolic link later would be written through.
/// </summary>
internal static class ChildFolders
{
    /// <summary>
    /// Creates <paramref name="folder"/> under <paramref name="root"/> one level at a time, refusing any level that is not a
    /// real folder, or that is missing although this run saw it (<paramref name="made"/>, updated here).
    /// </summary>
    public static void Create(string root, string folder, ISet<string> made) => Check(root, folder, made);

    /// <summary>Throws <see cref="OutputFolderChangedException"/> unless every level is still a real folder and <paramref name="file"/> (written there before) is still in it.</summary>
    public static void Check(string root, string folder, string file)
    {
        Check(root, folder, made: null);
        if (!File.Exists(file))
        {
            throw new OutputFolderChangedException($"'{folder}' was moved or deleted during the run (its '{Path.GetFileName(file)}' is gone)");
        }
    }

    private static void Check(string root, string folder, ISet<string>? made)
    {
        var relative = Path.GetRelativePath(root, folder);
        if (relative == ".." || relative.StartsWith(".." + Path.DirectorySeparatorChar, StringComparison.Ordinal) || Path.IsPathRooted(relative))
        {
            throw new InvalidOperationException($"'{folder}' is not inside the output folder '{root}'.");
        }

        var path = root;
        foreach (var level in (relative == "." ? [] : relative.Split(Path.DirectorySeparatorChar)).Prepend(""))
        {
            path = level.Length == 0 ? path : Path.Combine(path, level);
            var entry = new DirectoryInfo(path);
            if (entry.LinkTarget is not null)
            {
                throw new OutputFolderChangedException($"'{path}' became a symbolic link during the run; SerBench writes nothing through it");
            }

            if (entry.Exists)
            {
                continue;
            }

            if (File.Exists(path) || made is null || made.Contains(path))
            {
                throw new OutputFolderChangedException($"'{path}' was {(File.Exists(path) ? "replaced by a file" : "moved or deleted")} during the run");
            }

            entry.Create();
            made.Add(path);
        }
    }
}

/// <summary>The output folder, or a folder SerBench made in it, was moved, deleted or replaced while the run wrote it.</summary>
internal sealed class OutputFolderChangedException(string what)
    : Exception($"the output folder changed while the run wrote it: {what}.")
{
}
