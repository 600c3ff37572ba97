using System.Text.Json;
using System.Text.Json.Serialization;
using SerBench.Payloads;
using SerBench.Studies;
using SerBench.Verification;

namespace SerBench.Results;

/// <summary>
/// A cell's shape, operation or status in JSON as <see cref="CellText"/> writes it (<c>"list"</c>, <c>"first-call"</c>,
/// <c>"OK"</c>), so results.json and reply.json keep the text they always had while the code holds enums. Unknown text is
/// refused with the valid names, which <see cref="ContractValidator"/> puts after the field's path.
/// </summary>
public abstract class CellTextJsonConverter<T> : JsonConverter<T>, ICellTextConverter where T : struct, Enum
{
    /// <summary>The field's name in messages: <c>shape</c>, <c>operation</c>, <c>status</c>.</summary>
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
public interface ICellTextConverter;

public sealed class ShapeJsonConverter : CellTextJsonConverter<Shape>
{
    protected override string Field => "shape";

    protected override IReadOnlyList<string> Valid => CellText.ShapeNames;

    protected override string Name(Shape value) => CellText.Name(value);

    protected override Shape? TryParse(string? text) => CellText.TryParseShape(text);
}

public sealed class OperationJsonConverter : CellTextJsonConverter<Operation>
{
    protected override string Field => "operation";

    protected override IReadOnlyList<string> Valid => CellText.OperationNames;

    protected override string Name(Operation value) => CellText.Name(value);

    protected override Operation? TryParse(string? text) => CellText.TryParseOperation(text);
}

public sealed class StatusJsonConverter : CellTextJsonConverter<VerificationStatus>
{
    protected override string Field => "status";

    protected override IReadOnlyList<string> Valid => CellText.StatusLabels;

    protected override string Name(VerificationStatus value) => CellText.Label(value);

    protected override VerificationStatus? TryParse(string? text) => CellText.TryParseStatus(text);
}
