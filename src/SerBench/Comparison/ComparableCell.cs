namespace SerBench.Comparison;

/// <summary>
/// One cell as the compare command sees it, from a SerBench results.json or a BenchmarkDotNet full JSON export.
/// <see cref="Identity"/> identifies the same cell in two files; <see cref="Key"/> is only its label.
/// </summary>
public sealed record ComparableCell(
    string Study,
    string Key,
    string Status,
    double? MeanNs,
    double? ErrorNs,
    IReadOnlyList<double>? IterationsNs,
    long? AllocatedBytes,
    long? PayloadBytes,
    IReadOnlyList<double>? RoundsNs = null,
    Results.CellKey? TypedKey = null)
{
    /// <summary>The typed identity (SerBench cells), or the study and label (BenchmarkDotNet exports, which have no other).</summary>
    public Results.CellKey Identity => TypedKey ?? new Results.CellKey(Study, Key, "", "", 0, "");
}

/// <summary>A results file read for comparison: what kind it was, its cells, and the runtime knobs it was measured with.</summary>
public sealed record ComparableResults(string Path, string Kind, IReadOnlyList<ComparableCell> Cells, IReadOnlyDictionary<string, string>? Knobs = null);
