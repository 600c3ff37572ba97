using System.Text;

namespace SerBench.Core.Contenders;

/// <summary>
/// A contender's serializer for one type. The harness only sees this untyped face; the typed work happens in
/// <see cref="Codec{T, TPayload}"/> so the measured closures make one ordinary virtual call per operation.
/// </summary>
public abstract class Codec<T> where T : class
{
    /// <summary>Serializes and returns the owned payload (<see cref="T:byte[]"/> or <see cref="string"/>).</summary>
    public abstract object SerializeUntyped(T value);

    /// <summary>Deserializes a payload produced by <see cref="SerializeUntyped"/>.</summary>
    public abstract T DeserializeUntyped(object payload);

    /// <summary>The payload as UTF-8 (or raw) bytes: what would go on the wire or into a file.</summary>
    public static ReadOnlyMemory<byte> PayloadBytes(object payload) => payload switch
    {
        byte[] bytes => bytes,
        string text => Encoding.UTF8.GetBytes(text),
        _ => throw new InvalidOperationException($"A payload must be byte[] or string, not {payload.GetType().Name}."),
    };

    internal abstract Func<object?> SerializeOne(T value);

    internal abstract Func<object?> SerializeEach(T[] values);

    internal abstract Func<object?> DeserializeOne(object payload);

    internal abstract Func<object?> DeserializeEach(object[] payloads);

    internal abstract Func<object?> RoundTripOne(T value);

    internal abstract Func<object?> RoundTripEach(T[] values);

    /// <summary>The first-call probe's serialize: the library's first call, with nothing of the harness's before it.</summary>
    internal virtual Func<object?> FirstSerialize(T value) => () => SerializeUntyped(value);

    internal virtual Func<object?> FirstDeserialize(object payload) => () => DeserializeUntyped(payload);

    /// <summary>A "many" cell: one delegate call per item, as in the "one" cells.</summary>
    private protected static Func<object?> Each<TInput, TOutput>(TInput[] inputs, Func<TInput, TOutput> operation) => () =>
    {
        object? last = null;
        foreach (var input in inputs)
        {
            last = operation(input);
        }

        return last;
    };

    private protected static Func<object?> RoundTrips<TInput, TWire, TOutput>(TInput[] inputs, Func<TInput, TWire> serialize, Func<TWire, TOutput> deserialize) => () =>
    {
        object? last = null;
        foreach (var input in inputs)
        {
            last = deserialize(serialize(input));
        }

        return last;
    };
}

/// <summary>
/// The base every contender's codec derives from: a typed serialize/deserialize pair, like a <c>JsonConverter&lt;T&gt;</c>.
/// <typeparamref name="TPayload"/> is <see cref="T:byte[]"/> (UTF-8 or binary) or <see cref="string"/> (UTF-16).
/// </summary>
/// <remarks>
/// Every contender reaches its library through the same path in the timed loop: the measured closure invokes one
/// delegate, which is the library call itself (<see cref="DelegateCodec{T, TPayload}"/>'s own delegates) or is bound to
/// the codec's <see cref="Serialize"/>/<see cref="Deserialize"/> override. No contender pays an extra call that another does not.
/// </remarks>
public abstract class Codec<T, TPayload> : Codec<T> where T : class where TPayload : class
{
    public abstract TPayload Serialize(T value);

    public abstract T Deserialize(TPayload payload);

    /// <summary>The delegates the timed loop invokes.</summary>
    protected virtual Func<T, TPayload> SerializeFunction => Serialize;

    protected virtual Func<TPayload, T> DeserializeFunction => Deserialize;

    public sealed override object SerializeUntyped(T value) => Serialize(value);

    public sealed override T DeserializeUntyped(object payload) => Deserialize((TPayload)payload);

    internal sealed override Func<object?> SerializeOne(T value)
    {
        var serialize = SerializeFunction;
        return () => serialize(value);
    }

    internal sealed override Func<object?> SerializeEach(T[] values) => Each(values, SerializeFunction);

    internal sealed override Func<object?> DeserializeOne(object payload)
    {
        var typed = (TPayload)payload;
        var deserialize = DeserializeFunction;
        return () => deserialize(typed);
    }

    internal sealed override Func<object?> DeserializeEach(object[] payloads) => Each(payloads.Cast<TPayload>().ToArray(), DeserializeFunction);

    internal sealed override Func<object?> RoundTripOne(T value)
    {
        var serialize = SerializeFunction;
        var deserialize = DeserializeFunction;
        return () => deserialize(serialize(value));
    }

    internal sealed override Func<object?> RoundTripEach(T[] values) => RoundTrips(values, SerializeFunction, DeserializeFunction);
}

/// <summary>A codec built from two delegates; handy for contenders whose API is a pair of static calls.</summary>
public sealed class DelegateCodec<T, TPayload>(Func<T, TPayload> serialize, Func<TPayload, T> deserialize) : Codec<T, TPayload>
    where T : class where TPayload : class
{
    public override TPayload Serialize(T value) => serialize(value);

    public override T Deserialize(TPayload payload) => deserialize(payload);

    /// <summary>The library call itself, not a call to <see cref="Serialize"/> that calls it: one delegate, as for every codec.</summary>
    protected override Func<T, TPayload> SerializeFunction => serialize;

    protected override Func<TPayload, T> DeserializeFunction => deserialize;
}
