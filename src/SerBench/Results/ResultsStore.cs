using System.Globalization;
using SerBench.Core.Results;
using SerBench.Reports;

namespace SerBench.Results;

/// <summary>After every cell, rewrites results.json atomically and appends to results.csv, so a stopped run keeps what it measured.</summary>
internal sealed class ResultsStore
{
    private readonly string _directory;
    private readonly ResultsDocument _document;

    private ResultsStore(string directory, ResultsDocument document)
    {
        _directory = directory;
        _document = document;
    }

    public string Directory => _directory;

    public string ResultsPath => Path.Combine(_directory, "results.json");

    /// <summary>When the run started: its budget counts from here.</summary>
    public DateTimeOffset StartedAt => _document.StartedAt;

    public IReadOnlyList<ResultCell> Cells => _document.Cells;

    /// <summary>Proves the folder writable before anything is measured (throws <see cref="IOException"/> or <see cref="UnauthorizedAccessException"/>).</summary>
    public static ResultsStore Create(string directory, ResultsDocument document)
    {
        System.IO.Directory.CreateDirectory(directory);
        var store = new ResultsStore(directory, document);
        store.SaveJson();
        File.WriteAllText(Path.Combine(directory, "results.csv"), CsvExporter.Header + "\n");
        return store;
    }

    public void Add(ResultCell cell)
    {
        _document.Cells.Add(cell);
        SaveJson();
        File.AppendAllText(Path.Combine(_directory, "results.csv"), CsvExporter.Row(cell) + "\n");
    }

    /// <summary>Replaces every cell (a multi-round run refines cells it already wrote), makes <paramref name="change"/>, and rewrites both files once.</summary>
    public void Replace(IEnumerable<ResultCell> cells, Action<ResultsDocument>? change = null)
    {
        var list = cells.ToList();
        _document.Cells.Clear();
        _document.Cells.AddRange(list);
        change?.Invoke(_document);
        SaveJson();
        File.WriteAllText(Path.Combine(_directory, "results.csv"), CsvExporter.Header + "\n" + string.Concat(list.Select(c => CsvExporter.Row(c) + "\n")));
    }

    public void Update(Action<ResultsDocument> change)
    {
        change(_document);
        SaveJson();
    }

    public void Finish(DateTimeOffset finishedAt)
    {
        _document.FinishedAt = finishedAt;
        SaveJson();
    }

    /// <summary>The names of results.json's half-written copies; one a killed command left is removed by the next that takes the folder.</summary>
    public const string TemporaryPattern = "results.json.*.tmp";

    public static bool IsTemporary(string path) =>
        Path.GetFileName(path) is { } name && name.StartsWith("results.json.", StringComparison.Ordinal) && name.EndsWith(".tmp", StringComparison.Ordinal)
        && name["results.json.".Length..^".tmp".Length] is { Length: > 0 } pid && pid.All(char.IsAsciiDigit);

    private void SaveJson()
    {
        // Write-then-rename so a reader (or a crash) never sees half a file.
        var temporary = ResultsPath + "." + System.Environment.ProcessId.ToString(CultureInfo.InvariantCulture) + ".tmp";
        try
        {
            using (var stream = File.Create(temporary))
            {
                ResultsJson.Write(_document, stream);
            }

            File.Move(temporary, ResultsPath, overwrite: true);
        }
        catch (Exception exception) when (exception is not OutputFolderChangedException)
        {
            if (!System.IO.Directory.Exists(_directory))
            {
                throw new OutputFolderChangedException($"'{_directory}' was moved or deleted during the run");
            }

            File.Delete(temporary);
            throw;
        }
    }
}
