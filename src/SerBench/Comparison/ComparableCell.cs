namespace SerBench.Comparison;

/// <summary>
/// One cell as the compare command sees it, from a SerBench results.json or a BenchmarkDotNet full JSON export.
/// <see cref="Key"/> identifies the same cell in two files.
/// </summary>
public sealed record ComparableCell(
    string Study,
    string Key,
    string Status,
    double? MeanNs,
    double? ErrorNs,
    IReadOnlyList<double>? IterationsNs,
    long? AllocatedBytes,
    long? PayloadBytes);

/// <summary>A results file read for comparison: what kind it was and its cells.</summary>
public sealed record ComparableResults(string Path, string Kind, IReadOnlyList<ComparableCell> Cells);
