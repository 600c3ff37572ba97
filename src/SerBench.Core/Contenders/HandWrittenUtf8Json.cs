using System.Reflection;
using SerBench.Core.Contenders.HandWritten;

namespace SerBench.Core.Contenders;

/// <summary>The speed-of-light reference for JSON: it reads names case-sensitively, as it only has to read its own output.</summary>
internal sealed class HandWrittenUtf8Json() : Contender(
    "stj-handwritten", "System.Text.Json (Utf8JsonWriter/Reader)", PayloadFormat.Json, TextMode.Utf8, Generation.HandWritten,
    "speed-of-light reference: hand-written per model, reused writer buffer, owned byte[] result")
{
    protected override Assembly LibraryAssembly => SystemTextJsonSettings.Assembly;

    public override bool IsReference => true;

    public override string? NotSafeOnThreads => "its codec reuses one writer buffer, so one codec cannot serve several threads at once";

    public override Codec<T> CreateCodec<T>(JsonConventions conventions) => JsonCodecs.Create<T>(conventions);
}
