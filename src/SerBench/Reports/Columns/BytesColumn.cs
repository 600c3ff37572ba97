using SerBench.Core.Results;

namespace SerBench.Reports.Columns;

internal sealed class AllocatedColumn : IColumn
{
    public string Header => "Allocated";

    public string Value(ResultCell cell, (string Unit, double Divisor) timeUnit) => Formatting.Bytes(cell.AllocatedBytes);
}

/// <summary>What one operation wrote or read (all N documents of a "many" cell).</summary>
internal sealed class PayloadColumn : IColumn
{
    public string Header => "Payload";

    public string Value(ResultCell cell, (string Unit, double Divisor) timeUnit) => Formatting.ExactBytes(cell.PayloadBytes);
}
