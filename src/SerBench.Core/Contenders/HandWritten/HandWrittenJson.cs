using System.Buffers;
using System.Runtime.CompilerServices;
using System.Text.Json;

namespace SerBench.Core.Contenders.HandWritten;

/// <summary>Property names of one model, precomputed in both casings so nothing is encoded per call.</summary>
internal sealed class JsonPropertyNames
{
    private readonly JsonEncodedText[] _declared;
    private readonly JsonEncodedText[] _camel;

    public JsonPropertyNames(params string[] declared)
    {
        _declared = [.. declared.Select(name => JsonEncodedText.Encode(name))];
        _camel = [.. declared.Select(name => JsonEncodedText.Encode(JsonNamingPolicy.CamelCase.ConvertName(name)))];
    }

    public JsonEncodedText[] For(JsonConventions conventions) => conventions.CamelCase ? _camel : _declared;

    /// <summary>Index of the property the reader is on, or -1; the expected one first, as every writer here keeps declaration order.</summary>
    public static int Find(ref Utf8JsonReader reader, JsonEncodedText[] names, int expected)
    {
        if ((uint)expected < (uint)names.Length && reader.ValueTextEquals(names[expected].EncodedUtf8Bytes))
        {
            return expected;
        }

        for (var i = 0; i < names.Length; i++)
        {
            if (reader.ValueTextEquals(names[i].EncodedUtf8Bytes))
            {
                return i;
            }
        }

        return -1;
    }
}

internal static class JsonEnumNames<TEnum> where TEnum : struct, Enum
{
    // Index = value: the model enums are int-based with values 0..n-1, checked here once rather than trusted.
    private static readonly JsonEncodedText[] Names = Enum.GetUnderlyingType(typeof(TEnum)) == typeof(int)
        && Enum.GetValues<TEnum>().Select((v, i) => Unsafe.As<TEnum, int>(ref v) == i).All(ok => ok)
            ? [.. Enum.GetNames<TEnum>().Select(name => JsonEncodedText.Encode(name))]
            : throw new NotSupportedException($"{typeof(TEnum).Name} is not an int enum numbered from 0.");

    public static void Write(Utf8JsonWriter writer, JsonEncodedText property, TEnum value, JsonConventions conventions)
    {
        // Unsafe.As, not Convert.ToInt32: the latter boxes, which a speed-of-light reference cannot afford (all model enums are int).
        var number = Unsafe.As<TEnum, int>(ref value);
        if (conventions.EnumsAsStrings && (uint)number < (uint)Names.Length)
        {
            writer.WriteString(property, Names[number]);
        }
        else
        {
            writer.WriteNumber(property, number);
        }
    }

    public static TEnum Read(ref Utf8JsonReader reader)
    {
        if (reader.TokenType == JsonTokenType.Number)
        {
            var number = reader.GetInt32();
            return Unsafe.As<int, TEnum>(ref number);
        }

        for (var i = 0; i < Names.Length; i++)
        {
            if (reader.ValueTextEquals(Names[i].EncodedUtf8Bytes))
            {
                var index = i;
                return Unsafe.As<int, TEnum>(ref index);
            }
        }

        throw new JsonException($"'{reader.GetString()}' is not a {typeof(TEnum).Name}.");
    }
}

/// <summary>Static so the codec calls it without dispatch.</summary>
internal interface IJsonLayout<T>
{
    static abstract void Write(Utf8JsonWriter writer, T value, JsonConventions conventions);

    static abstract T Read(ref Utf8JsonReader reader, JsonConventions conventions);
}

internal readonly struct ListJsonLayout<T, TElement> : IJsonLayout<List<T>> where TElement : IJsonLayout<T>
{
    public static void Write(Utf8JsonWriter writer, List<T> value, JsonConventions conventions)
    {
        writer.WriteStartArray();
        foreach (var item in value)
        {
            TElement.Write(writer, item, conventions);
        }

        writer.WriteEndArray();
    }

    public static List<T> Read(ref Utf8JsonReader reader, JsonConventions conventions)
    {
        Expect(ref reader, JsonTokenType.StartArray);
        var list = new List<T>();
        while (reader.Read() && reader.TokenType != JsonTokenType.EndArray)
        {
            list.Add(TElement.Read(ref reader, conventions));
        }

        return list;
    }

    internal static void Expect(ref Utf8JsonReader reader, JsonTokenType token)
    {
        if (reader.TokenType != token)
        {
            throw new JsonException($"Expected {token} but found {reader.TokenType} at byte {reader.TokenStartIndex}.");
        }
    }
}

/// <summary>Not thread-safe: the harness uses one codec per measured cell, on one thread.</summary>
internal sealed class HandWrittenJsonCodec<T, TLayout>(JsonConventions conventions) : Codec<T, byte[]>
    where T : class where TLayout : IJsonLayout<T>
{
    private readonly ArrayBufferWriter<byte> _buffer = new(16 * 1024);
    private readonly Utf8JsonWriter _writer = new(new ArrayBufferWriter<byte>(1));

    public override byte[] Serialize(T value)
    {
        _buffer.ResetWrittenCount();
        _writer.Reset(_buffer);
        TLayout.Write(_writer, value, conventions);
        _writer.Flush();
        return _buffer.WrittenSpan.ToArray();
    }

    public override T Deserialize(byte[] payload)
    {
        var reader = new Utf8JsonReader(payload);
        reader.Read();
        return TLayout.Read(ref reader, conventions);
    }
}
