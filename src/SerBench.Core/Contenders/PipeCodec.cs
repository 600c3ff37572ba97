#if NET10_0_OR_GREATER
using System.Buffers;
using System.IO.Pipelines;

namespace SerBench.Core.Contenders;

/// <summary>
/// A contender's own pipe path: a <see cref="PipeWriter"/>, as ASP.NET Core's response body writer, and a
/// <see cref="PipeReader"/>, as its request body reader (System.Text.Json's formatters since .NET 10).
/// </summary>
public abstract class PipeCodec<T> : AsyncCodec<T> where T : class
{
    /// <summary>Writes <paramref name="value"/> and flushes; the caller reads what was flushed.</summary>
    public abstract ValueTask SerializeAsync(PipeWriter destination, T value);

    public abstract ValueTask<T> DeserializeAsync(PipeReader source);

    internal sealed override Func<object?> SerializeEach(T[] values)
    {
        var pipe = new DrainedPipe();
        return () =>
        {
            foreach (var value in values)
            {
                pipe.Drained = 0;
                Wait(SerializeAsync(pipe.Writer, value));
            }

            return pipe;
        };
    }

    // A reader over the payload in memory per call, as a request body reader is per request.
    internal sealed override Func<object?> DeserializeEach(byte[][] payloads) => () =>
    {
        object? last = null;
        foreach (var payload in payloads)
        {
            last = Wait(DeserializeAsync(PipeReader.Create(new ReadOnlySequence<byte>(payload))));
        }

        return last;
    };

    internal sealed override byte[] Write(T value)
    {
        var pipe = DrainedPipe.NewPipe();
        Wait(SerializeAsync(pipe.Writer, value));
        pipe.Writer.Complete();
        var bytes = pipe.Reader.TryRead(out var result) ? result.Buffer.ToArray() : [];
        pipe.Reader.Complete();
        return bytes;
    }

    internal sealed override T Read(ReadOnlyMemory<byte> payload) => Wait(DeserializeAsync(PipeReader.Create(new ReadOnlySequence<byte>(payload))));
}

/// <summary>
/// One pipe for every call, read as a transport reads a response body: the reader's continuation runs inline at each
/// flush, so the pipe holds what one flush wrote, not the whole body.
/// </summary>
internal sealed class DrainedPipe
{
    /// <summary>No back-pressure, so a flush never waits for a reader; continuations inline, so no thread-pool hop.</summary>
    internal static Pipe NewPipe() => new(new PipeOptions(pauseWriterThreshold: 0, readerScheduler: PipeScheduler.Inline, writerScheduler: PipeScheduler.Inline,
        useSynchronizationContext: false));

    private readonly Pipe _pipe = NewPipe();

    public DrainedPipe() => _ = Drain();

    public PipeWriter Writer => _pipe.Writer;

    /// <summary>Bytes read since the last reset.</summary>
    public long Drained { get; set; }

    private async Task Drain()
    {
        while (true)
        {
            var result = await _pipe.Reader.ReadAsync().ConfigureAwait(false);
            Drained += result.Buffer.Length;
            _pipe.Reader.AdvanceTo(result.Buffer.End);
            if (result.IsCompleted)
            {
                return;
            }
        }
    }
}

/// <summary>
/// The pipe path of a library that writes to an <see cref="IBufferWriter{T}"/> and reads a <see cref="ReadOnlySequence{T}"/>:
/// it writes into the pipe's own memory and flushes, and reads once the pipe holds the whole body, as its ASP.NET Core formatters do.
/// </summary>
public sealed class BufferWriterPipeCodec<T>(Action<IBufferWriter<byte>, T> write, Func<ReadOnlySequence<byte>, T> read) : PipeCodec<T> where T : class
{
    public override ValueTask SerializeAsync(PipeWriter destination, T value)
    {
        write(destination, value);
        var flush = destination.FlushAsync();
        return flush.IsCompletedSuccessfully ? ValueTask.CompletedTask : Flushed(flush);
    }

    private static async ValueTask Flushed(ValueTask<FlushResult> flush) => await flush.ConfigureAwait(false);

    public override async ValueTask<T> DeserializeAsync(PipeReader source)
    {
        while (true)
        {
            var result = await source.ReadAsync().ConfigureAwait(false);
            if (result.IsCompleted)
            {
                var value = read(result.Buffer);
                source.AdvanceTo(result.Buffer.End);
                return value;
            }

            source.AdvanceTo(result.Buffer.Start, result.Buffer.End);
        }
    }
}

/// <summary>A pipe codec built from two delegates.</summary>
public sealed class DelegatePipeCodec<T>(Func<PipeWriter, T, ValueTask> serialize, Func<PipeReader, ValueTask<T>> deserialize) : PipeCodec<T> where T : class
{
    public override ValueTask SerializeAsync(PipeWriter destination, T value) => serialize(destination, value);

    public override ValueTask<T> DeserializeAsync(PipeReader source) => deserialize(source);
}
#endif
