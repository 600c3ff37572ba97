#if NET10_0_OR_GREATER
using System.Buffers;
using System.IO.Pipelines;
#endif

namespace SerBench.Core.Contenders;

/// <summary>Where an async cell's bytes go: a <see cref="Stream"/>, or a pipe (what ASP.NET Core's System.Text.Json formatters use).</summary>
internal enum AsyncPath
{
    Stream,
    Pipe,

    /// <summary>A JSON array read from a stream as an <see cref="IAsyncEnumerable{T}"/> of its items.</summary>
    Items,
}

/// <summary>
/// What the gate and the timed loop need of an async path, whatever it writes to: <see cref="StreamCodec{T}"/> or
/// <see cref="PipeCodec{T}"/>. Never a buffer copied into the stream: a library without the API throws
/// <see cref="NotSupportedException"/> instead.
/// </summary>
public abstract class AsyncCodec<T> where T : class
{
    private protected AsyncCodec()
    {
    }

    /// <summary>For a library whose reader returns <c>ValueTask&lt;T?&gt;</c>: no await, and no state machine, when it completed at once.</summary>
    public static ValueTask<T> NotNull(ValueTask<T?> pending) => pending.IsCompletedSuccessfully ? new(pending.Result!) : Awaited(pending);

    private static async ValueTask<T> Awaited(ValueTask<T?> pending) => (await pending.ConfigureAwait(false))!;

    /// <summary>The timed loop waits for the call: memory completes it at once, so no thread pool hop is timed.</summary>
    internal static void Wait(ValueTask pending)
    {
        if (pending.IsCompletedSuccessfully)
        {
            return;
        }

        Finish(pending.AsTask());
    }

    internal static TResult Wait<TResult>(ValueTask<TResult> pending) => pending.IsCompletedSuccessfully ? pending.Result : Finish(pending.AsTask());

    /// <summary>A call that never completes ends its cell as a CRASH naming this limit, not the whole process after the run's.</summary>
    internal static TimeSpan CallTimeLimit => TestTimeLimit.Value ?? TimeSpan.FromSeconds(30);

    // Lets a test see the limit hit in milliseconds, on its own flow only.
    internal static readonly AsyncLocal<TimeSpan?> TestTimeLimit = new();

    private static TResult Finish<TResult>(Task<TResult> task)
    {
        Finish((Task)task);
        return task.Result;
    }

    private static void Finish(Task task)
    {
        var limit = CallTimeLimit;
        bool done;
        try
        {
            // No timer per call: a blocking wait with a limit, for the calls that really went async.
            done = task.Wait(limit);
        }
        catch (AggregateException)
        {
            done = true; // Faulted or cancelled: GetResult below throws the library's own exception.
        }

        if (!done)
        {
            throw new TimeoutException(string.Create(System.Globalization.CultureInfo.InvariantCulture, $"timed out: the async call did not complete within {limit.TotalSeconds:0.###} s"));
        }

        task.GetAwaiter().GetResult();
    }

    /// <summary>A body that writes one value per call into a target it empties first, as a pooled response buffer is.</summary>
    internal abstract Func<object?> SerializeEach(T[] values);

    internal abstract Func<object?> DeserializeEach(byte[][] payloads);

    /// <summary>Reads only as far as the first item: <see cref="ItemStreamCodec{TItem}"/>'s.</summary>
    internal virtual Func<object?> FirstEach(byte[][] payloads) => throw new NotSupportedException("only an item stream has a first item");

    /// <summary>What one call writes, from empty.</summary>
    internal abstract byte[] Write(T value);

    internal abstract T Read(ReadOnlyMemory<byte> payload);
}

/// <summary>A contender's own async stream path for one type, as ASP.NET Core writes a response body and reads a request body.</summary>
public abstract class StreamCodec<T> : AsyncCodec<T> where T : class
{
    /// <summary>Writes <paramref name="value"/> to <paramref name="destination"/> and flushes what the library buffered.</summary>
    public abstract ValueTask SerializeAsync(Stream destination, T value);

    /// <summary>Reads one value from <paramref name="source"/>, which holds what <see cref="SerializeAsync"/> wrote.</summary>
    public abstract ValueTask<T> DeserializeAsync(Stream source);

    internal override Func<object?> SerializeEach(T[] values) => WriteEach(values, SerializeAsync);

    internal override Func<object?> DeserializeEach(byte[][] payloads) => ReadEach(payloads, DeserializeAsync);

    private protected static Func<object?> WriteEach<TValue>(TValue[] values, Func<Stream, TValue, ValueTask> write)
    {
        var stream = new MemoryStream();
        return () =>
        {
            foreach (var value in values)
            {
                stream.SetLength(0);
                Wait(write(stream, value));
            }

            return stream;
        };
    }

    private protected static Func<object?> ReadEach<TValue>(byte[][] payloads, Func<Stream, ValueTask<TValue>> read)
    {
        var streams = payloads.Select(p => new MemoryStream(p, writable: false)).ToArray();
        return () =>
        {
            object? last = null;
            foreach (var stream in streams)
            {
                stream.Position = 0;
                last = Wait(read(stream));
            }

            return last;
        };
    }

    internal sealed override byte[] Write(T value)
    {
        using var stream = new MemoryStream();
        Wait(SerializeAsync(stream, value));
        return stream.ToArray();
    }

    internal sealed override T Read(ReadOnlyMemory<byte> payload)
    {
        using var stream = new MemoryStream(payload.ToArray(), writable: false);
        return Wait(DeserializeAsync(stream));
    }
}

