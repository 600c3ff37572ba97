namespace SerBench.Core.Files;

internal enum InputFileProblem
{
    NotRegular,
    TooBig,
    NotUtf8,
}

/// <summary>A file SerBench will not read; the message names neither the path nor the option: the caller adds them.</summary>
internal sealed class InputFileException(string message, InputFileProblem problem) : IOException(message)
{
    public InputFileProblem Problem { get; } = problem;
}

/// <summary>
/// The one way SerBench reads a file someone else wrote: only a regular file, and never more than a limit counted on the
/// bytes read, not on the length the file system reports (0 for a device, anything for a file that grows).
/// </summary>
internal static class InputFile
{
    /// <summary><paramref name="what"/> says what it is read as ("one document"), for the message.</summary>
    public static byte[] ReadAll(string path, long maxBytes, string what)
    {
        using var stream = Open(path, maxBytes, what);
        var buffer = new MemoryStream();
        var chunk = new byte[81920];
        int read;
        while ((read = stream.Read(chunk, 0, chunk.Length)) > 0)
        {
            if (buffer.Length + read > maxBytes)
            {
                throw TooBig(null, maxBytes, what);
            }

            buffer.Write(chunk, 0, read);
        }

        return buffer.ToArray();
    }

    /// <summary>A JSON file someone wrote by hand or re-saved: UTF-8, after any byte order mark, or refused.</summary>
    public static byte[] ReadJson(string path, long maxBytes, string what)
    {
        var bytes = ReadAll(path, maxBytes, what);
        return TextStart(bytes) is var start and > 0 ? bytes[start..] : bytes;
    }

    /// <summary>
    /// <see cref="ReadJson"/> for readers that parse as they go: fails once more than <paramref name="maxBytes"/> have
    /// been read.
    /// </summary>
    public static Stream OpenJson(string path, long maxBytes, string what) => Open(path, maxBytes, what, json: true);

    private static Stream Open(string path, long maxBytes, string what, bool json = false)
    {
        if (FileKind.NotRegular(path) is { } kind)
        {
            throw new InputFileException($"is {kind}, not a regular file", InputFileProblem.NotRegular);
        }

        var stream = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 1, FileOptions.SequentialScan);
        try
        {
            if (stream.Length > maxBytes)
            {
                throw TooBig(stream.Length, maxBytes, what);
            }

            if (json)
            {
                Span<byte> start = stackalloc byte[4];
                stream.Position = TextStart(start[..stream.ReadAtLeast(start, start.Length, throwOnEndOfStream: false)]);
            }
        }
        catch
        {
            stream.Dispose();
            throw;
        }

        return new BoundedStream(stream, maxBytes, what);
    }

    // Notepad writes a byte order mark System.Text.Json refuses on bytes, PowerShell 5's `>` UTF-16 (FF FE, as UTF-32 LE starts).
    private static int TextStart(ReadOnlySpan<byte> start) =>
        start.StartsWith("\uFEFF"u8) ? 3
        : start.StartsWith((ReadOnlySpan<byte>)[0xFF, 0xFE, 0, 0]) ? throw NotUtf8("UTF-32 (little-endian)")
        : start.StartsWith((ReadOnlySpan<byte>)[0, 0, 0xFE, 0xFF]) ? throw NotUtf8("UTF-32 (big-endian)")
        : start.StartsWith((ReadOnlySpan<byte>)[0xFF, 0xFE]) ? throw NotUtf8("UTF-16 (little-endian)")
        : start.StartsWith((ReadOnlySpan<byte>)[0xFE, 0xFF]) ? throw NotUtf8("UTF-16 (big-endian)")
        : 0;

    private static InputFileException NotUtf8(string encoding) =>
        new($"is {encoding} text; save it as UTF-8", InputFileProblem.NotUtf8);

    private static InputFileException TooBig(long? length, long maxBytes, string what) =>
        new((length is { } bytes ? FormattableString.Invariant($"is {bytes:N0} bytes") : FormattableString.Invariant($"holds more than {maxBytes:N0} bytes")) +
            FormattableString.Invariant($"; SerBench reads at most {maxBytes:N0} bytes as {what}"), InputFileProblem.TooBig);

    private sealed class BoundedStream(Stream inner, long maxBytes, string what) : Stream
    {
        private long _read;

        public override int Read(byte[] buffer, int offset, int count) => Count(inner.Read(buffer, offset, count));

        public override int Read(Span<byte> buffer) => Count(inner.Read(buffer));

        public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
            Count(await inner.ReadAsync(buffer, cancellationToken).ConfigureAwait(false));

        public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
            ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

        private int Count(int read)
        {
            _read += read;
            return _read > maxBytes ? throw TooBig(null, maxBytes, what) : read;
        }

        public override bool CanRead => true;
        public override bool CanSeek => false;
        public override bool CanWrite => false;
        public override long Length => throw new NotSupportedException();
        public override long Position { get => _read; set => throw new NotSupportedException(); }
        public override void Flush() { }
        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
        public override void SetLength(long value) => throw new NotSupportedException();
        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

        protected override void Dispose(bool disposing)
        {
            if (disposing)
            {
                inner.Dispose();
            }

            base.Dispose(disposing);
        }
    }
}
