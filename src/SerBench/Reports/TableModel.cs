namespace SerBench.Reports;

/// <summary>A rendered-agnostic table: Markdown and the console draw the same rows.</summary>
/// <param name="Title">Heading above the table.</param>
/// <param name="Headers">Column headers.</param>
/// <param name="Rows">Cells as text, one array per row.</param>
/// <param name="Footnotes">Numbered reasons referenced from the Status column.</param>
internal sealed record TableModel(string Title, IReadOnlyList<string> Headers, IReadOnlyList<IReadOnlyList<string>> Rows, IReadOnlyList<string> Footnotes)
{
    /// <summary>Cells to emphasise, as (row, column): the winners of a case, as rust_serialization_benchmark sets the best in bold.</summary>
    public IReadOnlySet<(int Row, int Column)> Bold { get; init; } = new HashSet<(int, int)>();

    /// <summary>How many leading columns hold names or words (left-aligned); the rest hold numbers (right-aligned).</summary>
    public int TextColumns { get; init; } = 2;

    /// <summary>A column that HTML also draws as a bar: its index and each row's time relative to the fastest (1 = fastest).</summary>
    public (int Column, IReadOnlyList<double> Relative)? Bars { get; init; }
}
