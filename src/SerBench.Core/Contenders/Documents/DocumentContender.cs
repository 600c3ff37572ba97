using SerBench.Core.UserData;

namespace SerBench.Core.Contenders.Documents;

/// <summary>
/// A contender that reads and writes the user's documents (<c>serbench run --data</c>) through a library's document
/// model rather than typed objects. It takes part in data studies only: it has no codec for a typed model.
/// </summary>
internal abstract class DocumentContender(string name, string library, TextMode textMode, string? note = null)
    : Contender(name, library, PayloadFormat.Json, textMode, Generation.Reflection, note)
{
    /// <summary>A DOM needs no metadata about the user's types: it works trimmed and under Native AOT.</summary>
    public override AotSupport NativeAot => AotSupport.Safe;

    /// <summary>The built-in document models are System.Text.Json's.</summary>
    public override string? PackageId => Library == "System.Text.Json" ? Library : null;

    /// <summary>The codec for the user's documents.</summary>
    protected abstract Codec<JsonData> CreateDocumentCodec();

    public sealed override Codec<T> CreateCodec<T>(JsonConventions conventions) => CodecFor<T>(Name, CreateDocumentCodec);

    /// <summary>
    /// The document codec when <typeparamref name="T"/> is <see cref="JsonData"/>; otherwise the NotSupportedException
    /// that makes a typed study's cell UNSUPPORTED with the reason. Pack adapters with a DOM use it too.
    /// </summary>
    public static Codec<T> CodecFor<T>(string contender, Func<Codec<JsonData>> create) where T : class => typeof(T) == typeof(JsonData)
        ? (Codec<T>)(object)create()
        : throw new NotSupportedException($"{contender} reads and writes JSON documents through a document model (serbench run --data), not typed objects such as {typeof(T).Name}.");
}
