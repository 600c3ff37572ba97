namespace SerBench.Comparison;

/// <summary>
/// One cell as the compare command sees it, from a SerBench results.json or a BenchmarkDotNet full JSON export.
/// <see cref="Identity"/> identifies the same cell in two files; <see cref="Key"/> is only its label.
/// </summary>
internal sealed record ComparableCell(
    string Study,
    string Key,
    Core.Verification.VerificationStatus? Status,
    double? MeanNs,
    double? ErrorNs,
    IReadOnlyList<double>? IterationsNs,
    long? AllocatedBytes,
    long? PayloadBytes,
    IReadOnlyList<double>? RoundsNs = null,
    Core.Results.CellKey? TypedKey = null)
{
    /// <summary>
    /// The typed identity (SerBench cells), or the study and label (BenchmarkDotNet exports, which have no other: their
    /// shape and operation are the enums' defaults, the same for every such cell).
    /// </summary>
    public Core.Results.CellKey Identity => TypedKey ?? new Core.Results.CellKey(Study, Key, "", default, 0, default);

    /// <summary>The status as printed: its label, or <c>NO RESULT</c> for a BenchmarkDotNet benchmark that has none.</summary>
    public string StatusText => Status is { } status ? Core.Results.CellText.Label(status) : "NO RESULT";
}

/// <summary>A results file read for comparison: what kind it was, its cells, and the runtime knobs it was measured with.</summary>
/// <param name="Path">The file.</param>
/// <param name="Kind"><c>SerBench</c> or <c>BenchmarkDotNet</c>.</param>
/// <param name="Cells">Its cells.</param>
/// <param name="Knobs">Runtime knobs recorded (SerBench files).</param>
/// <param name="MachineProbeMedianNs">Median of the machine probe timings during the run (SerBench files with rounds).</param>
internal sealed record ComparableResults(string Path, string Kind, IReadOnlyList<ComparableCell> Cells, IReadOnlyDictionary<string, string>? Knobs = null,
    double? MachineProbeMedianNs = null);
