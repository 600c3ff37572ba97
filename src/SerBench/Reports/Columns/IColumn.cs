using SerBench.Core.Results;

namespace SerBench.Reports.Columns;

/// <summary>The times of one table share a unit (<see cref="Core.Results.TimeUnits.For"/>), picked from its fastest row.</summary>
internal interface IColumn
{
    string Header { get; }

    string Value(ResultCell cell, (string Unit, double Divisor) timeUnit);
}
