using System.Reflection;
using SerBench.Core.Contenders.HandWritten;

namespace SerBench.Core.Contenders;

/// <summary>Common part of the json-vs-binary study's hand-written binary format and its variants.</summary>
internal abstract class HandWrittenBinaryContender(string name, BinaryFormatOptions options, string note)
    : Contender(name, LibraryName, PayloadFormat.Binary, options.Utf8Text ? TextMode.Utf8 : TextMode.Utf16, Generation.HandWritten, note)
{
    /// <summary>Its library column: the layouts are SerBench's own code, no package.</summary>
    public const string LibraryName = "hand-written binary";

    public override string LibraryVersion => "SerBench " + VersionOf(LibraryAssembly);

    protected override Assembly LibraryAssembly => typeof(Contender).Assembly;

    public override Codec<T> CreateCodec<T>(JsonConventions conventions) => BinaryCodecs.Create<T>(options);
}
