using System.Reflection;
using SerBench.Contenders;
using SerBench.Payloads;
using Converter = JsonSrcGen.JsonConverter;

namespace SerBench.Packs.JsonSrcGen;

/// <summary>
/// The converter JsonSrcGen generated for the payload models. It returns spans over its own reused buffer; the codecs
/// copy them into an owned byte[] or string, like every other contender's result. Reading fills a new instance.
/// </summary>
internal static class JsonSrcGenCodecs
{
    public static Assembly Assembly => typeof(Converter).Assembly;

    public static Codec<T> Utf8<T>() where T : class
    {
        var converter = new Converter();
        object? codec = typeof(T) switch
        {
            var t when t == typeof(Person) => new DelegateCodec<Person, byte[]>(v => converter.ToJsonUtf8(v).ToArray(), b => Read(new Person(), p => converter.FromJson(p, b))),
            var t when t == typeof(List<Person>) => new DelegateCodec<List<Person>, byte[]>(v => converter.ToJsonUtf8(v).ToArray(), b => ReadList<Person>(l => converter.FromJson(l, b))),
            var t when t == typeof(OfficeWorker) => new DelegateCodec<OfficeWorker, byte[]>(v => converter.ToJsonUtf8(v).ToArray(), b => Read(new OfficeWorker(), p => converter.FromJson(p, b))),
            var t when t == typeof(List<OfficeWorker>) => new DelegateCodec<List<OfficeWorker>, byte[]>(v => converter.ToJsonUtf8(v).ToArray(), b => ReadList<OfficeWorker>(l => converter.FromJson(l, b))),
            var t when t == typeof(SaveGame) => new DelegateCodec<SaveGame, byte[]>(v => converter.ToJsonUtf8(v).ToArray(), b => Read(new SaveGame(), p => converter.FromJson(p, b))),
            var t when t == typeof(List<SaveGame>) => new DelegateCodec<List<SaveGame>, byte[]>(v => converter.ToJsonUtf8(v).ToArray(), b => ReadList<SaveGame>(l => converter.FromJson(l, b))),
            _ => null,
        };
        return codec as Codec<T> ?? throw new NotSupportedException($"JsonSrcGen fills an existing instance; {typeof(T).Name} has no parameterless constructor or no generated converter.");
    }

    public static Codec<T> Utf16<T>() where T : class
    {
        var converter = new Converter();
        object? codec = typeof(T) switch
        {
            var t when t == typeof(Person) => new DelegateCodec<Person, string>(v => converter.ToJson(v).ToString(), s => Read(new Person(), p => converter.FromJson(p, s))),
            var t when t == typeof(List<Person>) => new DelegateCodec<List<Person>, string>(v => converter.ToJson(v).ToString(), s => ReadList<Person>(l => converter.FromJson(l, s))),
            var t when t == typeof(OfficeWorker) => new DelegateCodec<OfficeWorker, string>(v => converter.ToJson(v).ToString(), s => Read(new OfficeWorker(), p => converter.FromJson(p, s))),
            var t when t == typeof(List<OfficeWorker>) => new DelegateCodec<List<OfficeWorker>, string>(v => converter.ToJson(v).ToString(), s => ReadList<OfficeWorker>(l => converter.FromJson(l, s))),
            var t when t == typeof(SaveGame) => new DelegateCodec<SaveGame, string>(v => converter.ToJson(v).ToString(), s => Read(new SaveGame(), p => converter.FromJson(p, s))),
            var t when t == typeof(List<SaveGame>) => new DelegateCodec<List<SaveGame>, string>(v => converter.ToJson(v).ToString(), s => ReadList<SaveGame>(l => converter.FromJson(l, s))),
            _ => null,
        };
        return codec as Codec<T> ?? throw new NotSupportedException($"JsonSrcGen fills an existing instance; {typeof(T).Name} has no parameterless constructor or no generated converter.");
    }

    private static T Read<T>(T target, Action<T> fill)
    {
        fill(target);
        return target;
    }

    private static List<T> ReadList<T>(Func<List<T>?, List<T>?> fill) => fill(new List<T>()) ?? [];
}

[PackContender("jsonsrcgen")]
internal sealed class JsonSrcGenUtf8 : ContenderAdapter
{
    public override Assembly LibraryAssembly => JsonSrcGenCodecs.Assembly;

    public override Codec<T> CreateCodec<T>(JsonConventions conventions) => JsonSrcGenCodecs.Utf8<T>();
}

[PackContender("jsonsrcgen-string")]
internal sealed class JsonSrcGenUtf16 : ContenderAdapter
{
    public override Assembly LibraryAssembly => JsonSrcGenCodecs.Assembly;

    public override Codec<T> CreateCodec<T>(JsonConventions conventions) => JsonSrcGenCodecs.Utf16<T>();
}
