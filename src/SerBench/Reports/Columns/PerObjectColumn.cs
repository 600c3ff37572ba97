using SerBench.Core.Results;

namespace SerBench.Reports.Columns;

/// <summary>Divided by the objects in one operation, so collection sizes compare.</summary>
internal sealed class PerObjectColumn(string header, Func<ResultCell, double?> figure, Func<double, string> format) : IColumn
{
    public string Header => header;

    public string Value(ResultCell cell, (string Unit, double Divisor) timeUnit) => figure(cell) is { } value ? format(value / cell.Count) : "—";
}
