using System.Diagnostics;
using System.Text.Json;
using SerBench.Core.Packs;
using SerBench.Core.Running;

namespace SerBench.AgentBuilds;

/// <summary>One folder per key, a <c>.lock</c> while in use and a <c>.building</c> folder during a build; a killed build's leftovers are pruned.</summary>
internal static class AgentCache
{
    private static readonly TimeSpan LockTimeout = TimeSpan.FromMinutes(30);

    /// <summary>Agents kept besides the newest: each is about 40 MB, and every change of sources or packs makes a new one.</summary>
    private const int AgentsKept = 4;

    public const string BuildingSuffix = ".building";

    public static IDisposable Lock(string root, string key)
    {
        var waited = Stopwatch.StartNew();
        while (true)
        {
            try
            {
                Directory.CreateDirectory(root);
                return TryLock(Path.Combine(root, key + ".lock")) ?? throw new IOException("locked");
            }
            catch (IOException) when (waited.Elapsed < LockTimeout && IsLocked(Path.Combine(root, key + ".lock")))
            {
                // Another SerBench is building the same agent: wait for it, then reuse what it built.
                Thread.Sleep(500);
            }
            catch (Exception exception) when (exception is UnauthorizedAccessException or IOException)
            {
                throw Unwritable(root, exception);
            }
        }
    }

    public static PackException Unwritable(string root, Exception exception) =>
        new($"the agent cache '{root}' cannot be written ({ExceptionText.FirstLine(exception.Message)}); point SERBENCH_CACHE at a folder you can write, e.g. SERBENCH_CACHE=$HOME/.cache/serbench.");

    // Deleted when released, so only a killed process leaves one.
    private static FileStream? TryLock(string path)
    {
        try
        {
            return new FileStream(path, FileMode.OpenOrCreate, FileAccess.ReadWrite, FileShare.None, 1, FileOptions.DeleteOnClose);
        }
        catch (IOException) when (IsLocked(path))
        {
            return null;
        }
    }

    // Tells a held lock from a folder that cannot be written.
    private static bool IsLocked(string path)
    {
        if (!File.Exists(path))
        {
            return false;
        }

        try
        {
            using var probe = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.ReadWrite);
            return false;
        }
        catch (IOException)
        {
            return true;
        }
        catch (UnauthorizedAccessException)
        {
            return false;
        }
    }

    /// <summary>Deletes agents beyond the most recently used few when unused for a day, and what killed builds left.</summary>
    public static void Prune(string root, string? current)
    {
        if (!Directory.Exists(root))
        {
            return;
        }

        var folders = new DirectoryInfo(root).EnumerateDirectories().ToList();
        var stale = folders.Where(d => !d.Name.Contains('.', StringComparison.Ordinal) && d.FullName != current)
            .OrderByDescending(d => d.LastWriteTimeUtc)
            .Skip(AgentsKept)
            .Where(d => d.LastWriteTimeUtc < DateTime.UtcNow.AddDays(-1));
        foreach (var directory in stale)
        {
            TryDelete(directory);
        }

        foreach (var building in folders.Where(d => d.Name.EndsWith(BuildingSuffix, StringComparison.Ordinal)))
        {
            using var held = TryLockQuietly(Path.Combine(root, building.Name[..^BuildingSuffix.Length] + ".lock"));
            if (held is not null)
            {
                TryDelete(building);
            }
        }

        foreach (var lockFile in Directory.EnumerateFiles(root, "*.lock"))
        {
            // Taking a lock no one holds deletes it on release.
            using var held = TryLockQuietly(lockFile);
        }
    }

    private static FileStream? TryLockQuietly(string path)
    {
        try
        {
            return TryLock(path);
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
        {
            return null; // Not ours to clean: it stays.
        }
    }

    public static void TryDelete(DirectoryInfo directory)
    {
        try
        {
            directory.Delete(recursive: true);
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
        {
            // In use or not ours to delete: it stays until a later build.
        }
    }

    public static readonly JsonSerializerOptions RecordOptions = new()
    {
        WriteIndented = true,
        PropertyNamingPolicy = JsonNamingPolicy.CamelCase,
        Converters = { new System.Text.Json.Serialization.JsonStringEnumConverter(JsonNamingPolicy.KebabCaseLower) },
    };

    /// <summary>Null when the record does not read or a file differs; damage is reported through <paramref name="log"/>.</summary>
    public static AgentBuild? TryRead(string directory, Action<string> log)
    {
        var path = Path.Combine(directory, AgentBuild.RecordFileName);
        if (!File.Exists(path))
        {
            return null;
        }

        try
        {
            var build = JsonSerializer.Deserialize<AgentBuild>(Core.Files.InputFile.ReadAll(path, 1024 * 1024, "an agent's build record"), RecordOptions);
            if (build?.AgentAssembly is not { } relative)
            {
                return build;
            }

            if (AgentFingerprint.Damage(directory, build.Files) is { } damage)
            {
                log($"the cached agent in {directory} is damaged ({damage}); building it again");
                return null;
            }

            return build with { AgentAssembly = Path.Combine(directory, relative) };
        }
        catch (Exception exception) when (exception is JsonException or IOException or UnauthorizedAccessException)
        {
            log($"the cached agent in {directory} cannot be read ({ExceptionText.FirstLine(exception.Message)}); building it again");
            return null;
        }
    }

    // The folder's time says when an agent was last used, so pruning keeps the ones in use.
    public static void Touch(string directory)
    {
        try
        {
            Directory.SetLastWriteTimeUtc(directory, DateTime.UtcNow);
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
        {
            // Not ours to write: the agent is used all the same.
        }
    }
}
