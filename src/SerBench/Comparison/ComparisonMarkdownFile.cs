using SerBench.Core.Running;

namespace SerBench.Comparison;

/// <summary>Never over a compared file, nor a file that is not an earlier comparison unless forced; written then renamed, so the old file survives a failure.</summary>
internal static class ComparisonMarkdownFile
{
    public static void Check(string target, IEnumerable<string> inputs, bool force)
    {
        var full = Path.GetFullPath(target);
        if (Directory.Exists(full))
        {
            throw new UsageException($"--markdown '{target}' is a folder; give a file name, e.g. --markdown {Path.Combine(target, "compare.md")}.");
        }

        var folder = Path.GetDirectoryName(full)!;
        if (!Directory.Exists(folder))
        {
            throw new UsageException($"--markdown '{target}': the folder '{folder}' does not exist; create it or choose another file.");
        }

        RefuseAnythingButARegularFile(target, full);
        if (inputs.Any(input => SameFile(input, full)))
        {
            throw new UsageException($"--markdown '{target}' is one of the files being compared; choose another file for the comparison.");
        }

        if (File.Exists(full) && !force && !IsComparison(full))
        {
            throw new UsageException($"--markdown '{target}' exists and is not a SerBench comparison; choose another file, or add --force to replace it.");
        }
    }

    public static void Write(ComparisonReport report, string basePath, string newPath, string target)
    {
        var full = Path.GetFullPath(target);
        RefuseAnythingButARegularFile(target, full);
        var temporary = full + "." + Guid.NewGuid().ToString("N")[..8] + ".tmp";
        try
        {
            using (var writer = new StreamWriter(temporary))
            {
                ComparisonTables.WriteMarkdown(report, basePath, newPath, writer);
            }

            File.Move(temporary, full, overwrite: true);
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
        {
            File.Delete(temporary);
            throw new UsageException($"Cannot write --markdown '{target}': {exception.Message}");
        }
    }

    // A rename would put a regular file where a link or device was (as root, --markdown /dev/stdout --force): --force covers regular files only.
    private static void RefuseAnythingButARegularFile(string target, string full)
    {
        var kind = new FileInfo(full).LinkTarget is not null ? "a symbolic link" : Core.Files.FileKind.NotRegular(full);
        if (kind is not null)
        {
            throw new UsageException($"--markdown '{target}' is {kind}; SerBench replaces only a regular file (not even with --force). Give a file name that is free or a regular file.");
        }
    }

    // A link to an input is the input.
    private static bool SameFile(string input, string full) =>
        string.Equals(Resolve(Path.GetFullPath(input)), Resolve(full), OperatingSystem.IsLinux() ? StringComparison.Ordinal : StringComparison.OrdinalIgnoreCase);

    private static string Resolve(string path)
    {
        try
        {
            return File.Exists(path) ? new FileInfo(path).ResolveLinkTarget(returnFinalTarget: true)?.FullName ?? path : path;
        }
        catch (IOException)
        {
            return path;
        }
    }

    private static bool IsComparison(string path)
    {
        try
        {
            using var reader = new StreamReader(path);
            return reader.ReadLine() == ComparisonTables.MarkdownHeading;
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
        {
            return false;
        }
    }
}
