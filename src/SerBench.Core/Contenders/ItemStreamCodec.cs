namespace SerBench.Core.Contenders;

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
