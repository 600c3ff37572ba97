using System.Formats.Cbor;
using System.Reflection;
using SerBench.Core.Contenders.HandWritten;

namespace SerBench.Core.Contenders;

/// <summary>System.Formats.Cbor has no serializer: code per model, as its users write it; a record is a definite-length array.</summary>
internal sealed class HandWrittenCbor() : Contender(
    "cbor", "System.Formats.Cbor", PayloadFormat.Binary, TextMode.Utf8, Generation.HandWritten,
    "hand-written per model: records as arrays of their fields, UUID tag 37, date tag 0; reused writer and reader, owned byte[] result")
{
    protected override Assembly LibraryAssembly => typeof(CborWriter).Assembly;

    public override string? PackageId => "System.Formats.Cbor";

    public override string? NotSafeOnThreads => "its codec reuses one writer and reader, so one codec cannot serve several threads at once";

    public override Codec<T> CreateCodec<T>(JsonConventions conventions) => CborCodecs.Create<T>();
}
