namespace SerBench.Reports;

/// <summary>A renderer-agnostic table: Markdown, HTML and the console draw the same rows.</summary>
internal sealed record TableModel(string Title, IReadOnlyList<string> Headers, IReadOnlyList<IReadOnlyList<string>> Rows, IReadOnlyList<string> Footnotes)
{
    /// <summary>The winners of a case, as rust_serialization_benchmark sets the best in bold.</summary>
    public IReadOnlySet<(int Row, int Column)> Bold { get; init; } = new HashSet<(int, int)>();

    /// <summary>Leading columns of names (left-aligned); the rest hold numbers (right-aligned).</summary>
    public int TextColumns { get; init; } = 2;

    /// <summary>Each row's time relative to the fastest (1 = fastest), drawn as a bar in HTML.</summary>
    public (int Column, IReadOnlyList<double> Relative)? Bars { get; init; }
}
