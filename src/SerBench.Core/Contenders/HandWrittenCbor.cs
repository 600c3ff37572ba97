using System.Formats.Cbor;
using System.Reflection;
using SerBench.Core.Contenders.HandWritten;

namespace SerBench.Core.Contenders;

/// <summary>
/// CBOR (RFC 8949) through Microsoft's System.Formats.Cbor, which has no serializer: code per model on
/// <c>CborWriter</c>/<c>CborReader</c>, as its users write it. Each record is a definite-length array of its fields.
/// </summary>
internal sealed class HandWrittenCbor() : Contender(
    "cbor", "System.Formats.Cbor", PayloadFormat.Binary, TextMode.Utf8, Generation.HandWritten,
    "hand-written per model: records as arrays of their fields, UUID tag 37, date tag 0; reused writer and reader, owned byte[] result")
{
    protected override Assembly LibraryAssembly => typeof(CborWriter).Assembly;

    public override string? PackageId => "System.Formats.Cbor";

    public override Codec<T> CreateCodec<T>(JsonConventions conventions) => CborCodecs.Create<T>();
}
