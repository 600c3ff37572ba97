using System.Diagnostics.CodeAnalysis;
using System.Reflection;

namespace SerBench.Core.Contenders;

internal enum PayloadFormat
{
    Json,
    Binary,
}

/// <summary>UTF-8 bytes or a UTF-16 <see cref="string"/> (or UTF-16 code units inside a binary format).</summary>
internal enum TextMode
{
    Utf8,
    Utf16,
}

internal enum Generation
{
    Reflection,
    SourceGenerated,
    HandWritten,
    RuntimeIlEmit,
}

/// <summary>Whether a contender works under trimming and Native AOT, as its library documents it.</summary>
internal enum AotSupport
{
    Safe,

    // Reflection over members or IL emitted at run time: trim warnings, fails or falls back under Native AOT.
    NotSafe,
}

/// <summary>One serializer configuration that SerBench measures: a library, a text mode and its settings.</summary>
internal abstract class Contender(string name, string library, PayloadFormat format, TextMode textMode, Generation generation, string? note = null)
{
    /// <summary>Why a reflection-based contender's calls are trim-safe in a Native AOT agent.</summary>
    internal const string ReadsModelsByReflection = "A reflection-based serializer measured as such; the models keep the members it reads by DynamicDependency (PayloadGenerators, generated models).";

    /// <summary>Command-line name, kebab-case, unique, e.g. <c>stj-reflection-utf8</c>.</summary>
    public string Name => name;

    public string Library => library;

    /// <summary>The version actually loaded, not the one asked for.</summary>
    public virtual string LibraryVersion => VersionOf(LibraryAssembly);

    /// <summary>The NuGet package whose version <c>name@version</c> sets; null when there is none.</summary>
    public virtual string? PackageId => null;

    /// <summary>The library loaded here is the runtime's own copy (System.Text.Json): an older package of it is never loaded.</summary>
    [UnconditionalSuppressMessage("SingleFile", "IL3000", Justification = "Empty in a Native AOT agent, so false there: name@version is measured on SerBench's own runtime only.")]
    public bool ComesWithRuntime => LibraryAssembly is { Location: { Length: > 0 } location }
        && Path.GetDirectoryName(location) == Path.GetDirectoryName(typeof(object).Assembly.Location);

    protected abstract Assembly? LibraryAssembly { get; }

    public PayloadFormat Format => format;

    public TextMode TextMode => textMode;

    public Generation Generation => generation;

    /// <summary>A label that must travel with every number: transcoding, anti-patterns, variants.</summary>
    public string? Note => note;

    public virtual AotSupport NativeAot =>
        Generation is Generation.SourceGenerated or Generation.HandWritten ? AotSupport.Safe : AotSupport.NotSafe;

    /// <summary>A speed-of-light reference (hand-written code per model): findings rank libraries and quote it beside them.</summary>
    public virtual bool IsReference => false;

    /// <summary>SPDX identifier where it has one.</summary>
    public virtual string Licence => "MIT";

    /// <summary>A failure could take the process down (stack overflow, invalid emitted IL): each case runs in its own process.</summary>
    public virtual bool NeedsProcessIsolation => UnavailableReason is null && Generation == Generation.RuntimeIlEmit;

    /// <summary>Why one codec cannot serve several threads at once (it reuses a buffer); null when it can, as a server's serializer does.</summary>
    public virtual string? NotSafeOnThreads => null;

    /// <summary>Why this contender cannot run on this machine at all; null when it can.</summary>
    public virtual string? UnavailableReason => null;

    /// <summary>Its source generator's code runs in the payload models' static constructors (MemoryPack registers its formatters there): its first call counts them.</summary>
    public virtual bool InitializesModels => false;

    /// <summary>Throws <see cref="NotSupportedException"/> with the reason when the library cannot handle the type or the conventions.</summary>
    public abstract Codec<T> CreateCodec<T>(JsonConventions conventions) where T : class;

    /// <summary>The library's own async stream path; throws <see cref="NotSupportedException"/> with the reason when it has none.</summary>
    public virtual StreamCodec<T> CreateStreamCodec<T>(JsonConventions conventions) where T : class => throw new NotSupportedException(NoAsyncApi(Library));

#if NET10_0_OR_GREATER
    /// <summary>The library's own pipe path (PipeWriter, PipeReader); throws <see cref="NotSupportedException"/> with the reason when it has none.</summary>
    public virtual PipeCodec<T> CreatePipeCodec<T>(JsonConventions conventions) where T : class => throw new NotSupportedException(NoAsyncApi(Library, AsyncPath.Pipe));
#endif

    /// <summary>The library's item-by-item read of a JSON array (IAsyncEnumerable); throws <see cref="NotSupportedException"/> with the reason when it has none.</summary>
    public virtual ItemStreamCodec<TItem> CreateItemStreamCodec<TItem>(JsonConventions conventions) where TItem : class =>
        throw new NotSupportedException(NoAsyncApi(Library, AsyncPath.Items));

    /// <summary>The codec of <paramref name="path"/>'s cells (not <see cref="AsyncPath.Items"/>, whose codec is of the list's item).</summary>
    internal AsyncCodec<T> CreateAsyncCodec<T>(AsyncPath path, JsonConventions conventions) where T : class => path switch
    {
        AsyncPath.Stream => CreateStreamCodec<T>(conventions),
        AsyncPath.Items => throw new InvalidOperationException("an item stream's codec is created for the list's item type"),
#if NET10_0_OR_GREATER
        _ => CreatePipeCodec<T>(conventions),
#else
        _ => throw new NotSupportedException("pipe cells need .NET 10 or later (System.Text.Json's PipeWriter and PipeReader overloads)"),
#endif
    };

    /// <summary>Why a contender has no stream or pipe cells: SerBench does not fake one with a buffer copy.</summary>
    public static string NoAsyncApi(string library, AsyncPath path = AsyncPath.Stream) => path switch
    {
        AsyncPath.Items => $"no item-by-item read (IAsyncEnumerable) for {library} in this contender; SerBench does not fake one from a whole list",
        _ => $"no async {(path == AsyncPath.Stream ? "stream" : "pipe")} path for {library} in this contender; SerBench does not fake one by copying a buffer into the {(path == AsyncPath.Stream ? "stream" : "pipe")}",
    };

    /// <summary>Informational version without build metadata ("+sha", or " built on …" as Bogus writes it).</summary>
    internal static string VersionOf(Assembly? assembly)
    {
        if (assembly is null)
        {
            return "—";
        }

        var informational = assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion;
        var version = informational ?? assembly.GetName().Version?.ToString() ?? "unknown";
        var end = version.IndexOfAny(['+', ' ']);
        return end < 0 ? version : version[..end];
    }

    public override string ToString() => Name;
}
