using System.Runtime.InteropServices;
using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using SerBench.Core.Results;

namespace SerBench.Core.Conformance;

internal sealed record ContenderInfo(string Name, string Library, string Version, string? Unavailable);

/// <summary>The conformance matrix as <c>conformance.json</c> holds it: complete, so the reports render from it alone.</summary>
internal sealed record ConformanceReport
{
    public const int CurrentSchemaVersion = 1;

    public int SchemaVersion { get; init; } = CurrentSchemaVersion;

    public required ToolInfo Tool { get; init; }

    public required string Command { get; init; }

    public required DateTimeOffset StartedAt { get; init; }

    public string Runtime { get; init; } = RuntimeInformation.FrameworkDescription;

    public required IReadOnlyList<DocumentInfo> Documents { get; init; }

    public required IReadOnlyList<ContenderInfo> Contenders { get; init; }

    /// <summary>Library by library, each in document order.</summary>
    public required IReadOnlyList<ConformanceCell> Cells { get; init; }

    public ConformanceCell? Cell(string contender, string document) =>
        Cells.FirstOrDefault(c => c.Contender == contender && c.Document == document);

    // Text as it is, not \u-escaped: conformance.json is read by people, never embedded in HTML.
    private static readonly JsonTypeInfo<ConformanceReport> TypeInfo = (JsonTypeInfo<ConformanceReport>)new JsonSerializerOptions(ConformanceJsonContext.Default.Options)
    {
        Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping,
    }.GetTypeInfo(typeof(ConformanceReport));

    public void Write(Stream stream) => JsonSerializer.Serialize(stream, this, TypeInfo);

    // Atomic: a reader never sees half a file.
    public void Save(string path)
    {
        var partial = path + ".partial";
        using (var stream = File.Create(partial))
        {
            Write(stream);
        }

        File.Move(partial, path, overwrite: true);
    }

    /// <exception cref="JsonException">The text is not a report.</exception>
    public static ConformanceReport Read(Stream stream) =>
        JsonSerializer.Deserialize(stream, TypeInfo) ?? throw new JsonException("The file holds JSON null, not a conformance report.");
}

internal sealed class KebabCaseEnumConverter<TEnum>() : JsonStringEnumConverter<TEnum>(JsonNamingPolicy.KebabCaseLower, allowIntegerValues: false)
    where TEnum : struct, Enum;

[JsonSourceGenerationOptions(
    PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase,
    WriteIndented = true,
    DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull,
    Converters = [typeof(KebabCaseEnumConverter<ConformanceOutcome>), typeof(KebabCaseEnumConverter<ConformanceRating>)])]
[JsonSerializable(typeof(ConformanceReport))]
internal sealed partial class ConformanceJsonContext : JsonSerializerContext;
