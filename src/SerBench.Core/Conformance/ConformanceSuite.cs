using SerBench.Core.Running;

namespace SerBench.Core.Conformance;

/// <summary>
/// The built-in tricky documents, then the user's files. As in JSONTestSuite, <c>n_…</c> names a file parsers must
/// refuse, <c>i_…</c> one where reading and refusing are both right; any other file must be JSON.
/// </summary>
internal sealed class ConformanceSuite
{
    // Every library holds the file, its output and its DOM in memory, once per library.
    public const long MaxFileBytes = 16L * 1024 * 1024;

    private ConformanceSuite(IReadOnlyList<ConformanceDocument> documents, IReadOnlyList<string> paths)
    {
        Documents = documents;
        Paths = paths;
    }

    public IReadOnlyList<ConformanceDocument> Documents { get; }

    /// <summary>Full paths: a child process loads the same suite from them.</summary>
    public IReadOnlyList<string> Paths { get; }

    /// <exception cref="UsageException">Bad input, in one line naming the file.</exception>
    public static ConformanceSuite Load(IReadOnlyList<string> paths, long maxFileBytes = MaxFileBytes)
    {
        var documents = new List<ConformanceDocument>(TrickyDocuments.Documents);
        var names = new HashSet<string>(documents.Select(d => d.Name), StringComparer.Ordinal);
        foreach (var path in paths)
        {
            foreach (var (file, shown) in Files(path))
            {
                var name = Path.GetFileName(file);
                for (var i = 2; !names.Add(name); i++)
                {
                    name = $"{Path.GetFileName(file)} ({i})";
                }

                documents.Add(Judge(name, file, shown, Read(file, shown, maxFileBytes)));
            }
        }

        return new ConformanceSuite(documents, [.. paths.Select(Path.GetFullPath)]);
    }

    /// <summary>In suite order: what a child process is asked to run.</summary>
    public IReadOnlyList<ConformanceDocument> Select(IReadOnlyCollection<string>? names) =>
        names is null ? Documents : [.. Documents.Where(d => names.Contains(d.Name))];

    private static IEnumerable<(string File, string Shown)> Files(string path)
    {
        var full = Path.GetFullPath(path);
        if (File.Exists(full))
        {
            return [(full, path)];
        }

        if (!Directory.Exists(full))
        {
            throw new UsageException($"{path}: no such file or folder. Give JSON files or folders of them, e.g. serbench conformance samples/.");
        }

        List<string> files;
        try
        {
            files = [.. Directory.EnumerateFiles(full, "*.json", SearchOption.TopDirectoryOnly).Order(StringComparer.Ordinal)];
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
        {
            throw new UsageException($"{path}: the folder cannot be read: {ExceptionText.FirstLine(exception.Message)}");
        }

        if (files.Count == 0)
        {
            throw new UsageException($"{path}: the folder holds no .json files (SerBench reads the *.json files directly in it, not in its subfolders).");
        }

        return files.Select(file => (file, Path.Combine(path, Path.GetFileName(file))));
    }

    private static byte[] Read(string file, string shown, long maxFileBytes)
    {
        try
        {
            return SerBench.Core.Files.InputFile.ReadAll(file, maxFileBytes, "one conformance document");
        }
        catch (SerBench.Core.Files.InputFileException exception)
        {
            throw new UsageException($"{shown}: {exception.Message}; {(exception.Problem == SerBench.Core.Files.InputFileProblem.TooBig ? "measure big documents with serbench run --data" : "give JSON files or folders of them")}.");
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
        {
            throw new UsageException($"{shown}: cannot be read: {ExceptionText.FirstLine(exception.Message)}");
        }
    }

    private static ConformanceDocument Judge(string name, string file, string shown, byte[] utf8)
    {
        var fileName = Path.GetFileName(file);
        if (fileName.StartsWith("i_", StringComparison.Ordinal))
        {
            return ConformanceDocument.Create(name, file, null, utf8, "the file name starts with i_: reading and refusing it are both right");
        }

        var document = ConformanceDocument.Create(name, file, null, utf8);
        if (fileName.StartsWith("n_", StringComparison.Ordinal))
        {
            return document.Info.Valid
                ? throw new UsageException($"{shown}: the name starts with n_ (a document parsers must refuse), but it is valid JSON; rename it without n_, or with i_ if either outcome is right.")
                : document;
        }

        // Only a byte order mark is forgiven: RFC 8259 lets parsers ignore one, so it is a fair test of a JSON document.
        return document.Content is null
            ? throw new UsageException($"{shown}: not JSON: {document.Info.Problem}. Name it n_{fileName} if parsers should refuse it, or i_{fileName} if either outcome is right.")
            : document;
    }
}
