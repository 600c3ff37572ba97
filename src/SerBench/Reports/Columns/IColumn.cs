using SerBench.Core.Results;

namespace SerBench.Reports.Columns;

/// <summary>
/// One column of a study's table: its header and a cell's value in it. The times of one table share a unit
/// (<see cref="Core.Results.TimeUnits.For"/>), picked from its fastest row.
/// </summary>
internal interface IColumn
{
    string Header { get; }

    string Value(ResultCell cell, (string Unit, double Divisor) timeUnit);
}
