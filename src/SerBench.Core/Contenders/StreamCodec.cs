namespace SerBench.Core.Contenders;

/// <summary>
/// A contender's own async stream path for one type, as ASP.NET Core writes a response body and reads a request body.
/// Never a buffer copied into the stream: a library without a stream API throws <see cref="NotSupportedException"/> instead.
/// </summary>
public abstract class StreamCodec<T> where T : class
{
    /// <summary>Writes <paramref name="value"/> to <paramref name="destination"/> and flushes what the library buffered.</summary>
    public abstract ValueTask SerializeAsync(Stream destination, T value);

    /// <summary>Reads one value from <paramref name="source"/>, which holds what <see cref="SerializeAsync"/> wrote.</summary>
    public abstract ValueTask<T> DeserializeAsync(Stream source);

    /// <summary>For a library whose reader returns <c>ValueTask&lt;T?&gt;</c>: no await, and no state machine, when it completed at once.</summary>
    public static ValueTask<T> NotNull(ValueTask<T?> pending) => pending.IsCompletedSuccessfully ? new(pending.Result!) : Awaited(pending);

    private static async ValueTask<T> Awaited(ValueTask<T?> pending) => (await pending.ConfigureAwait(false))!;

    /// <summary>The timed loop waits for the call: a memory stream completes it at once, so no thread pool hop is timed.</summary>
    internal static void Wait(ValueTask pending)
    {
        if (pending.IsCompletedSuccessfully)
        {
            return;
        }

        pending.AsTask().GetAwaiter().GetResult();
    }

    internal static T Wait(ValueTask<T> pending) => pending.IsCompletedSuccessfully ? pending.Result : pending.AsTask().GetAwaiter().GetResult();

    /// <summary>One memory stream, emptied before each call, keeps its capacity as a pooled response buffer does.</summary>
    internal Func<object?> SerializeOne(T value)
    {
        var stream = new MemoryStream();
        return () =>
        {
            stream.SetLength(0);
            Wait(SerializeAsync(stream, value));
            return stream;
        };
    }

    internal Func<object?> SerializeEach(T[] values)
    {
        var stream = new MemoryStream();
        return () =>
        {
            foreach (var value in values)
            {
                stream.SetLength(0);
                Wait(SerializeAsync(stream, value));
            }

            return stream;
        };
    }

    internal Func<object?> DeserializeOne(byte[] payload)
    {
        var stream = new MemoryStream(payload, writable: false);
        return () =>
        {
            stream.Position = 0;
            return Wait(DeserializeAsync(stream));
        };
    }

    internal Func<object?> DeserializeEach(byte[][] payloads)
    {
        var streams = payloads.Select(p => new MemoryStream(p, writable: false)).ToArray();
        return () =>
        {
            object? last = null;
            foreach (var stream in streams)
            {
                stream.Position = 0;
                last = Wait(DeserializeAsync(stream));
            }

            return last;
        };
    }

    /// <summary>What <see cref="SerializeAsync"/> wrote, from an empty stream.</summary>
    internal byte[] Write(T value)
    {
        using var stream = new MemoryStream();
        Wait(SerializeAsync(stream, value));
        return stream.ToArray();
    }

    internal T Read(ReadOnlyMemory<byte> payload)
    {
        using var stream = new MemoryStream(payload.ToArray(), writable: false);
        return Wait(DeserializeAsync(stream));
    }
}

/// <summary>A stream codec built from two delegates, for libraries whose stream API is a pair of static calls.</summary>
public sealed class DelegateStreamCodec<T>(Func<Stream, T, ValueTask> serialize, Func<Stream, ValueTask<T>> deserialize) : StreamCodec<T> where T : class
{
    public override ValueTask SerializeAsync(Stream destination, T value) => serialize(destination, value);

    public override ValueTask<T> DeserializeAsync(Stream source) => deserialize(source);
}
