using System.Text.Json;
using System.Text.Json.Serialization;

namespace SerBench.Results;

/// <summary>Source-generated (de)serialization of <c>results.json</c>: camelCase, indented, nulls omitted.</summary>
[JsonSourceGenerationOptions(
    PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase,
    WriteIndented = true,
    DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull,
    NumberHandling = JsonNumberHandling.AllowNamedFloatingPointLiterals,
    UseStringEnumConverter = true,
    Converters = [typeof(ShapeJsonConverter), typeof(OperationJsonConverter), typeof(StatusJsonConverter)])]
[JsonSerializable(typeof(ResultsDocument))]
internal sealed partial class ResultsJsonContext : JsonSerializerContext;

/// <summary>Reads and writes <see cref="ResultsDocument"/>.</summary>
public static class ResultsJson
{
    public static void Write(ResultsDocument document, Stream stream) =>
        JsonSerializer.Serialize(stream, document, ResultsJsonContext.Default.ResultsDocument);

    public static string ToJson(ResultsDocument document) => JsonSerializer.Serialize(document, ResultsJsonContext.Default.ResultsDocument);

    public static ResultsDocument Read(Stream stream) =>
        JsonSerializer.Deserialize(stream, ResultsJsonContext.Default.ResultsDocument)
        ?? throw new JsonException("The file holds JSON null, not a results document.");
}
