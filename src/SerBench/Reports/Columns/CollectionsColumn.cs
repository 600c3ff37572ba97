using SerBench.Core.Results;

namespace SerBench.Reports.Columns;

/// <summary>Collections of one generation per 1,000 operations.</summary>
internal sealed class CollectionsColumn(string header, Func<ResultCell, double?> collections) : IColumn
{
    public string Header => header;

    public string Value(ResultCell cell, (string Unit, double Divisor) timeUnit) => Formatting.Collections(collections(cell));
}
