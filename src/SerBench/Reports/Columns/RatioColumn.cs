using SerBench.Core.Results;

namespace SerBench.Reports.Columns;

internal sealed class RatioColumn(string header, Func<ResultCell, double?> ratio) : IColumn
{
    public string Header => header;

    public string Value(ResultCell cell, (string Unit, double Divisor) timeUnit) => Formatting.Ratio(ratio(cell));
}
