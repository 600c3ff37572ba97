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

    private static readonly CompressorFields<AgentReply> Contracts = new(ResultsJsonContext.Default);

    public List<Running.CellRound> Rounds { get; init; } = [];

    public FirstCallSample? FirstCall { get; set; }

    /// <summary>The harness calibration, when the request asked for it (<see cref="AgentRequest.Calibrate"/>).</summary>
    public Measurement.CellMeasurement? Calibration { get; set; }

    /// <summary>How the measuring process's shared warm-up ended (BenchmarkDotNetMeasurer's log line).</summary>
    public string? WarmUp { get; set; }

    /// <summary>The measuring process's fastest <see cref="Measurement.HostSpeed"/> reading: slow when its whole life fell in a spell of the host.</summary>
    public double? FastestCanaryNs { get; set; }

    /// <summary>Written before the first document.</summary>
    public ContenderInfo? Contender { get; set; }

    public List<ConformanceCell> Documents { get; init; } = [];

    /// <summary>A types check's step whose user code runs now: a child that this code ends or hangs leaves it named.</summary>
    public UserData.UserCodeStep? Running { get; set; }

    /// <summary>A types check's one-line refusal, when the user's code threw.</summary>
    public string? Refused { get; set; }

    /// <summary>Atomically: the parent, reading after a crash, never sees half a file.</summary>
    public void Save(string directory) => Write(directory, stream => JsonSerializer.Serialize(stream, this, Contracts.Contract));

    /// <summary>
    /// A first call's reply, the same JSON as <see cref="Save"/> writes, by hand: the serializer's first use costs a
    /// process 60–100 ms of compiling, and 147 first-call processes pay it in a default run.
    /// </summary>
    public static void SaveFirstCall(string directory, FirstCallSample sample) => Write(directory, stream =>
    {
        using var json = new Utf8JsonWriter(stream, new JsonWriterOptions { Indented = true });
        json.WriteStartObject();
        json.WriteStartArray("rounds");
        json.WriteEndArray();
        json.WriteStartObject("firstCall");
        json.WriteNumber("createMicroseconds", sample.CreateMicroseconds);
        json.WriteNumber("serializeMicroseconds", sample.SerializeMicroseconds);
        json.WriteNumber("deserializeMicroseconds", sample.DeserializeMicroseconds);
        json.WriteEndObject();
        json.WriteStartArray("documents");
        json.WriteEndArray();
        json.WriteEndObject();
    });

    private static void Write(string directory, Action<Stream> write)
    {
        var path = Path.Combine(directory, FileName);
        var temporary = path + "." + Environment.ProcessId.ToString(CultureInfo.InvariantCulture) + ".tmp";
        using (var stream = File.Create(temporary))
        {
            write(stream);
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
