using SerBench.Core.Results;

namespace SerBench.Reports.Columns;

/// <summary>A figure that needs no table unit; "—" when a part is missing or would divide by zero.</summary>
internal sealed class RateColumn(string header, Func<ResultCell, string?> value) : IColumn
{
    public string Header => header;

    public string Value(ResultCell cell, (string Unit, double Divisor) timeUnit) => value(cell) ?? "—";
}
