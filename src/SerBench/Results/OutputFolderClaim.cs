using SerBench.Core.Agents;
using SerBench.Core.Results;
using SerBench.Core.Running;

namespace SerBench.Results;

/// <summary>The one output-folder policy: the folder held alone, written only when new, empty or SerBench's, and every file SerBench wrote recorded.</summary>
internal sealed class OutputFolderClaim : IDisposable
{
    /// <summary>The manifest: every file SerBench wrote in the folder, as paths relative to it with size and SHA-256; held locked while a command writes there.</summary>
    public const string ManifestName = ".serbench.json";

    /// <summary>The C# model SerBench inferred from the user's documents (<c>run --data</c>), for the user to read and keep.</summary>
    public const string ModelFileName = "model.cs";

    public static readonly IReadOnlyList<string> RunEntries =
        ["results.json", "results.csv", "report.md", "report.html", "charts", "benchmarkdotnet.log", "benchmarkdotnet", "isolated", "first-call", ModelFileName];

    private const string StagingPrefix = ".serbench-staging-";

    // Where each child process gets a folder of its own (AgentClient's for run and first-call, ConformanceCommand's).
    private static readonly string[] ChildFolders = ["isolated", "first-call", "conformance-children"];
    private const int MostNamesShown = 4;

    private readonly FileStream _manifest;
    private readonly IReadOnlyList<string> _entries;
    private readonly Dictionary<string, FileStamp> _owned;
    private readonly bool _created;
    private Dictionary<string, (long Length, DateTime Written)> _before;

    private OutputFolderClaim(string directory, string root, FileStream manifest, IReadOnlyList<string> entries, Dictionary<string, FileStamp> owned, bool force, bool created)
    {
        _created = created;
        Directory = directory;
        Root = root;
        _manifest = manifest;
        _entries = entries;
        _owned = owned;
        Force = force;
        _before = Snapshot();
    }

    /// <summary>The folder as the user named it, for messages.</summary>
    public string Directory { get; }

    public string Root { get; }

    /// <summary>Whether files of SerBench's names that SerBench did not write may be replaced.</summary>
    public bool Force { get; }

    /// <summary>Takes the folder for one command, creating it, or refuses in one line: another command writes there, it holds others' files, or (<see cref="FolderUse.NewResults"/>) earlier output.</summary>
    public static OutputFolderClaim Take(string directory, FolderUse use, IReadOnlyList<string> entries, bool force) =>
        TryTake(directory, use, entries, force, out var refusal) ?? throw new UsageException(refusal!);

    /// <summary><paramref name="baseName"/>, or -2, -3… when another command holds it or wrote there (two runs started in the same second).</summary>
    public static OutputFolderClaim TakeNew(string baseName, IReadOnlyList<string> entries)
    {
        for (var i = 1; ; i++)
        {
            if (TryTake(i == 1 ? baseName : $"{baseName}-{i}", FolderUse.NewResults, entries, force: false, out var refusal) is { } claim)
            {
                return claim;
            }

            if (i == 1000)
            {
                throw new UsageException(refusal!);
            }
        }
    }

    public static UsageException CannotWrite(string directory, Exception exception) =>
        new($"Cannot write to output folder '{directory}': {exception.Message} Choose another with --out DIR.");

