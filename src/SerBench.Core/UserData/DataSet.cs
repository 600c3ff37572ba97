using System.Globalization;
using System.Text.Json;
using SerBench.Core.Payloads;
using SerBench.Core.Running;

namespace SerBench.Core.UserData;

/// <summary>
/// One case of <c>run --data</c>: a document, or the documents of one shape in one folder (<see cref="DataCaseRule"/>), each
/// checked strict RFC 8259 before anything runs (a leading byte order mark is dropped). Documents whose shapes fit together
/// (<see cref="ShapeGroups"/>) share one <see cref="Model"/>, whichever cases they are in.
/// </summary>
internal sealed class DataSet
{
    // Every contender holds the file, its output and its DOM in memory.
    public const long MaxFileBytes = 256L * 1024 * 1024;

    // Every process that measures the documents reads them all.
    public const int MaxDocuments = 10_000;

    public const long MaxTotalBytes = 1024L * 1024 * 1024;

    private DataSet(string name, string model, IReadOnlyList<string> files, IReadOnlyList<JsonData> documents)
    {
        Name = name;
        Model = model;
        Files = files;
        Documents = documents;
    }

    /// <summary>The case's name in reports: <c>twitter.json (617 KB)</c>, or <c>orders (12 files, 48 KB)</c>; only letters, digits and <c>.-_</c> from file names.</summary>
    public string Name { get; }

    /// <summary>The name of the model of its documents' shape, in lower-case ASCII letters, digits and hyphens.</summary>
    public string Model { get; }

    /// <summary>Full paths: a child process reads them again to build the same case.</summary>
    public IReadOnlyList<string> Files { get; }

    public IReadOnlyList<JsonData> Documents { get; }

    /// <summary>Each document's <see cref="Fingerprint"/>, computed once: every child's request carries them.</summary>
    public IReadOnlyList<string> Fingerprints => _fingerprints ??= [.. Documents.Select(Fingerprint)];

    private IReadOnlyList<string>? _fingerprints;

    public long TotalBytes => Documents.Sum(d => (long)d.Utf8.Length);

    /// <summary>Every <c>--data</c> path's documents, as cases by <paramref name="rule"/>, each with the model of its shape.</summary>
    /// <exception cref="UsageException">One line: the file, the line and column, what is wrong.</exception>
    public static IReadOnlyList<DataSet> LoadAll(IReadOnlyList<string> paths, DataCaseRule rule = DataCaseRule.Auto)
    {
        var given = paths.Select(path => (Path: path, Full: System.IO.Path.GetFullPath(path), Files: FilesOf(path))).ToList();
        if (given.GroupBy(g => g.Full, StringComparer.Ordinal).FirstOrDefault(g => g.Count() > 1) is { } repeated)
        {
            throw new UsageException($"--data {repeated.Key} is given twice; give each file or folder once.");
        }

        var documents = new List<(int Given, string File, JsonData Document)>();
        var read = 0L;
        foreach (var (g, index) in given.Select((g, i) => (g, i)))
        {
            CheckTotal(g.Path, g.Files.Sum(f => new FileInfo(f).Length));
            foreach (var file in g.Files)
            {
                documents.Add((index, file, new JsonData(System.IO.Path.GetFileName(file), Read(g.Path, file))));
                CheckTotal(g.Path, read += documents[^1].Document.Utf8.Length);
            }
        }

        var groups = ShapeGroups.Of([.. documents.Select(d => d.Document)]);
        var modelNames = new List<string>();
        var modelOf = new Dictionary<int, string>();
        foreach (var group in groups)
        {
            var first = documents[group[0]];
            var wholeFolder = Directory.Exists(given[first.Given].Full) && group.Count == given[first.Given].Files.Length && group.All(i => documents[i].Given == first.Given);
            var model = UniqueName(Slugify(System.IO.Path.GetFileNameWithoutExtension(wholeFolder ? given[first.Given].Full.TrimEnd('/', '\\') : first.File)), modelNames);
            modelNames.Add(model);
            foreach (var i in group)
            {
                modelOf[i] = model;
            }
        }

        var sets = new List<DataSet>();
        var names = new HashSet<string>(StringComparer.Ordinal);
        foreach (var (g, index) in given.Select((g, i) => (g, i)))
        {
            var mine = Enumerable.Range(0, documents.Count).Where(i => documents[i].Given == index).ToList();
            foreach (var shape in mine.GroupBy(i => modelOf[i]))
            {
                var together = shape.Count() > 1 && (rule == DataCaseRule.Shape || (rule == DataCaseRule.Auto && shape.Count() >= DataCaseRules.ManyDocuments));
                IEnumerable<List<int>> cases = together ? [[.. shape]] : shape.Select(i => new List<int> { i });
                foreach (var members in cases)
                {
                    var bytes = members.Sum(i => (long)documents[i].Document.Utf8.Length);
                    var name = members.Count == 1
                        ? $"{Readable(documents[members[0]].Document.Name)} ({Size(bytes)})"
                        : string.Create(CultureInfo.InvariantCulture, $"{Readable(System.IO.Path.GetFileName(g.Full.TrimEnd('/', '\\')))} ({members.Count:N0} files, {Size(bytes)})");
                    var unique = name;
                    for (var n = 2; !names.Add(unique); n++)
                    {
                        unique = string.Create(CultureInfo.InvariantCulture, $"{name} #{n}");
                    }

                    sets.Add(new DataSet(unique, shape.Key, [.. members.Select(i => documents[i].File)], [.. members.Select(i => documents[i].Document)]));
                }
            }
        }

        return sets;
    }

