namespace SerBench.Reports;

/// <summary>A rendered-agnostic table: Markdown and the console draw the same rows.</summary>
/// <param name="Title">Heading above the table.</param>
/// <param name="Headers">Column headers.</param>
/// <param name="Rows">Cells as text, one array per row.</param>
/// <param name="Footnotes">Numbered reasons referenced from the Status column.</param>
public sealed record TableModel(string Title, IReadOnlyList<string> Headers, IReadOnlyList<IReadOnlyList<string>> Rows, IReadOnlyList<string> Footnotes);
