using SerBench.Core.Results;

namespace SerBench.Reports.Columns;

/// <summary>Allocated bytes per operation (rounded to B, KB, MB).</summary>
internal sealed class AllocatedColumn : IColumn
{
    public string Header => "Allocated";

    public string Value(ResultCell cell, (string Unit, double Divisor) timeUnit) => Formatting.Bytes(cell.AllocatedBytes);
}

/// <summary>The payload's exact size: what one operation wrote or read (all N documents of a "many" cell).</summary>
internal sealed class PayloadColumn : IColumn
{
    public string Header => "Payload";

    public string Value(ResultCell cell, (string Unit, double Divisor) timeUnit) => Formatting.ExactBytes(cell.PayloadBytes);
}