    /// <summary>A file's bytes as the parent checked them: a child reads them again and compares, rather than checking them again.</summary>
    public static string Fingerprint(JsonData document) => Convert.ToHexString(System.Security.Cryptography.SHA256.HashData(document.Utf8));

    /// <summary>
    /// A case the parent resolved and checked, read again in a child process. Not checked again: that took ~0.4 s a child on three
    /// 2 MB documents, and ran System.Text.Json before a first call was timed. A file changed since the parent read it is refused.
    /// </summary>
    public static DataSet Reload(string name, string model, IReadOnlyList<(string File, string Fingerprint)> files) =>
        new(name, model, [.. files.Select(f => f.File)], [.. files.Select(f =>
        {
            var document = new JsonData(System.IO.Path.GetFileName(f.File), ReadBytes(f.File, f.File));
            return Fingerprint(document) == f.Fingerprint ? document
                : throw new UsageException($"--data {f.File}: the file changed while SerBench ran (its model was inferred from what it held before); run again.");
        })]);

    /// <summary>The documents of a file or a folder, as one list (<c>--sample</c>).</summary>
    public static IReadOnlyList<JsonData> ReadDocuments(string path)
    {
        var files = FilesOf(path);
        CheckTotal(path, files.Sum(f => new FileInfo(f).Length));
        return [.. files.Select(file => new JsonData(System.IO.Path.GetFileName(file), Read(path, file)))];
    }

    private static string[] FilesOf(string path)
    {
        var full = System.IO.Path.GetFullPath(path);
        string[] files;
        if (File.Exists(full))
        {
            files = [full];
        }
        else if (Directory.Exists(full))
        {
            files = [.. Directory.EnumerateFiles(full, "*.json", SearchOption.TopDirectoryOnly).Order(StringComparer.Ordinal)];
            if (files.Length == 0)
            {
                throw new UsageException($"--data {path}: the folder holds no .json files (SerBench reads the *.json files directly in it, not in its subfolders).");
            }
        }
        else
        {
            throw new UsageException($"--data {path}: no such file or folder. Give a JSON file or a folder of them; to try it, serbench samples --out my-documents writes three, then --data my-documents.");
        }

        return files.Length > MaxDocuments
            ? throw new UsageException(string.Create(CultureInfo.InvariantCulture, $"--data {path}: {files.Length:N0} .json files; a data set holds at most {MaxDocuments:N0}. Give a folder with a sample of them."))
            : files;
    }

    // A file name as a case name: safe in Markdown, HTML and --cells, still recognisable (Orders 2024.json → Orders-2024.json).
    private static string Readable(string fileName)
    {
        var text = new System.Text.StringBuilder(Math.Min(fileName.Length, 60));
        foreach (var c in fileName.Take(60))
        {
            text.Append(char.IsLetterOrDigit(c) || c is '.' or '-' or '_' ? c : '-');
        }

        return text.Length == 0 ? "document" : text.ToString();
    }

