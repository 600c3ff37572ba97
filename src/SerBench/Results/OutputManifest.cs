using System.Security.Cryptography;
using System.Text.Json;
using SerBench.Core.Results;

namespace SerBench.Results;

/// <summary>An output folder's <c>.serbench.json</c>: the files SerBench wrote there, each with its size and SHA-256, read as hostile.</summary>
internal static class OutputManifest
{
    // A folder with SerBench's results.json but no manifest predates the manifest: of a run's folders, only the names SerBench writes are its.
    public static Dictionary<string, FileStamp>? Read(string root, FileStream manifest, IReadOnlyList<string> entries)
    {
        if (manifest.Length == 0)
        {
            return FolderFiles.IsSerBenchResults(Path.Combine(root, "results.json"))
                ? Stamps(root, FolderFiles.Files(root, OutputFolderClaim.RunEntries).Keys.Where(name => OutputFolderClaim.IsSerBenchName(name, OutputFolderClaim.RunEntries)).Select(name => (name, (FileStamp?)null)))
                : null;
        }

        try
        {
            using var json = JsonDocument.Parse(manifest);
            var files = json.RootElement.ValueKind == JsonValueKind.Object && json.RootElement.TryGetProperty("files", out var listed) && listed.ValueKind == JsonValueKind.Array
                ? listed.EnumerateArray() : default;
            // A manifest is read like any file a folder came with (copied, forged): a file counts only inside the folder, and only while it
            // is what SerBench wrote; an older manifest's bare names count only where they are names SerBench writes.
            return Stamps(root, files.Select(file => file.ValueKind switch
            {
                JsonValueKind.String => (file.GetString()!, (FileStamp?)null),
                JsonValueKind.Object when file.TryGetProperty("path", out var path) && path.ValueKind == JsonValueKind.String
                                          && file.TryGetProperty("size", out var size) && size.ValueKind == JsonValueKind.Number && size.TryGetInt64(out var length)
                                          && file.TryGetProperty("sha256", out var hash) && hash.ValueKind == JsonValueKind.String
                    => (path.GetString()!, new FileStamp(length, default, hash.GetString()!)),
                _ => ("", null),
            }).Where(file => file.Item2 is not null || OutputFolderClaim.IsSerBenchName(file.Item1, entries)));
        }
        catch (JsonException)
        {
            // A damaged manifest still marks the folder as SerBench's; what it listed is left alone.
            return [];
        }
    }

    /// <summary>The listed files that are there, inside the folder, and (when recorded) of the recorded size and hash.</summary>
    private static Dictionary<string, FileStamp> Stamps(string root, IEnumerable<(string Name, FileStamp? Recorded)> files)
    {
        var owned = new Dictionary<string, FileStamp>(StringComparer.Ordinal);
        foreach (var (name, recorded) in files)
        {
            if (FolderFiles.ThroughNoLink(root, name) && Stamp(root, name) is { } stamp && (recorded is null || recorded.SameContent(stamp)))
            {
                owned[name] = stamp;
            }
        }

        return owned;
    }

    public static FileStamp? Stamp(string root, string name)
    {
        var file = new FileInfo(OutputFolder.PathOf(root, name));
        if (!file.Exists)
        {
            return null;
        }

        using var stream = file.OpenRead();
        return new FileStamp(file.Length, file.LastWriteTimeUtc, Convert.ToHexStringLower(SHA256.HashData(stream)));
    }

    /// <summary>Written through the locked handle (a rename would lose the lock); a torn manifest reads as one that lists nothing, which deletes nothing.</summary>
    public static void Write(FileStream manifest, IReadOnlyDictionary<string, FileStamp> owned)
    {
        var bytes = JsonSerializer.SerializeToUtf8Bytes(new Manifest([.. owned.OrderBy(f => f.Key, StringComparer.Ordinal).Select(f => new ManifestFile(f.Key, f.Value.Length, f.Value.Sha256))]));
        manifest.SetLength(0);
        manifest.Position = 0;
        manifest.Write(bytes);
        manifest.Flush(flushToDisk: true);
    }

    private sealed record Manifest([property: System.Text.Json.Serialization.JsonPropertyName("files")] IReadOnlyList<ManifestFile> Files);

    private sealed record ManifestFile(
        [property: System.Text.Json.Serialization.JsonPropertyName("path")] string Path,
        [property: System.Text.Json.Serialization.JsonPropertyName("size")] long Size,
        [property: System.Text.Json.Serialization.JsonPropertyName("sha256")] string Sha256);
}

/// <summary>A file as SerBench last saw it; <see cref="Written"/> only spares hashing a file that did not change.</summary>
internal sealed record FileStamp(long Length, DateTime Written, string Sha256)
{
    public bool SameContent(FileStamp other) => Length == other.Length && string.Equals(Sha256, other.Sha256, StringComparison.OrdinalIgnoreCase);
}
