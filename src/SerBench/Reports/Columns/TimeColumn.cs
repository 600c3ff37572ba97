using SerBench.Core.Results;

namespace SerBench.Reports.Columns;

internal sealed class TimeColumn(string header, Func<ResultCell, double?> nanoseconds) : IColumn
{
    public string Header => header;

    public string Value(ResultCell cell, (string Unit, double Divisor) timeUnit) => Formatting.Time(nanoseconds(cell), timeUnit);
}