    /// <summary>1,024-based, as the reports' sizes: <c>908 B</c>, <c>1.5 KB</c>, <c>617 KB</c>, <c>1.6 MB</c>.</summary>
    private static string Size(long bytes) => bytes switch
    {
        < 1024 => string.Create(CultureInfo.InvariantCulture, $"{bytes} B"),
        < 10 * 1024 => string.Create(CultureInfo.InvariantCulture, $"{bytes / 1024.0:N1} KB"),
        < 1024 * 1024 => string.Create(CultureInfo.InvariantCulture, $"{bytes / 1024.0:N0} KB"),
        _ => string.Create(CultureInfo.InvariantCulture, $"{bytes / (1024.0 * 1024):N1} MB"),
    };

    private static void CheckTotal(string path, long total)
    {
        if (total > MaxTotalBytes)
        {
            throw new UsageException(string.Create(CultureInfo.InvariantCulture, $"--data {path}: {total:N0} bytes in all; a data set holds at most {MaxTotalBytes:N0}. Give a folder with a sample of them."));
        }
    }

    private static byte[] Read(string given, string file)
    {
        var bytes = ReadBytes(given, file);
        var shown = Shown(given, file);

        // SerBench's own RFC 8259 recognizer decides (strict UTF-8 included), not one of the libraries being judged.
        if (Conformance.Rfc8259.Check(bytes) is { Valid: false, Problem: var problem })
        {
            // A .csv given by mistake read "expected 'null', found 'n'": the extension says what happened.
            var extension = Path.GetExtension(file);
            throw new UsageException($"--data {shown}: not JSON: {problem}" + (extension.Equals(".json", StringComparison.OrdinalIgnoreCase) ? ""
                : $" (SerBench reads JSON documents: convert {(extension.Length == 0 ? "the file" : extension + " files")} to JSON first)"));
        }

        try
        {
            Verification.JsonTextComparer.Parse(bytes);
        }
        catch (JsonException exception)
        {
            // The recognizer above found it JSON: what STJ refuses now is a limit of SerBench's (its depth of 256), not the document's fault.
            throw new UsageException($"--data {shown}: valid JSON, but beyond what SerBench reads: {SerBench.Core.Files.JsonErrorText.Describe(exception)}");
        }

        return bytes;
    }

    private static byte[] ReadBytes(string given, string file)
    {
        try
        {
            return SerBench.Core.Files.InputFile.ReadJson(file, MaxFileBytes, "one document");
        }
        catch (SerBench.Core.Files.InputFileException exception)
        {
            throw new UsageException($"--data {Shown(given, file)}: {exception.Message}" + exception.Problem switch
            {
                SerBench.Core.Files.InputFileProblem.TooBig => "; split it into several files in a folder.",
                SerBench.Core.Files.InputFileProblem.NotRegular => "; give a JSON file or a folder of them.",
                _ => ".",
            });
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
        {
            throw new UsageException($"--data {Shown(given, file)}: cannot be read: {exception.Message}");
        }
    }

    private static string Shown(string given, string file) =>
        file == System.IO.Path.GetFullPath(given) ? given : System.IO.Path.Combine(given, System.IO.Path.GetFileName(file));

    // Safe in every report and file name.
    private static string Slugify(string text)
    {
        var slug = new System.Text.StringBuilder(Math.Min(text.Length, 40));
        foreach (var c in text)
        {
            if (slug.Length == 40)
            {
                break;
            }

            if (char.IsAsciiLetterOrDigit(c))
            {
                slug.Append(char.ToLowerInvariant(c));
            }
            else if (slug.Length > 0 && slug[^1] != '-')
            {
                slug.Append('-');
            }
        }

        return slug.ToString().Trim('-');
    }

    private static string UniqueName(string slug, ICollection<string>? taken)
    {
        var name = slug.Length == 0 ? "data" : slug;
        var candidate = name;
        for (var i = 2; taken?.Contains(candidate) == true; i++)
        {
            candidate = $"{name}-{i}";
        }

        return candidate;
    }

    /// <summary>The same documents whatever the seed; N beyond the set repeats them.</summary>
    public PayloadModel<JsonData> ToPayloadModel() => new(Name, string.Create(CultureInfo.InvariantCulture, $"{Documents.Count:N0} document(s), {TotalBytes:N0} bytes"),
        (_, count) => [.. Enumerable.Range(0, count).Select(i => Documents[i % Documents.Count])]);
}
