using System.Reflection;
using MessagePack;
using MessagePack.Resolvers;
using SerBench.Core.Contenders;
using SerBench.Core.Packs;

namespace SerBench.Packs.MessagePack;

/// <summary>
/// MessagePack-CSharp 2.5 with its contractless resolver: maps keyed by member name, formatters emitted at run time for
/// the payload models as they are (no [MessagePackObject]/[Key] attributes, which a partial declaration cannot add to
/// members). JSON conventions do not apply to a binary format.
/// </summary>
[PackContender("messagepack")]
internal sealed class MessagePackAdapter : ContenderAdapter
{
    public override Assembly LibraryAssembly => typeof(MessagePackSerializer).Assembly;

    public override Codec<T> CreateCodec<T>(JsonConventions conventions)
    {
        var options = MessagePackSerializerOptions.Standard.WithResolver(ContractlessStandardResolver.Instance);
        return new DelegateCodec<T, byte[]>(value => MessagePackSerializer.Serialize(value, options), bytes => MessagePackSerializer.Deserialize<T>(bytes, options));
    }

    public override StreamCodec<T> CreateStreamCodec<T>(JsonConventions conventions)
    {
        var options = MessagePackSerializerOptions.Standard.WithResolver(ContractlessStandardResolver.Instance);
        return new DelegateStreamCodec<T>((stream, value) => new ValueTask(MessagePackSerializer.SerializeAsync(stream, value, options)),
            stream => MessagePackSerializer.DeserializeAsync<T>(stream, options));
    }

#if NET10_0_OR_GREATER
    public override PipeCodec<T> CreatePipeCodec<T>(JsonConventions conventions)
    {
        var options = MessagePackSerializerOptions.Standard.WithResolver(ContractlessStandardResolver.Instance);
        return new BufferWriterPipeCodec<T>((writer, value) => MessagePackSerializer.Serialize(writer, value, options), body => MessagePackSerializer.Deserialize<T>(body, options));
    }
#endif
}
