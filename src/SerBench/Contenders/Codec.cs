using System.Text;

namespace SerBench.Contenders;

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
}

/// <summary>
/// The base every contender's codec derives from: a typed serialize/deserialize pair, like a <c>JsonConverter&lt;T&gt;</c>.
/// <typeparamref name="TPayload"/> is <see cref="T:byte[]"/> (UTF-8 or binary) or <see cref="string"/> (UTF-16).
/// </summary>
public abstract class Codec<T, TPayload> : Codec<T> where T : class where TPayload : class
{
    public abstract TPayload Serialize(T value);

    public abstract T Deserialize(TPayload payload);

    public sealed override object SerializeUntyped(T value) => Serialize(value);

    public sealed override T DeserializeUntyped(object payload) => Deserialize((TPayload)payload);

    internal sealed override Func<object?> SerializeOne(T value) => () => Serialize(value);

    internal sealed override Func<object?> SerializeEach(T[] values) => () =>
    {
        TPayload? last = null;
        foreach (var value in values)
        {
            last = Serialize(value);
        }

        return last;
    };

    internal sealed override Func<object?> DeserializeOne(object payload)
    {
        var typed = (TPayload)payload;
        return () => Deserialize(typed);
    }

    internal sealed override Func<object?> DeserializeEach(object[] payloads)
    {
        var typed = payloads.Cast<TPayload>().ToArray();
        return () =>
        {
            T? last = null;
            foreach (var payload in typed)
            {
                last = Deserialize(payload);
            }

            return last;
        };
    }

    internal sealed override Func<object?> RoundTripOne(T value) => () => Deserialize(Serialize(value));

    internal sealed override Func<object?> RoundTripEach(T[] values) => () =>
    {
        T? last = null;
        foreach (var value in values)
        {
            last = Deserialize(Serialize(value));
        }

        return last;
    };
}

/// <summary>A codec built from two delegates; handy for contenders whose API is a pair of static calls.</summary>
public sealed class DelegateCodec<T, TPayload>(Func<T, TPayload> serialize, Func<TPayload, T> deserialize) : Codec<T, TPayload>
    where T : class where TPayload : class
{
    public override TPayload Serialize(T value) => serialize(value);

    public override T Deserialize(TPayload payload) => deserialize(payload);
}
