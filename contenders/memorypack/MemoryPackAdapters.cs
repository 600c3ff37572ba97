using System.Reflection;
using MemoryPack;
using SerBench.Core.Contenders;
using SerBench.Core.Packs;

namespace SerBench.Packs.MemoryPack;

/// <summary>MemoryPack with serializers its source generator wrote for the payload models; strings as UTF-16 (its default) or UTF-8.</summary>
internal static class MemoryPackCodecs
{
    public static Assembly Assembly => typeof(MemoryPackSerializer).Assembly;

    public static Codec<T> Create<T>(MemoryPackSerializerOptions options) where T : class =>
        new DelegateCodec<T, byte[]>(value => MemoryPackSerializer.Serialize(value, options), bytes => MemoryPackSerializer.Deserialize<T>(bytes, options)!);

    /// <summary>Its async stream API, <c>SerializeAsync</c>/<c>DeserializeAsync</c>.</summary>
    public static StreamCodec<T> CreateStream<T>(MemoryPackSerializerOptions options) where T : class =>
        new DelegateStreamCodec<T>((stream, value) => MemoryPackSerializer.SerializeAsync(stream, value, options),
            stream => AsyncCodec<T>.NotNull(MemoryPackSerializer.DeserializeAsync<T>(stream, options)));

#if NET10_0_OR_GREATER
    /// <summary>It writes to an IBufferWriter and reads a ReadOnlySequence: the pipe's own memory.</summary>
    public static PipeCodec<T> CreatePipe<T>(MemoryPackSerializerOptions options) where T : class =>
        new BufferWriterPipeCodec<T>((writer, value) => MemoryPackSerializer.Serialize(writer, value, options), body => MemoryPackSerializer.Deserialize<T>(body, options)!);
#endif
}

[PackContender("memorypack")]
internal sealed class MemoryPackUtf16 : ContenderAdapter
{
    public override Assembly LibraryAssembly => MemoryPackCodecs.Assembly;

    public override Codec<T> CreateCodec<T>(JsonConventions conventions) => MemoryPackCodecs.Create<T>(MemoryPackSerializerOptions.Default);

    public override StreamCodec<T> CreateStreamCodec<T>(JsonConventions conventions) => MemoryPackCodecs.CreateStream<T>(MemoryPackSerializerOptions.Default);

#if NET10_0_OR_GREATER
    public override PipeCodec<T> CreatePipeCodec<T>(JsonConventions conventions) => MemoryPackCodecs.CreatePipe<T>(MemoryPackSerializerOptions.Default);
#endif
}

[PackContender("memorypack-utf8")]
internal sealed class MemoryPackUtf8 : ContenderAdapter
{
    public override Assembly LibraryAssembly => MemoryPackCodecs.Assembly;

    public override Codec<T> CreateCodec<T>(JsonConventions conventions) => MemoryPackCodecs.Create<T>(MemoryPackSerializerOptions.Utf8);

    public override StreamCodec<T> CreateStreamCodec<T>(JsonConventions conventions) => MemoryPackCodecs.CreateStream<T>(MemoryPackSerializerOptions.Utf8);

#if NET10_0_OR_GREATER
    public override PipeCodec<T> CreatePipeCodec<T>(JsonConventions conventions) => MemoryPackCodecs.CreatePipe<T>(MemoryPackSerializerOptions.Utf8);
#endif
}
