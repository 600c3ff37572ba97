using System.Globalization;
using System.Text.Json;
using System.Text.Json.Serialization;
using SerBench.Core.Conformance;
using SerBench.Core.FirstCall;
using SerBench.Core.Results;

namespace SerBench.Core.Agents;

/// <summary>
/// What a child answers, in every mode: the channel between two SerBench processes, not the published results schema
/// (results.json and conformance.json are written by the parent alone). The child rewrites <c>reply.json</c> after every
/// cell, so a child that dies leaves what it finished.
/// </summary>
internal sealed class AgentReply
{
    public const string FileName = "reply.json";

    private static readonly CompressorFields<AgentReply> Contracts = new(AgentReplyJsonContext.Default);

    /// <summary>Run: the measured cells; verify: one cell per case with its gate outcome and payload size.</summary>
    public List<ResultCell> Cells { get; init; } = [];

    /// <summary>First-call: the one sample this fresh process timed.</summary>
    public FirstCallSample? FirstCall { get; set; }

    /// <summary>Conformance: the library and version that ran; written before the first document.</summary>
    public ContenderInfo? Contender { get; set; }

    /// <summary>Conformance: a cell per document, in the order asked.</summary>
    public List<ConformanceCell> Documents { get; init; } = [];

    /// <summary>Writes the reply atomically: the parent, reading after a crash, never sees half a file.</summary>
    public void Save(string directory)
    {
        var path = Path.Combine(directory, FileName);
        var temporary = path + "." + Environment.ProcessId.ToString(CultureInfo.InvariantCulture) + ".tmp";
        using (var stream = File.Create(temporary))
        {
            JsonSerializer.Serialize(stream, this, Contracts.Contract);
        }

        File.Move(temporary, path, overwrite: true);
    }

    /// <summary>The reply a child left in <paramref name="directory"/>; null when it wrote none (it died first).</summary>
    public static AgentReply? Read(string directory)
    {
        try
        {
            using var stream = File.OpenRead(Path.Combine(directory, FileName));
            return JsonSerializer.Deserialize(stream, Contracts.Contract);
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException or JsonException)
        {
            return null;
        }
    }
}

// Source-generated: a Native AOT agent writes replies too, and it has no reflection-based serialization.
[JsonSourceGenerationOptions(
    PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase,
    DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull,
    NumberHandling = JsonNumberHandling.AllowNamedFloatingPointLiterals,
    UseStringEnumConverter = true,
    Converters = [typeof(ShapeJsonConverter), typeof(OperationJsonConverter), typeof(StatusJsonConverter)])]
[JsonSerializable(typeof(AgentReply))]
internal sealed partial class AgentReplyJsonContext : JsonSerializerContext;
