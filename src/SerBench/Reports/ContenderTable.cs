using SerBench.Core.Results;

namespace SerBench.Reports;

internal static class ContenderTable
{
    public static TableModel Build(IReadOnlyList<ResultCell> cells)
    {
        var rows = cells
            .GroupBy(c => c.Contender)
            .Select(g => g.First())
            .Select(c => (IReadOnlyList<string>)
            [
                c.Contender, c.Library, c.LibraryVersion, c.Format == "json" ? "JSON" : "binary", c.TextMode == "utf8" ? "UTF-8" : "UTF-16",
                c.Generation, c.NativeAot ?? "—", c.Licence ?? "—",
            ])
            .ToList();
        return new TableModel("Contenders", ["Contender", "Library", "Version", "Format", "Text", "Generation", "Trim/AOT", "Licence"], rows, []);
    }
}
