using System.Diagnostics.CodeAnalysis;
using System.Reflection;

namespace SerBench.Contenders;

/// <summary>What kind of document a contender writes.</summary>
public enum PayloadFormat
{
    Json,
    Binary,
}

/// <summary>How text is encoded in the output: UTF-8 bytes or a UTF-16 <see cref="string"/> (or UTF-16 code units inside a binary format).</summary>
public enum TextMode
{
    Utf8,
    Utf16,
}

/// <summary>How the contender's (de)serialization code comes about.</summary>
public enum Generation
{
    Reflection,
    SourceGenerated,
    HandWritten,
    RuntimeIlEmit,
}

/// <summary>Whether a contender works under trimming and Native AOT, as its library documents it.</summary>
public enum AotSupport
{
    /// <summary>Documented to work trimmed and ahead-of-time compiled (source generators, hand-written code).</summary>
    Safe,

    /// <summary>Needs reflection over members or emits IL at run time: trim warnings, fails or falls back under Native AOT.</summary>
    NotSafe,
}

/// <summary>
/// One serializer configuration that SerBench measures: a library, a text mode and its settings.
/// Adding a serializer means adding one subclass in its own file and one line in <see cref="ContenderRegistry"/>.
/// </summary>
/// <param name="name">Command-line name, kebab-case, unique, e.g. <c>stj-reflection-utf8</c>.</param>
/// <param name="library">The library as users know it, e.g. <c>System.Text.Json</c>.</param>
/// <param name="format">JSON or binary.</param>
/// <param name="textMode">UTF-8 bytes or UTF-16 text.</param>
/// <param name="generation">Reflection, source generator, hand-written, run-time IL emit.</param>
/// <param name="note">A label that must travel with every number: transcoding, anti-patterns, variants.</param>
public abstract class Contender(string name, string library, PayloadFormat format, TextMode textMode, Generation generation, string? note = null)
{
    /// <summary>Why a reflection-based contender's calls are trim-safe in a Native AOT agent.</summary>
    internal const string ReadsModelsByReflection = "A reflection-based serializer measured as such; the models keep the members it reads by DynamicDependency (PayloadGenerators, generated models).";

    /// <summary>Command-line name, kebab-case, unique, e.g. <c>stj-reflection-utf8</c>.</summary>
    public string Name => name;

    /// <summary>The library as users know it, e.g. <c>System.Text.Json</c>.</summary>
    public string Library => library;

    /// <summary>The version of the library actually loaded (not the one asked for).</summary>
    public virtual string LibraryVersion => VersionOf(LibraryAssembly);

    /// <summary>The NuGet package that carries the library, when it has one: the package <c>name@version</c> sets.</summary>
    public virtual string? PackageId => null;

    /// <summary>True when the library loaded here is the runtime's own copy (System.Text.Json): an older package of it is never loaded.</summary>
    [UnconditionalSuppressMessage("SingleFile", "IL3000", Justification = "Empty in a Native AOT agent, so false there: name@version is measured on SerBench's own runtime only.")]
    public bool ComesWithRuntime => LibraryAssembly is { Location: { Length: > 0 } location }
        && Path.GetDirectoryName(location) == Path.GetDirectoryName(typeof(object).Assembly.Location);

    /// <summary>The assembly whose version is reported; null when the library cannot be loaded.</summary>
    protected abstract Assembly? LibraryAssembly { get; }

    public PayloadFormat Format => format;

    public TextMode TextMode => textMode;

    public Generation Generation => generation;

    /// <summary>A label that must travel with every number: transcoding, anti-patterns, variants. Null when there is none.</summary>
    public string? Note => note;

    /// <summary>Trimming and Native AOT support as the library documents it for this configuration.</summary>
    public virtual AotSupport NativeAot =>
        Generation is Generation.SourceGenerated or Generation.HandWritten ? AotSupport.Safe : AotSupport.NotSafe;

    /// <summary>
    /// True for a speed-of-light reference (hand-written code per model) rather than a library a user would pick:
    /// findings rank libraries and quote the reference beside them.
    /// </summary>
    public virtual bool IsReference => false;

    /// <summary>The library's licence (SPDX identifier where it has one).</summary>
    public virtual string Licence => "MIT";

    /// <summary>
    /// True when a failure of this contender could take the whole process down (a stack overflow or an invalid program
    /// from IL emitted at run time): <c>serbench run</c> then measures each of its cases in a separate process.
    /// A contender that cannot run here has nothing to isolate: its cells are UNAVAILABLE without starting a process.
    /// </summary>
    public virtual bool NeedsProcessIsolation => UnavailableReason is null && Generation == Generation.RuntimeIlEmit;

    /// <summary>Why this contender cannot run on this machine at all; null when it can.</summary>
    public virtual string? UnavailableReason => null;

    /// <summary>
    /// Creates the codec for <typeparamref name="T"/> (a model or a <c>List</c> of one) under the given conventions.
    /// Throws <see cref="NotSupportedException"/> with the reason when the library cannot handle the type or the conventions.
    /// </summary>
    public abstract Codec<T> CreateCodec<T>(JsonConventions conventions) where T : class;

    /// <summary>
    /// Informational version without build metadata ("+sha", or " built on …" as Bogus writes it); "—" for a library
    /// that is not loaded.
    /// </summary>
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
