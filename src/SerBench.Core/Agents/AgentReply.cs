using System.Globalization;
using System.Text.Json;
using System.Text.Json.Serialization;
using SerBench.Core.Conformance;
using SerBench.Core.FirstCall;
using SerBench.Core.Results;

namespace SerBench.Core.Agents;

/// <summary>A channel between two SerBench processes, not a published schema: results.json is the parent's alone.</summary>
internal sealed class AgentReply
{
    public const string FileName = "reply.json";

    private static readonly CompressorFields<AgentReply> Contracts = new(AgentReplyJsonContext.Default);

    public List<ResultCell> Cells { get; init; } = [];

    public FirstCallSample? FirstCall { get; set; }

    /// <summary>How the measuring process's shared warm-up ended (BenchmarkDotNetMeasurer's log line).</summary>
    public string? WarmUp { get; set; }

    /// <summary>Written before the first document.</summary>
    public ContenderInfo? Contender { get; set; }

    public List<ConformanceCell> Documents { get; init; } = [];

    /// <summary>A types check's step whose user code runs now: a child that this code ends or hangs leaves it named.</summary>
    public UserData.UserCodeStep? Running { get; set; }

    /// <summary>A types check's one-line refusal, when the user's code threw.</summary>
    public string? Refused { get; set; }

    /// <summary>Atomically: the parent, reading after a crash, never sees half a file.</summary>
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
