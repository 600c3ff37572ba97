using System.Reflection;

namespace SerBench.Contenders;

/// <summary>
/// A library a study names (or a user would pick) that this SerBench build cannot run: not served by the package source it is built from,
/// or not a NuGet package at all. It stays in every listing and report with the exact reason, never silently dropped;
/// when the package becomes available, an adapter file replaces its line in <see cref="UnavailableLibraries"/>.
/// </summary>
internal sealed class UnavailableLibrary(
    string name, string library, PayloadFormat format, TextMode textMode, Generation generation, AotSupport nativeAot, string licence, string reason)
    : Contender(name, library, format, textMode, generation)
{
    protected override Assembly? LibraryAssembly => null;

    public override string UnavailableReason => reason;

    public override AotSupport NativeAot => nativeAot;

    public override string Licence => licence;

    public override Codec<T> CreateCodec<T>(JsonConventions conventions) => throw new NotSupportedException(reason);
}

/// <summary>
/// The libraries that cannot be had here, with the result of probing the package source (<c>dotnet add package</c>,
/// 2026-11-22). docs/packages.md records the same probes.
/// </summary>
internal static class UnavailableLibraries
{
    // True wherever SerBench runs: what is missing is an adapter in this build, because the package source SerBench is
    // built from did not serve the package. Whether the user's own source serves it is not checked yet.
    private const string NotServed = "no adapter in this SerBench build: the package source SerBench is built from did not serve {0} " +
                                     "('dotnet add package {0}': no versions available, 2026-11-22); SerBench does not yet build adapters from your own package source";

    private static string Missing(string package, string? more = null) =>
        string.Format(System.Globalization.CultureInfo.InvariantCulture, NotServed, package) + (more is null ? "" : "; " + more);

    public static IReadOnlyList<Contender> All { get; } =
    [
        new UnavailableLibrary("jil", "Jil", PayloadFormat.Json, TextMode.Utf16, Generation.RuntimeIlEmit, AotSupport.NotSafe, "MIT",
            Missing("Jil", "last release 2.17.0 (netstandard2.0), unmaintained; its deserializer is reported to throw on .NET 9 and later")),
        new UnavailableLibrary("spanjson-utf8", "SpanJson", PayloadFormat.Json, TextMode.Utf8, Generation.RuntimeIlEmit, AotSupport.NotSafe, "MIT",
            Missing("SpanJson")),
        new UnavailableLibrary("utf8json", "Utf8Json", PayloadFormat.Json, TextMode.Utf8, Generation.RuntimeIlEmit, AotSupport.NotSafe, "MIT",
            Missing("Utf8Json", "the original is archived (last release 1.3.7); its forks Utf8Json.Unofficial and Utf8JsonAsync are not served either")),
        new UnavailableLibrary("netjson", "NetJSON", PayloadFormat.Json, TextMode.Utf16, Generation.RuntimeIlEmit, AotSupport.NotSafe, "MIT",
            Missing("NetJSON")),
        new UnavailableLibrary("jsonsrcgen", "JsonSrcGen", PayloadFormat.Json, TextMode.Utf8, Generation.SourceGenerated, AotSupport.Safe, "MIT",
            Missing("JsonSrcGen", "last release 1.1.1, unmaintained")),
        new UnavailableLibrary("messagepack", "MessagePack (MessagePack-CSharp)", PayloadFormat.Binary, TextMode.Utf8, Generation.SourceGenerated, AotSupport.Safe, "MIT",
            Missing("MessagePack")),
        new UnavailableLibrary("memorypack", "MemoryPack", PayloadFormat.Binary, TextMode.Utf16, Generation.SourceGenerated, AotSupport.Safe, "MIT",
            Missing("MemoryPack")),
        new UnavailableLibrary("protobuf-net", "protobuf-net", PayloadFormat.Binary, TextMode.Utf8, Generation.RuntimeIlEmit, AotSupport.NotSafe, "Apache-2.0",
            "no adapter in this SerBench build: in the package source SerBench is built from, 'dotnet add package protobuf-net' resolves but its dependency " +
            "protobuf-net.Core was not served (NU1101, 2026-11-22); SerBench does not yet build adapters from your own package source"),
        new UnavailableLibrary("cbor", "System.Formats.Cbor (hand-written mapping)", PayloadFormat.Binary, TextMode.Utf8, Generation.HandWritten, AotSupport.Safe, "MIT",
            Missing("System.Formats.Cbor", "it is an out-of-band package, not part of the .NET 10 shared framework")),
    ];
}
