using System.Reflection;
using SerBench.Core.Contenders.HandWritten;

namespace SerBench.Core.Contenders;

/// <summary>
/// Hand-written <c>Utf8JsonWriter</c>/<c>Utf8JsonReader</c> code per model: the speed-of-light reference for JSON on
/// this runtime. It reads names case-sensitively (it only has to read its own output).
/// </summary>
internal sealed class HandWrittenUtf8Json() : Contender(
    "stj-handwritten", "System.Text.Json (Utf8JsonWriter/Reader)", PayloadFormat.Json, TextMode.Utf8, Generation.HandWritten,
    "speed-of-light reference: hand-written per model, reused writer buffer, owned byte[] result")
{
    protected override Assembly LibraryAssembly => SystemTextJsonSettings.Assembly;

    public override bool IsReference => true;

    public override Codec<T> CreateCodec<T>(JsonConventions conventions) => JsonCodecs.Create<T>(conventions);
}
