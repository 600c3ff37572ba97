namespace SerBench.Core.Files;

/// <summary>A file SerBench will not read; the message names neither the path nor the option: the caller adds them.</summary>
internal sealed class InputFileException(string message, bool tooBig) : IOException(message)
{
    public bool TooBig { get; } = tooBig;
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

    /// <summary>For readers that parse as they go: fails once more than <paramref name="maxBytes"/> have been read.</summary>
    public static Stream Open(string path, long maxBytes, string what)
    {
        if (FileKind.NotRegular(path) is { } kind)
        {
            throw new InputFileException($"is {kind}, not a regular file", tooBig: false);
        }

        var stream = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 1, FileOptions.SequentialScan);
        try
        {
            if (stream.Length > maxBytes)
            {
                throw TooBig(stream.Length, maxBytes, what);
            }
        }
        catch
        {
            stream.Dispose();
            throw;
        }

        return new BoundedStream(stream, maxBytes, what);
    }

    private static InputFileException TooBig(long? length, long maxBytes, string what) =>
        new((length is { } bytes ? FormattableString.Invariant($"is {bytes:N0} bytes") : FormattableString.Invariant($"holds more than {maxBytes:N0} bytes")) +
            FormattableString.Invariant($"; SerBench reads at most {maxBytes:N0} bytes as {what}"), tooBig: true);

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
