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
