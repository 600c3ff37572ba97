namespace SerBench.Comparison;

/// <summary>A cell from results.json or a BenchmarkDotNet export: <see cref="Identity"/> matches cells across files; <see cref="Key"/> is only its label; LowNs–HighNs the verdict's recorded interval.</summary>
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
    Core.Results.CellKey? TypedKey = null,
    double? LowNs = null,
    double? HighNs = null)
{
    // BenchmarkDotNet exports have no typed identity: study and label, with the enums' defaults for every such cell.
    public Core.Results.CellKey Identity => TypedKey ?? new Core.Results.CellKey(Study, Key, "", default, 0, default);

    public string StatusText => Status is { } status ? Core.Results.CellText.Label(status) : "NO RESULT";
}

// Kind: SerBench or BenchmarkDotNet.
// MachineProbeMedianNs: median of the machine probe timings during the run (SerBench files with rounds).
// Prior: the variance prior the file's intervals were built with (method.prior); null where none was fitted.
internal sealed record ComparableResults(string Path, string Kind, IReadOnlyList<ComparableCell> Cells, IReadOnlyDictionary<string, string>? Knobs = null,
    double? MachineProbeMedianNs = null, Core.Statistics.VariancePrior? Prior = null);
