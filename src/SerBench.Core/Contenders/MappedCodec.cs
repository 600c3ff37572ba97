namespace SerBench.Core.Contenders;

/// <summary>
/// The two copies between a payload model <typeparamref name="T"/> and a pack's own model <typeparamref name="TOwn"/>:
/// for libraries that serialize only types declared their own way (generated messages, types a generator must see
/// declared once). The harness calls them outside the timed operation.
/// </summary>
/// <param name="ToOwn">Payload model → own model: before timing, for the values to serialize.</param>
/// <param name="FromOwn">Own model → payload model: in the gate, so the comparer sees what was read.</param>
public sealed record ModelMapping<T, TOwn>(Func<T, TOwn> ToOwn, Func<TOwn, T> FromOwn)
{
    /// <summary>The same mapping item by item, for the list workloads.</summary>
    public ModelMapping<List<T>, List<TOwn>> ForList() => new(list => list.ConvertAll(ToOwn.Invoke), list => list.ConvertAll(FromOwn.Invoke));

    /// <summary><see cref="ToOwn"/>, a throw named as the mapping's (<see cref="ModelMappingException"/>).</summary>
    internal TOwn Own(T value)
    {
        try
        {
            return ToOwn(value);
        }
        catch (Exception exception)
        {
            throw new ModelMappingException($"mapping {typeof(T).Name} to {typeof(TOwn).Name} failed", exception);
        }
    }

    /// <summary><see cref="FromOwn"/>, a throw named as the mapping's.</summary>
    internal T Model(TOwn own)
    {
        try
        {
            return FromOwn(own);
        }
        catch (Exception exception)
        {
            throw new ModelMappingException($"mapping {typeof(TOwn).Name} back to {typeof(T).Name} failed", exception);
        }
    }
}

/// <summary>
/// A codec over a pack's own model: the library serializes <typeparamref name="TOwn"/>, never the payload model
/// <typeparamref name="T"/>. The values are mapped to <typeparamref name="TOwn"/> when the timed closures are built, so
/// the timed loop makes the same one delegate call into the library as every <see cref="Codec{T, TPayload}"/>; the gate
/// maps what was read back to <typeparamref name="T"/> before comparing, so a mapping that loses a field is a MISMATCH.
/// </summary>
/// <remarks>
/// Deserialize cells time reading into <typeparamref name="TOwn"/> and nothing more: an application that declares its
/// own types reads into them. A mapping that throws is reported as a CRASH that names the mapping.
/// </remarks>
public sealed class MappedCodec<T, TOwn, TPayload>(ModelMapping<T, TOwn> mapping, Func<TOwn, TPayload> serialize, Func<TPayload, TOwn> deserialize)
    : Codec<T> where T : class where TOwn : class where TPayload : class
{
    public override object SerializeUntyped(T value) => serialize(ToOwn(value));

    public override T DeserializeUntyped(object payload) => mapping.Model(deserialize((TPayload)payload));

    internal override Func<object?> SerializeOne(T value)
    {
        var own = ToOwn(value);
        return () => serialize(own);
    }

    internal override Func<object?> SerializeEach(T[] values) => Each(Array.ConvertAll(values, ToOwn), serialize);

    internal override Func<object?> DeserializeOne(object payload)
    {
        var typed = (TPayload)payload;
        return () => deserialize(typed);
    }

    internal override Func<object?> DeserializeEach(object[] payloads) => Each(payloads.Cast<TPayload>().ToArray(), deserialize);

    internal override Func<object?> RoundTripOne(T value)
    {
        var own = ToOwn(value);
        return () => deserialize(serialize(own));
    }

    internal override Func<object?> RoundTripEach(T[] values) => RoundTrips(Array.ConvertAll(values, ToOwn), serialize, deserialize);

    internal override Func<object?> FirstSerialize(T value) => SerializeOne(value);

    internal override Func<object?> FirstDeserialize(object payload) => DeserializeOne(payload);

    private TOwn ToOwn(T value) => mapping.Own(value);
}

/// <summary>
/// A stream codec over a pack's own model, as <see cref="MappedCodec{T, TOwn, TPayload}"/>: the timed loop writes values
/// mapped before timing and reads into <typeparamref name="TOwn"/>; the gate's calls map both ways.
/// </summary>
public sealed class MappedStreamCodec<T, TOwn>(ModelMapping<T, TOwn> mapping, Func<Stream, TOwn, ValueTask> write, Func<Stream, ValueTask<TOwn>> read)
    : StreamCodec<T> where T : class where TOwn : class
{
    public override ValueTask SerializeAsync(Stream destination, T value) => write(destination, mapping.Own(value));

    public override async ValueTask<T> DeserializeAsync(Stream source) => mapping.Model(await read(source).ConfigureAwait(false));

    internal override Func<object?> SerializeEach(T[] values) => WriteEach(Array.ConvertAll(values, mapping.Own), write);

    internal override Func<object?> DeserializeEach(byte[][] payloads) => ReadEach(payloads, read);
}

/// <summary>A pack's model mapping threw: the pack's fault, not the library's; the gate shows it as that contender's CRASH.</summary>
public sealed class ModelMappingException(string message, Exception inner) : Exception(message, inner);
