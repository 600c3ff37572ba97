using System.Text.Json;
using System.Text.Json.Serialization;
using SerBench.Core.Payloads;
using SerBench.Core.Studies;
using SerBench.Core.Verification;

namespace SerBench.Core.Results;

/// <summary>Keeps the JSON text of <see cref="CellText"/> while the code holds enums; unknown text is refused with the valid names.</summary>
internal abstract class CellTextJsonConverter<T> : JsonConverter<T>, ICellTextConverter where T : struct, Enum
{
    protected abstract string Field { get; }

    protected abstract IReadOnlyList<string> Valid { get; }

    protected abstract string Name(T value);

    protected abstract T? TryParse(string? text);

    public override T Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        if (reader.TokenType != JsonTokenType.String)
        {
            throw new JsonException($"expected a string naming the {Field}; valid: {string.Join(", ", Valid)}");
        }

        var text = reader.GetString();
        return TryParse(text)
               ?? throw new JsonException($"unknown {Field} {ContractValidator.Shorten(ContractValidator.Quoted(text))}; valid: {string.Join(", ", Valid)}");
    }

    public override void Write(Utf8JsonWriter writer, T value, JsonSerializerOptions options) => writer.WriteStringValue(Name(value));
}

/// <summary>Marks the converters whose JSON is a string of <see cref="CellText"/>, for <see cref="ContractValidator"/>.</summary>
internal interface ICellTextConverter;

internal sealed class ShapeJsonConverter : CellTextJsonConverter<Shape>
{
    protected override string Field => "shape";

    protected override IReadOnlyList<string> Valid => CellText.ShapeNames;

    protected override string Name(Shape value) => CellText.Name(value);

    protected override Shape? TryParse(string? text) => CellText.TryParseShape(text);
}

internal sealed class OperationJsonConverter : CellTextJsonConverter<Operation>
{
    protected override string Field => "operation";

    protected override IReadOnlyList<string> Valid => CellText.OperationNames;

    protected override string Name(Operation value) => CellText.Name(value);

    protected override Operation? TryParse(string? text) => CellText.TryParseOperation(text);
}

internal sealed class StatusJsonConverter : CellTextJsonConverter<VerificationStatus>
{
    protected override string Field => "status";

    protected override IReadOnlyList<string> Valid => CellText.StatusLabels;

    protected override string Name(VerificationStatus value) => CellText.Label(value);

    protected override VerificationStatus? TryParse(string? text) => CellText.TryParseStatus(text);
}
