using System.IO.Compression;

namespace SerBench.Sizes;

/// <summary>
/// How large a workload's output is: raw bytes, and compressed with the in-box gzip and Brotli encoders at
/// <see cref="CompressionLevel.Optimal"/> (what a web server or a file writer typically uses). For the "many" shape
/// each payload is compressed on its own, as N separate messages would be.
/// </summary>
public sealed record PayloadSizes(long Bytes, long GzipBytes, long BrotliBytes)
{
    public static PayloadSizes Measure(IEnumerable<ReadOnlyMemory<byte>> payloads)
    {
        long raw = 0, gzip = 0, brotli = 0;
        foreach (var payload in payloads)
        {
            raw += payload.Length;
            gzip += CompressedLength(payload, stream => new GZipStream(stream, CompressionLevel.Optimal, leaveOpen: true));
            brotli += CompressedLength(payload, stream => new BrotliStream(stream, CompressionLevel.Optimal, leaveOpen: true));
        }

        return new PayloadSizes(raw, gzip, brotli);
    }

    private static long CompressedLength(ReadOnlyMemory<byte> payload, Func<Stream, Stream> compressor)
    {
        using var output = new MemoryStream();
        using (var compressing = compressor(output))
        {
            compressing.Write(payload.Span);
        }

        return output.Length;
    }
}
