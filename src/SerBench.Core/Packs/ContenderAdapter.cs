using System.Reflection;
using SerBench.Core.Contenders;

namespace SerBench.Core.Packs;

/// <summary>
/// The code side of one pack contender: how to serialize and deserialize with the library. Everything a table shows
/// about it (library, format, text mode, generation, note) comes from the pack's <c>pack.json</c>, where
/// <see cref="PackContenderAttribute"/> names its entry.
/// </summary>
public abstract class ContenderAdapter
{
    /// <summary>The library's assembly, so that the version actually loaded is reported.</summary>
    public abstract Assembly LibraryAssembly { get; }

    /// <summary>
    /// Creates the codec for <typeparamref name="T"/> (a payload model or a <c>List</c> of one) under the study's conventions.
    /// Throw <see cref="NotSupportedException"/> with the reason when the library cannot handle the type or the conventions.
    /// </summary>
    public abstract Codec<T> CreateCodec<T>(JsonConventions conventions) where T : class;

    /// <summary>Why one codec cannot serve several threads at once (it keeps a buffer between calls); null when it can. The threads study shares one.</summary>
    public virtual string? NotSafeOnThreads => null;

    /// <summary>
    /// The library's own async stream path (<c>serialize-stream</c>, <c>deserialize-stream</c>). Leave it out when the library
    /// has none: its stream cells are then UNSUPPORTED, never a buffer copied into the stream.
    /// </summary>
    public virtual StreamCodec<T> CreateStreamCodec<T>(JsonConventions conventions) where T : class =>
        throw new NotSupportedException(Contender.NoAsyncApi(LibraryAssembly.GetName().Name ?? "this library"));

    /// <summary>The library's item-by-item read of a JSON array (<c>deserialize-items</c>, <c>first-item</c>); leave it out when it has none.</summary>
    public virtual ItemStreamCodec<TItem> CreateItemStreamCodec<TItem>(JsonConventions conventions) where TItem : class =>
        throw new NotSupportedException(Contender.NoAsyncApi(LibraryAssembly.GetName().Name ?? "this library", AsyncPath.Items));

#if NET10_0_OR_GREATER
    /// <summary>The library's own pipe path (<c>serialize-pipe</c>, <c>deserialize-pipe</c>); leave it out when it has none.</summary>
    public virtual PipeCodec<T> CreatePipeCodec<T>(JsonConventions conventions) where T : class =>
        throw new NotSupportedException(Contender.NoAsyncApi(LibraryAssembly.GetName().Name ?? "this library", AsyncPath.Pipe));
#endif
}

/// <summary>Ties a <see cref="ContenderAdapter"/> to the contender of that name in its pack's <c>pack.json</c>.</summary>
[AttributeUsage(AttributeTargets.Class, AllowMultiple = false, Inherited = false)]
public sealed class PackContenderAttribute(string name) : Attribute
{
    public string Name => name;
}
