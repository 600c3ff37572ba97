using System.Text.Json;
using System.Text.Json.Serialization;

namespace SerBench.FirstCall;

/// <summary><c>first-call.json</c>: one entry per contender and payload, with every fresh process's sample.</summary>
public static class FirstCallFile
{
    public const string FileName = "first-call.json";

    public static string ToJson(IReadOnlyList<FirstCallResult> results) =>
        JsonSerializer.Serialize([.. results.Select(r => new Entry(r.Contender, r.Library, r.Generation, r.Payload, r.StatusLabel, r.Reason,
            [.. r.Samples.Select(s => new Sample(s.CreateMicroseconds, s.SerializeMicroseconds, s.DeserializeMicroseconds))]))], FirstCallFileJsonContext.Default.ListEntry);

    internal sealed record Entry(string Contender, string Library, string Generation, string Payload, string Status, string? Reason, List<Sample> SamplesMicroseconds);

    internal sealed record Sample(double Create, double Serialize, double Deserialize);
}

[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, WriteIndented = true)]
[JsonSerializable(typeof(List<FirstCallFile.Entry>))]
internal sealed partial class FirstCallFileJsonContext : JsonSerializerContext;