/// <summary>
/// A library's item-by-item read of a JSON array from a stream (System.Text.Json's <c>DeserializeAsyncEnumerable</c>), for
/// <c>deserialize-items</c> and <c>first-item</c>. It only reads: the gate checks the items it yields against the list.
/// </summary>
public abstract class ItemStreamCodec<TItem> : AsyncCodec<List<TItem>> where TItem : class
{
    public abstract IAsyncEnumerable<TItem?> DeserializeItemsAsync(Stream source);

    // Every item is taken and let go, as a consumer that streams them on would; the count is returned.
    private int ReadItems(MemoryStream stream, int most, List<TItem>? into = null)
    {
        stream.Position = 0;
        return Take(DeserializeItemsAsync(stream), most, into is null ? null : (item, _) => into.Add(item!));
    }

    /// <summary>The most one read of <paramref name="most"/> items keeps alive, sampled with a full collection every <paramref name="every"/> items and at the end.</summary>
    internal long PeakLiveBytes(byte[] payload, int most, int every)
    {
        var baseline = GC.GetTotalMemory(forceFullCollection: true);
        long peak = 0;
        Take(DeserializeItemsAsync(new MemoryStream(payload, writable: false)), most, (_, count) =>
        {
            if (count % every == 0 || count == most)
            {
                peak = Math.Max(peak, GC.GetTotalMemory(forceFullCollection: true) - baseline);
            }
        });
        return Math.Max(peak, GC.GetTotalMemory(forceFullCollection: true) - baseline);
    }

    // Each item is taken and let go. An enumerator whose call timed out is left undisposed: an async iterator throws on
    // DisposeAsync while suspended, and that would replace the timeout's CRASH reason.
    private static int Take(IAsyncEnumerable<TItem?> source, int most, Action<TItem?, int>? each)
    {
        var items = source.GetAsyncEnumerator();
        var count = 0;
        var pending = false;
        try
        {
            while (count < most)
            {
                pending = true;
                var more = Wait(items.MoveNextAsync());
                pending = false;
                if (!more)
                {
                    break;
                }

                count++;
                each?.Invoke(items.Current, count);
            }
        }
        finally
        {
            if (!pending)
            {
                AsyncCodec<List<TItem>>.Wait(items.DisposeAsync());
            }
        }

        return count;
    }

    internal sealed override Func<object?> DeserializeEach(byte[][] payloads) => Reads(payloads, int.MaxValue);

    internal sealed override Func<object?> FirstEach(byte[][] payloads) => Reads(payloads, 1);

    // A plain loop and a reused result in the timed body: the harness allocates nothing per call.
    private Func<object?> Reads(byte[][] payloads, int most)
    {
        var streams = payloads.Select(p => new MemoryStream(p, writable: false)).ToArray();
        var read = new ItemsRead();
        return () =>
        {
            read.Count = 0;
            foreach (var stream in streams)
            {
                read.Count += ReadItems(stream, most);
            }

            return read;
        };
    }

    internal sealed override Func<object?> SerializeEach(List<TItem>[] values) => throw new NotSupportedException("an item stream only reads");

    internal sealed override byte[] Write(List<TItem> value) => throw new NotSupportedException("an item stream only reads");

    internal sealed override List<TItem> Read(ReadOnlyMemory<byte> payload)
    {
        var items = new List<TItem>();
        ReadItems(new MemoryStream(payload.ToArray(), writable: false), int.MaxValue, items);
        return items;
    }
}

/// <summary>What an item-stream body read, reused so that the timed call boxes no count.</summary>
internal sealed class ItemsRead
{
    public int Count { get; set; }
}

/// <summary>An item stream codec from one delegate.</summary>
public sealed class DelegateItemStreamCodec<TItem>(Func<Stream, IAsyncEnumerable<TItem?>> deserialize) : ItemStreamCodec<TItem> where TItem : class
{
    public override IAsyncEnumerable<TItem?> DeserializeItemsAsync(Stream source) => deserialize(source);
}

/// <summary>
/// A library that writes to a <see cref="TextWriter"/> and reads a <see cref="TextReader"/>, as ASP.NET Core's
/// Newtonsoft formatters take it: a UTF-8 <see cref="StreamWriter"/> flushed with <c>FlushAsync</c>, a <see cref="StreamReader"/>.
/// The library's own calls are synchronous (MVC buffers a request body first; here it is in memory).
/// </summary>
public sealed class TextStreamCodec<T>(Action<TextWriter, T> write, Func<TextReader, T> read) : StreamCodec<T> where T : class
{
    private static readonly System.Text.UTF8Encoding Utf8NoBom = new(encoderShouldEmitUTF8Identifier: false);

    public override async ValueTask SerializeAsync(Stream destination, T value)
    {
        var writer = new StreamWriter(destination, Utf8NoBom, bufferSize: 1024, leaveOpen: true);
        await using (writer.ConfigureAwait(false))
        {
            write(writer, value);

            // What the writer buffered goes out asynchronously, not in a synchronous dispose.
            await writer.FlushAsync().ConfigureAwait(false);
        }
    }

    public override ValueTask<T> DeserializeAsync(Stream source)
    {
        using var reader = new StreamReader(source, Utf8NoBom, detectEncodingFromByteOrderMarks: false, bufferSize: 1024, leaveOpen: true);
        return new ValueTask<T>(read(reader));
    }
}

/// <summary>A stream codec built from two delegates, for libraries whose stream API is a pair of static calls.</summary>
public sealed class DelegateStreamCodec<T>(Func<Stream, T, ValueTask> serialize, Func<Stream, ValueTask<T>> deserialize) : StreamCodec<T> where T : class
{
    public override ValueTask SerializeAsync(Stream destination, T value) => serialize(destination, value);

    public override ValueTask<T> DeserializeAsync(Stream source) => deserialize(source);
}

#if NET10_0_OR_GREATER
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