    private static OutputFolderClaim? TryTake(string directory, FolderUse use, IReadOnlyList<string> entries, bool force, out string? refusal)
    {
        refusal = null;
        var root = Path.TrimEndingDirectorySeparator(Path.GetFullPath(directory));
        var manifestPath = Path.Combine(root, ManifestName);
        FileStream manifest;
        var created = !System.IO.Directory.Exists(root);
        try
        {
            System.IO.Directory.CreateDirectory(root);
            // FileShare.None is an exclusive lock on every OS .NET runs on (flock on Unix), released when the process ends however it ends.
            manifest = new FileStream(manifestPath, FileMode.OpenOrCreate, FileAccess.ReadWrite, FileShare.None);
        }
        catch (IOException) when (HeldByAnother(manifestPath))
        {
            refusal = $"Output folder '{directory}' is being written by another SerBench command. Wait for it to finish, or choose another folder with --out DIR.";
            return null;
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
        {
            throw CannotWrite(directory, exception);
        }

        try
        {
            RemoveStaleStaging(root);
            var owned = OutputManifest.Read(root, manifest, entries);
            refusal = Refusal(directory, root, use, entries, owned?.Keys, force);
            if (refusal is null)
            {
                var claim = new OutputFolderClaim(directory, root, manifest, entries, owned ?? new Dictionary<string, FileStamp>(StringComparer.Ordinal), force, created);
                if (use == FolderUse.NewResults && force)
                {
                    claim.DeleteOwned(_ => true);
                }

                claim.Commit();
                return claim;
            }
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
        {
            Release(manifest, manifestPath);
            throw CannotWrite(directory, exception);
        }

        Release(manifest, manifestPath);
        return null;
    }

    /// <summary>Whether another command holds the manifest: even a shared read is refused then, while a read-only folder still lets one read.</summary>
    private static bool HeldByAnother(string manifestPath)
    {
        try
        {
            using var reader = new FileStream(manifestPath, FileMode.Open, FileAccess.Read, FileShare.ReadWrite);
            return false;
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
        {
            return File.Exists(manifestPath);
        }
    }

    private static string? Refusal(string directory, string root, FolderUse use, IReadOnlyList<string> entries, IReadOnlyCollection<string>? owned, bool force)
    {
        if (force)
        {
            return null;
        }

        var present = TopLevel(root);
        if (owned is null)
        {
            return present.Count == 0 ? null
                : $"Output folder '{directory}' holds files SerBench did not write ({Names(present)}). Choose a new or empty folder with --out DIR, " +
                  "or add --force to write there anyway (files of the names SerBench writes are replaced; nothing else is deleted).";
        }

        if (use == FolderUse.NewResults && owned.Count > 0)
        {
            var what = owned.Contains("results.json") ? "results from an earlier run" : $"SerBench's files from an earlier command ({Names(FolderFiles.TopLevelOf(owned))})";
            return $"Output folder '{directory}' already holds {what}. Choose a new folder with --out DIR, " +
                   "or add --force to replace them (only the files SerBench wrote there are deleted).";
        }

        var foreign = entries.Where(name => File.Exists(Path.Combine(root, name)) && !owned.Contains(name)).ToList();
        return foreign.Count == 0 ? null
            : $"Output folder '{directory}' holds {Names(foreign)}, which SerBench did not write. Move it away, choose another folder with --out DIR, or add --force to replace it.";
    }

    /// <summary>The names SerBench writes: results and reports, charts, and its children's files; what a user keeps beside them never is.</summary>
    internal static bool IsSerBenchName(string name, IReadOnlyList<string> entries) => name.Split('/') switch
    {
        [var file] => entries.Contains(file, StringComparer.Ordinal) || RunEntries.Contains(file, StringComparer.Ordinal),
        ["charts", var chart] => chart.EndsWith(".svg", StringComparison.Ordinal) || chart.EndsWith(".vl.json", StringComparison.Ordinal),
        ["benchmarkdotnet", .. var artifacts] => IsBenchmarkDotNetArtifact(artifacts),
        [var children, var child, .. var inside] when ChildFolders.Contains(children, StringComparer.Ordinal)
                                                    && child.IndexOf('-', StringComparison.Ordinal) is >= 3 and var dash && child[..dash].All(char.IsAsciiDigit) =>
            inside is [AgentRequestCodec.FileName or AgentReply.FileName or "console.log" or "benchmarkdotnet.log"]
            || (inside is ["benchmarkdotnet", .. var artifacts] && IsBenchmarkDotNetArtifact(artifacts)),
        _ => false,
    };

    // BenchmarkDotNet's log and its results/ exports, in the folder given as its artifacts path.
    private static bool IsBenchmarkDotNetArtifact(string[] path) => path is ["results", _] || (path is [var log] && log.EndsWith(".log", StringComparison.Ordinal));

    /// <summary>The folder holds the old set or the new (staged inside it, every target checked first); SerBench's files of <paramref name="replaced"/> it lacks go.</summary>
    public void WriteSet(IReadOnlyList<string> replaced, Action<string> write, CancellationToken stop = default)
    {
        var staging = System.IO.Directory.CreateDirectory(Path.Combine(Root, StagingPrefix + Guid.NewGuid().ToString("N")[..12])).FullName;
        try
        {
            write(staging);
            stop.ThrowIfCancellationRequested();
            var staged = FolderFiles.Files(staging, [.. new DirectoryInfo(staging).GetFileSystemInfos().Select(e => e.Name)]).Keys.ToList();
            foreach (var name in staged)
            {
                CheckReplaceable(name);
            }

            stop.ThrowIfCancellationRequested();
            foreach (var name in staged)
            {
                var target = OutputFolder.PathOf(Root, name);
                System.IO.Directory.CreateDirectory(Path.GetDirectoryName(target)!);
                File.Move(Path.Combine(staging, name), target, overwrite: true);
                _owned[name] = OutputManifest.Stamp(Root, name)!;
            }

            var kept = staged.ToHashSet(StringComparer.Ordinal);
            DeleteOwned(name => replaced.Contains(FolderFiles.TopOf(name), StringComparer.Ordinal) && !kept.Contains(name));
        }
        finally
        {
            TryDelete(staging);
            Commit();
        }
    }

    private void CheckReplaceable(string name)
    {
        var target = OutputFolder.PathOf(Root, name);
        if (System.IO.Directory.Exists(target))
        {
            throw new IOException($"Cannot write '{target}': a folder of that name is in the way.");
        }

        for (var parent = Path.GetDirectoryName(target); parent is not null && parent.Length > Root.Length; parent = Path.GetDirectoryName(parent))
        {
            if (File.Exists(parent))
            {
                throw new IOException($"Cannot write '{parent}/': a file of that name is in the way.");
            }
        }

        if (!FolderFiles.ThroughNoLink(Root, name))
        {
            throw new IOException($"Cannot write '{target}': a folder on the way is a symbolic link, which could lead out of the output folder.");
        }

        if (!File.Exists(target))
        {
            return;
        }

        if (!Force && !_owned.ContainsKey(name))
        {
            throw new UsageException($"Output folder '{Directory}' holds '{name}', which SerBench did not write. Move it away, choose another folder with --out DIR, or add --force to replace it.");
        }

        if (File.GetAttributes(target).HasFlag(FileAttributes.ReadOnly))
        {
            throw new UnauthorizedAccessException($"Cannot replace '{target}': it is read-only.");
        }
    }

    /// <summary>Records every file under the command's names that is new or changed since the last commit; a file the user left unchanged stays the user's.</summary>
    public void Commit()
    {
        var now = Snapshot();
        foreach (var (name, state) in now)
        {
            if ((!_before.TryGetValue(name, out var earlier) || earlier != state) && OutputManifest.Stamp(Root, name) is { } stamp)
            {
                _owned[name] = stamp;
            }
        }

        foreach (var name in _owned.Keys.Where(name => !File.Exists(Path.Combine(Root, name))).ToList())
        {
            _owned.Remove(name);
        }

        _before = now;
        OutputManifest.Write(_manifest, _owned);
    }

    /// <summary>Records what the command wrote, and lets the next command take the folder; a command that wrote nothing leaves it as it found it.</summary>
    public void Dispose()
    {
        try
        {
            Commit();
            if (_owned.Count == 0)
            {
                File.Delete(Path.Combine(Root, ManifestName));
                _manifest.Dispose();
                if (_created && TopLevel(Root).Count == 0)
                {
                    System.IO.Directory.Delete(Root);
                }
            }
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
        {
            // The folder went away or became read-only; what was written is still there, only not recorded.
        }

        _manifest.Dispose();
    }

    private void DeleteOwned(Func<string, bool> which)
    {
        foreach (var name in _owned.Keys.Where(which).ToList())
        {
            if (!FolderFiles.ThroughNoLink(Root, name))
            {
                continue;
            }

            // Changed since SerBench wrote it: the user's now, kept.
            if (!StillAsWritten(name))
            {
                _owned.Remove(name);
                continue;
            }

            var path = OutputFolder.PathOf(Root, name);
            File.Delete(path);
            _owned.Remove(name);
            // A folder left empty by SerBench's files goes too; one holding the user's files stays.
            for (var parent = Path.GetDirectoryName(path); parent is not null && parent.Length > Root.Length && System.IO.Directory.Exists(parent)
                 && !System.IO.Directory.EnumerateFileSystemEntries(parent).Any(); parent = Path.GetDirectoryName(parent))
            {
                System.IO.Directory.Delete(parent);
            }
        }
    }

    private bool StillAsWritten(string name)
    {
        var file = new FileInfo(OutputFolder.PathOf(Root, name));
        var recorded = _owned[name];
        return file.Exists && ((file.Length, file.LastWriteTimeUtc) == (recorded.Length, recorded.Written) || OutputManifest.Stamp(Root, name) is { } now && recorded.SameContent(now));
    }

    private Dictionary<string, (long, DateTime)> Snapshot() => FolderFiles.Files(Root, _entries);

    /// <summary>The folder's entries, without SerBench's own bookkeeping (manifest, lock, staging folders).</summary>
    private static List<string> TopLevel(string root) =>
    [
        .. System.IO.Directory.EnumerateFileSystemEntries(root).Select(Path.GetFileName).OfType<string>()
            .Where(name => name is not ManifestName && !name.StartsWith(StagingPrefix, StringComparison.Ordinal))
            .Order(StringComparer.Ordinal),
    ];

    private static string Names(IReadOnlyList<string> names) =>
        string.Join(", ", names.Take(MostNamesShown)) + (names.Count > MostNamesShown ? $" and {names.Count - MostNamesShown} more" : "");


    /// <summary>Staging folders and half-written results a stopped or killed command left; taken only while holding the lock, so none is in use.</summary>
    private static void RemoveStaleStaging(string root)
    {
        foreach (var staging in System.IO.Directory.GetDirectories(root, StagingPrefix + "*"))
        {
            TryDelete(staging);
        }

        foreach (var temporary in System.IO.Directory.GetFiles(root, ResultsStore.TemporaryPattern).Where(ResultsStore.IsTemporary))
        {
            File.Delete(temporary);
        }
    }

    private static void TryDelete(string directory)
    {
        try
        {
            System.IO.Directory.Delete(directory, recursive: true);
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
        {
            // A leftover staging folder is harmless; the next command that takes the folder removes it.
        }
    }

    /// <summary>Lets go of a folder it was refused: a manifest it created for nothing is deleted, so a refusal leaves the folder as it was.</summary>
    private static void Release(FileStream manifest, string manifestPath)
    {
        if (manifest.Length == 0)
        {
            File.Delete(manifestPath);
        }

        manifest.Dispose();
    }
}
