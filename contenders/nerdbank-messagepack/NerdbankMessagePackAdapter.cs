using System.Reflection;
using Nerdbank.MessagePack;
using PolyType;
using SerBench.Core.Contenders;
using SerBench.Core.Packs;
using SerBench.Core.Payloads;

namespace SerBench.Packs.NerdbankMessagePack;

/// <summary>
/// Nerdbank.MessagePack on the shapes PolyType's source generator writes for the payload models at build time (no
/// reflection, no run-time code). JSON conventions do not apply to a binary format.
/// </summary>
[PackContender("nerdbank-messagepack")]
internal sealed class NerdbankMessagePackAdapter : ContenderAdapter
{
    public override Assembly LibraryAssembly => typeof(MessagePackSerializer).Assembly;

    public override Codec<T> CreateCodec<T>(JsonConventions conventions)
    {
        var shape = Shape<T>();
        var serializer = new MessagePackSerializer();
        return new DelegateCodec<T, byte[]>(value => serializer.Serialize(value, shape), bytes => serializer.Deserialize(bytes, shape)!);
    }

    public override StreamCodec<T> CreateStreamCodec<T>(JsonConventions conventions)
    {
        var shape = Shape<T>();
        var serializer = new MessagePackSerializer();
        return new DelegateStreamCodec<T>((stream, value) => serializer.SerializeAsync(stream, value, shape),
            stream => AsyncCodec<T>.NotNull(serializer.DeserializeAsync(stream, shape)));
    }

#if NET10_0_OR_GREATER
    public override PipeCodec<T> CreatePipeCodec<T>(JsonConventions conventions)
    {
        var shape = Shape<T>();
        var serializer = new MessagePackSerializer();
        return new DelegatePipeCodec<T>((pipe, value) => serializer.SerializeAsync(pipe, value, shape),
            pipe => AsyncCodec<T>.NotNull(serializer.DeserializeAsync(pipe, shape)));
    }
#endif

    private static ITypeShape<T> Shape<T>() => PayloadShapes.GeneratedTypeShapeProvider.GetTypeShape(typeof(T)) as ITypeShape<T>
        ?? throw new NotSupportedException($"no PolyType shape is generated for {typeof(T).Name}");
}

/// <summary>PolyType's witness class: one generated provider for every payload model and its list.</summary>
[GenerateShapeFor<Person>]
[GenerateShapeFor<List<Person>>]
[GenerateShapeFor<User>]
[GenerateShapeFor<List<User>>]
[GenerateShapeFor<OfficeWorker>]
[GenerateShapeFor<List<OfficeWorker>>]
[GenerateShapeFor<SaveGame>]
[GenerateShapeFor<List<SaveGame>>]
internal sealed partial class PayloadShapes;
