using System.Runtime.InteropServices;
using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using SerBench.Core.Results;

namespace SerBench.Core.Conformance;

/// <summary>A library in the matrix: its contender, the library and version that ran, or why it could not.</summary>
internal sealed record ContenderInfo(string Name, string Library, string Version, string? Unavailable);

/// <summary>
/// The conformance matrix, as <c>conformance.json</c> holds it: every document with what RFC 8259 says of it, every
/// library, and one cell per library and document with its outcome and rating. It describes itself completely, so the
/// reports render from it alone.
/// </summary>
internal sealed record ConformanceReport
{
    public const int CurrentSchemaVersion = 1;

    public int SchemaVersion { get; init; } = CurrentSchemaVersion;

    public required ToolInfo Tool { get; init; }

    /// <summary>The command line that made it.</summary>
    public required string Command { get; init; }

    public required DateTimeOffset StartedAt { get; init; }

    /// <summary>The .NET runtime the libraries ran on, e.g. <c>.NET 10.0.1</c>.</summary>
    public string Runtime { get; init; } = RuntimeInformation.FrameworkDescription;

    public required IReadOnlyList<DocumentInfo> Documents { get; init; }

    public required IReadOnlyList<ContenderInfo> Contenders { get; init; }

    /// <summary>Library by library, each in document order.</summary>
    public required IReadOnlyList<ConformanceCell> Cells { get; init; }

    /// <summary>The cell of a library on a document; null when there is none.</summary>
    public ConformanceCell? Cell(string contender, string document) =>
        Cells.FirstOrDefault(c => c.Contender == contender && c.Document == document);

    // Text as it is, not \u-escaped: conformance.json is read by people, never embedded in HTML.
    private static readonly JsonTypeInfo<ConformanceReport> TypeInfo = (JsonTypeInfo<ConformanceReport>)new JsonSerializerOptions(ConformanceJsonContext.Default.Options)
    {
        Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping,
    }.GetTypeInfo(typeof(ConformanceReport));

    /// <summary>Writes the report as indented JSON.</summary>
    public void Write(Stream stream) => JsonSerializer.Serialize(stream, this, TypeInfo);

    /// <summary>Writes the report to <paramref name="path"/> atomically (a reader never sees half a file).</summary>
    public void Save(string path)
    {
        var partial = path + ".partial";
        using (var stream = File.Create(partial))
        {
            Write(stream);
        }

        File.Move(partial, path, overwrite: true);
    }

    /// <summary>Reads a report; <see cref="JsonException"/> when the text is not one.</summary>
    public static ConformanceReport Read(Stream stream) =>
        JsonSerializer.Deserialize(stream, TypeInfo) ?? throw new JsonException("The file holds JSON null, not a conformance report.");
}

/// <summary>Enum values as kebab-case strings in conformance.json: <c>changed-data</c>, <c>not-run</c>.</summary>
internal sealed class KebabCaseEnumConverter<TEnum>() : JsonStringEnumConverter<TEnum>(JsonNamingPolicy.KebabCaseLower, allowIntegerValues: false)
    where TEnum : struct, Enum;

[JsonSourceGenerationOptions(
    PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase,
    WriteIndented = true,
    DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull,
    Converters = [typeof(KebabCaseEnumConverter<ConformanceOutcome>), typeof(KebabCaseEnumConverter<ConformanceRating>)])]
[JsonSerializable(typeof(ConformanceReport))]
internal sealed partial class ConformanceJsonContext : JsonSerializerContext;
