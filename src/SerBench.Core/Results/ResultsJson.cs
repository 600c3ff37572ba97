using System.Runtime.CompilerServices;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using SerBench.Core.Sizes;

namespace SerBench.Core.Results;

/// <summary>
/// Source-generated (de)serialization of <c>results.json</c> and of an agent's reply, one contract for a cell in both:
/// camelCase, indented, nulls omitted. Generated, as a Native AOT agent has no reflection-based serialization.
/// </summary>
[JsonSourceGenerationOptions(
    PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase,
    WriteIndented = true,
    DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull,
    NumberHandling = JsonNumberHandling.AllowNamedFloatingPointLiterals,
    UseStringEnumConverter = true,
    Converters = [typeof(ShapeJsonConverter), typeof(OperationJsonConverter), typeof(StatusJsonConverter)])]
[JsonSerializable(typeof(ResultsDocument))]
[JsonSerializable(typeof(Agents.AgentReply))]
internal sealed partial class ResultsJsonContext : JsonSerializerContext;

internal static class ResultsJson
{
    private static readonly CompressorFields<ResultsDocument> Contracts = new(ResultsJsonContext.Default);

    internal static JsonTypeInfo<ResultsDocument> Contract => Contracts.Contract;

    public static void Write(ResultsDocument document, Stream stream) => JsonSerializer.Serialize(stream, document, Contract);

    public static string ToJson(ResultsDocument document) => JsonSerializer.Serialize(document, Contract);

    public static ResultsDocument Read(Stream stream) =>
        JsonSerializer.Deserialize(stream, Contract) ?? throw new JsonException("The file holds JSON null, not a results document.");
}

/// <summary>Adds two fields per <see cref="Compressor"/> after <c>payloadBytes</c> (<c>gzipBytes</c>, …, <c>gzipNs</c>, …), as results.json always had.</summary>
internal sealed class CompressorFields<T>(JsonSerializerContext context)
{
    private readonly ConditionalWeakTable<IReadOnlyList<Compressor>, JsonTypeInfo<T>> _byList = new();

    public JsonTypeInfo<T> Contract => _byList.GetValue(Compressor.All, compressors => (JsonTypeInfo<T>)new JsonSerializerOptions(context.Options)
    {
        TypeInfoResolver = context.WithAddedModifier(contract => Add(contract, compressors)),
    }.GetTypeInfo(typeof(T)));

    private static void Add(JsonTypeInfo contract, IReadOnlyList<Compressor> compressors)
    {
        if (contract.Type == typeof(ResultCell))
        {
            var at = contract.Properties.IndexOf(contract.Properties.Single(p => p.Name == "payloadBytes"));
            foreach (var field in compressors.Select(c => Field(contract, c, "Bytes", x => x.Bytes, (x, v) => x with { Bytes = v }))
                .Concat(compressors.Select(c => Field(contract, c, "Ns", x => x.Ns, (x, v) => x with { Ns = v }))))
            {
                contract.Properties.Insert(++at, field);
            }
        }
    }

    // JsonMetadataServices, as generated code does: CreateJsonPropertyInfo would make the Native AOT agent warn.
    private static JsonPropertyInfo Field<TValue>(JsonTypeInfo contract, Compressor compressor, string suffix, Func<Compressed, TValue> get, Func<Compressed, TValue, Compressed> set) =>
        JsonMetadataServices.CreatePropertyInfo(contract.Options, new JsonPropertyInfoValues<TValue>
        {
            IsProperty = true,
            IsPublic = true,
            DeclaringType = typeof(ResultCell),
            PropertyName = compressor.Name + suffix,
            Getter = cell => get(compressor.Of((ResultCell)cell)),
            Setter = (target, value) =>
            {
                var cell = (ResultCell)target;
                cell.Compressed = cell.Compressed.SetItem(compressor.Name, set(compressor.Of(cell), value!));
            },
        });
}
