using SerBench.Core.UserData;

namespace SerBench.Core.Contenders.Documents;

/// <summary>A library's document model over the user's documents (<c>--data</c>): data studies only, no codec for a typed model.</summary>
internal abstract class DocumentContender(string name, string library, TextMode textMode, string? note = null)
    : Contender(name, library, PayloadFormat.Json, textMode, Generation.Reflection, note)
{
    /// <summary>A DOM needs no metadata about the user's types: it works trimmed and under Native AOT.</summary>
    public override AotSupport NativeAot => AotSupport.Safe;

    public override string? PackageId => Library == "System.Text.Json" ? Library : null;

    protected abstract Codec<JsonData> CreateDocumentCodec();

    public sealed override Codec<T> CreateCodec<T>(JsonConventions conventions) => CodecFor<T>(Name, CreateDocumentCodec);

    /// <summary>For a typed model, the NotSupportedException that makes the cell UNSUPPORTED; pack adapters with a DOM use it too.</summary>
    public static Codec<T> CodecFor<T>(string contender, Func<Codec<JsonData>> create) where T : class => typeof(T) == typeof(JsonData)
        ? (Codec<T>)(object)create()
        : throw new NotSupportedException($"{contender} reads and writes JSON documents through a document model (serbench run --data), not typed objects such as {typeof(T).Name}.");
}
