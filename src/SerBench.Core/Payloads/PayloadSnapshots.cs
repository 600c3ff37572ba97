using System.Text;
using SerBench.Core.Files;

namespace SerBench.Core.Payloads;

/// <summary>
/// An agent's data, kept beside it (<c>agents/KEY/payloads</c>) as a line per object (<see cref="SnapshotRows{T}"/>):
/// Bogus' locales cost a process 0.3–0.6 s, paid once per agent instead (docs/performance.md#the-method). Every process, the
/// one that generated a snapshot included, uses objects read back from it, so no round times another allocation order.
/// </summary>
internal static class PayloadSnapshots
{
    // 10,000 Users are ~1.2 MB; a bigger file is not one this class wrote.
    private const long MaximumBytes = 64L * 1024 * 1024;

    /// <summary>Set by the agent's <c>Main</c>; null in SerBench's own process, which generates.</summary>
    public static string? Folder { get; set; }

    /// <summary>The model's data as <see cref="PayloadModel{T}.Generate"/> gives it, read from or written to <paramref name="folder"/>.</summary>
    public static T[] Load<T>(PayloadModel<T> model, int count, int seed, string? folder)
        where T : class
    {
        if (folder is null || model.Snapshot is not { } rows)
        {
            return model.Generate(count, seed);
        }

        var path = Path.Combine(folder, $"{model.Name}-{seed}-{count}.tsv");
        if (Read(path, rows) is { Length: var read } kept && read == count)
        {
            return kept;
        }

        var text = string.Concat(model.Generate(count, seed).Select(item => TabFields.Line(rows.Fields(item)) + "\n"));
        Write(path, Encoding.UTF8.GetBytes(text));
        return Parse(text, rows);
    }

    private static T[] Parse<T>(string text, SnapshotRows<T> rows)
        where T : class => [.. TabFields.Lines(text).Select(rows.Parse)];

    // Any file that does not parse is written again: it is a cache, never an input.
    private static T[]? Read<T>(string path, SnapshotRows<T> rows)
        where T : class
    {
        try
        {
            return File.Exists(path) ? Parse(Encoding.UTF8.GetString(InputFile.ReadAll(path, MaximumBytes, "a data snapshot")), rows) : null;
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException or FormatException or OverflowException)
        {
            return null;
        }
    }

    // Written whole under a temporary name and renamed, so a run beside this one never reads half a file.
    private static void Write(string path, byte[] bytes)
    {
        var temporary = $"{path}.{Environment.ProcessId}.tmp";
        try
        {
            Directory.CreateDirectory(Path.GetDirectoryName(path)!);
            File.WriteAllBytes(temporary, bytes);
            File.Move(temporary, path, overwrite: true);
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
        {
            // A read-only cache measures the same objects, only without the saving.
            if (File.Exists(temporary))
            {
                File.Delete(temporary);
            }
        }
    }
}
