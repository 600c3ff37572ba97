using System.Reflection;
using SerBench.Core.Contenders.HandWritten;

namespace SerBench.Core.Contenders;

/// <summary>Common part of the json-vs-binary study's hand-written binary format and its variants.</summary>
internal abstract class HandWrittenBinaryContender(string name, BinaryFormatOptions options, string note)
    : Contender(name, "hand-written binary", PayloadFormat.Binary, options.Utf8Text ? TextMode.Utf8 : TextMode.Utf16, Generation.HandWritten, note)
{
    public override string LibraryVersion => "SerBench " + VersionOf(LibraryAssembly);

    protected override Assembly LibraryAssembly => typeof(Contender).Assembly;

    public override Codec<T> CreateCodec<T>(JsonConventions conventions) => BinaryCodecs.Create<T>(options);
}
