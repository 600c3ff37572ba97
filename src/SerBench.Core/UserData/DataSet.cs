using System.Globalization;
using System.Text.Json;
using SerBench.Core.Payloads;
using SerBench.Core.Running;

namespace SerBench.Core.UserData;

/// <summary>One <c>--data PATH</c>: every file checked strict RFC 8259 before anything runs (a leading byte order mark is dropped).</summary>
internal sealed class DataSet
{
    // Every contender holds the file, its output and its DOM in memory.
    public const long MaxFileBytes = 256L * 1024 * 1024;

    // Every process that measures the documents reads them all.
    public const int MaxDocuments = 10_000;

    public const long MaxTotalBytes = 1024L * 1024 * 1024;

    private DataSet(string name, string source, IReadOnlyList<JsonData> documents)
    {
        Name = name;
        Source = source;
        Documents = documents;
    }

    /// <summary>The file or folder name in lower-case ASCII letters, digits and hyphens.</summary>
    public string Name { get; }

    public string Source { get; }

    public IReadOnlyList<JsonData> Documents { get; }

    public long TotalBytes => Documents.Sum(d => (long)d.Utf8.Length);

    /// <exception cref="UsageException">One line: the file, the line and column, what is wrong.</exception>
    public static DataSet Load(string path, ICollection<string>? takenNames = null)
    {
        var full = Path.GetFullPath(path);
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

        if (files.Length > MaxDocuments)
        {
            throw new UsageException(string.Create(CultureInfo.InvariantCulture, $"--data {path}: {files.Length:N0} .json files; a data set holds at most {MaxDocuments:N0}. Give a folder with a sample of them."));
        }

        // Refused early by the lengths reported, and again by what was read: a file may grow while it is read.
        CheckTotal(path, files.Sum(f => new FileInfo(f).Length));
        var documents = new List<JsonData>();
        var read = 0L;
        foreach (var file in files)
        {
            documents.Add(new JsonData(Path.GetFileName(file), Read(path, file)));
            CheckTotal(path, read += documents[^1].Utf8.Length);
        }

        var name = UniqueName(Slugify(Path.GetFileNameWithoutExtension(full.TrimEnd(Path.DirectorySeparatorChar, Path.AltDirectorySeparatorChar))), takenNames);
        takenNames?.Add(name);
        return new DataSet(name, full, documents);
    }

    private static void CheckTotal(string path, long total)
    {
        if (total > MaxTotalBytes)
        {
            throw new UsageException(string.Create(CultureInfo.InvariantCulture, $"--data {path}: {total:N0} bytes in all; a data set holds at most {MaxTotalBytes:N0}. Give a folder with a sample of them."));
        }
    }

    private static byte[] Read(string given, string file)
    {
        var shown = file == Path.GetFullPath(given) ? given : Path.Combine(given, Path.GetFileName(file));
        byte[] bytes;
        try
        {
            bytes = Files.InputFile.ReadJson(file, MaxFileBytes, "one document");
        }
        catch (Files.InputFileException exception)
        {
            throw new UsageException($"--data {shown}: {exception.Message}" + exception.Problem switch
            {
                Files.InputFileProblem.TooBig => "; split it into several files in a folder.",
                Files.InputFileProblem.NotRegular => "; give a JSON file or a folder of them.",
                _ => ".",
            });
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
        {
            throw new UsageException($"--data {shown}: cannot be read: {exception.Message}");
        }

        // SerBench's own RFC 8259 recognizer decides (strict UTF-8 included), not one of the libraries being judged.
        if (Conformance.Rfc8259.Check(bytes) is { Valid: false, Problem: var problem })
        {
            throw new UsageException($"--data {shown}: not JSON: {problem}");
        }

        try
        {
            Verification.JsonTextComparer.Parse(bytes);
        }
        catch (JsonException exception)
        {
            // The recognizer above found it JSON: what STJ refuses now is a limit of SerBench's (its depth of 256), not the document's fault.
            throw new UsageException($"--data {shown}: valid JSON, but beyond what SerBench reads: {Files.JsonErrorText.Describe(exception)}");
        }

        return bytes;
    }

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
    public PayloadModel<JsonData> ToPayloadModel() => new(Name, string.Create(CultureInfo.InvariantCulture, $"{Documents.Count:N0} document(s), {TotalBytes:N0} bytes, from {Path.GetFileName(Source)}"),
        (_, count) => [.. Enumerable.Range(0, count).Select(i => Documents[i % Documents.Count])]);
}
