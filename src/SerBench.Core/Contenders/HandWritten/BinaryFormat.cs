using System.Buffers.Binary;
using System.Runtime.InteropServices;
using System.Text;

namespace SerBench.Core.Contenders.HandWritten;

/// <summary>
/// The json-vs-binary article's format: <c>[int32 total size, prefix included]</c> then each field, little-endian;
/// strings as code units followed by a NUL code unit. Variants: UTF-8 strings, and no size prefix.
/// </summary>
internal readonly record struct BinaryFormatOptions(bool Utf8Text, bool SizePrefix);

/// <summary>Where a binary layout writes: either a size counter or a span writer, so each layout is written once.</summary>
internal interface IBinarySink
{
    void WriteInt32(int value);

    void WriteInt64(long value);

    void WriteDouble(double value);

    void WriteBoolean(bool value);

    void WriteGuid(Guid value);

    void WriteString(string value);
}

/// <summary>Counts the bytes a value will take, so the output array is allocated once at its exact size.</summary>
internal struct BinarySizeCounter(bool utf8Text) : IBinarySink
{
    public int Size { get; private set; }

    public void WriteInt32(int value) => Size += sizeof(int);

    public void WriteInt64(long value) => Size += sizeof(long);

    public void WriteDouble(double value) => Size += sizeof(double);

    public void WriteBoolean(bool value) => Size += 1;

    public void WriteGuid(Guid value) => Size += 16;

    public void WriteString(string value) =>
        Size += utf8Text ? Encoding.UTF8.GetByteCount(value) + 1 : (value.Length + 1) * sizeof(char);
}

#if NET9_0_OR_GREATER
internal ref struct BinarySpanWriter(Span<byte> buffer, bool utf8Text) : IBinarySink
{
    private readonly Span<byte> _buffer = buffer;
#else
// .NET 8 has no ref struct interfaces (they need the .NET 9 runtime), so the net8.0 agent writes through the array.
internal struct BinarySpanWriter(byte[] buffer, bool utf8Text) : IBinarySink
{
    private readonly byte[] _array = buffer;

    private readonly Span<byte> _buffer => _array;
#endif
    private int _position;

    public readonly int Position => _position;

    public void WriteInt32(int value)
    {
        BinaryPrimitives.WriteInt32LittleEndian(_buffer[_position..], value);
        _position += sizeof(int);
    }

    public void WriteInt64(long value)
    {
        BinaryPrimitives.WriteInt64LittleEndian(_buffer[_position..], value);
        _position += sizeof(long);
    }

    public void WriteDouble(double value)
    {
        BinaryPrimitives.WriteDoubleLittleEndian(_buffer[_position..], value);
        _position += sizeof(double);
    }

    public void WriteBoolean(bool value) => _buffer[_position++] = value ? (byte)1 : (byte)0;

    public void WriteGuid(Guid value)
    {
        value.TryWriteBytes(_buffer[_position..]);
        _position += 16;
    }

    public void WriteString(string value)
    {
        if (utf8Text)
        {
            _position += Encoding.UTF8.GetBytes(value, _buffer[_position..]);
            _buffer[_position++] = 0;
            return;
        }

        var destination = _buffer[_position..];
        if (BitConverter.IsLittleEndian)
        {
            MemoryMarshal.AsBytes(value.AsSpan()).CopyTo(destination);
        }
        else
        {
            for (var i = 0; i < value.Length; i++)
            {
                BinaryPrimitives.WriteUInt16LittleEndian(destination[(i * 2)..], value[i]);
            }
        }

        _position += value.Length * sizeof(char);
        _buffer[_position++] = 0;
        _buffer[_position++] = 0;
    }
}

/// <summary>Reads what <see cref="BinarySpanWriter"/> wrote; every read is bounds-checked and a bad buffer is a <see cref="FormatException"/>.</summary>
internal ref struct BinaryFormatReader(ReadOnlySpan<byte> buffer, bool utf8Text)
{
    private readonly ReadOnlySpan<byte> _buffer = buffer;
    private int _position;

    public readonly int Remaining => _buffer.Length - _position;

    public int ReadInt32() => BinaryPrimitives.ReadInt32LittleEndian(Take(sizeof(int)));

    public long ReadInt64() => BinaryPrimitives.ReadInt64LittleEndian(Take(sizeof(long)));

    public double ReadDouble() => BinaryPrimitives.ReadDoubleLittleEndian(Take(sizeof(double)));

    public bool ReadBoolean() => Take(1)[0] != 0;

    public Guid ReadGuid() => new(Take(16));

    public string ReadString()
    {
        var rest = _buffer[_position..];
        if (utf8Text)
        {
            var end = rest.IndexOf((byte)0);
            if (end < 0)
            {
                throw new FormatException($"Unterminated UTF-8 string at byte {_position}.");
            }

            _position += end + 1;
            return Encoding.UTF8.GetString(rest[..end]);
        }

        var units = MemoryMarshal.Cast<byte, char>(rest[..(rest.Length & ~1)]);
        var length = units.IndexOf('\0');
        if (length < 0)
        {
            throw new FormatException($"Unterminated UTF-16 string at byte {_position}.");
        }

        _position += (length + 1) * sizeof(char);
        return BitConverter.IsLittleEndian ? new string(units[..length]) : ReadBigEndianHost(rest, length);
    }

    private static string ReadBigEndianHost(ReadOnlySpan<byte> bytes, int length) => string.Create(length, bytes.ToArray(), static (chars, raw) =>
    {
        for (var i = 0; i < chars.Length; i++)
        {
            chars[i] = (char)BinaryPrimitives.ReadUInt16LittleEndian(raw.AsSpan(i * 2));
        }
    });

    private ReadOnlySpan<byte> Take(int count)
    {
        if (_buffer.Length - _position < count)
        {
            throw new FormatException($"Buffer ends at byte {_buffer.Length}; {count} more bytes were needed at byte {_position}.");
        }

        var slice = _buffer.Slice(_position, count);
        _position += count;
        return slice;
    }
}

/// <summary>Static so the codec calls it without any dispatch.</summary>
internal interface IBinaryLayout<T>
{
    static abstract void Write<TSink>(ref TSink sink, T value) where TSink : IBinarySink
#if NET9_0_OR_GREATER
        , allows ref struct
#endif
        ;

    static abstract T Read(ref BinaryFormatReader reader);
}

internal sealed class BinaryCodec<T, TLayout>(BinaryFormatOptions options) : Codec<T, byte[]>
    where T : class where TLayout : IBinaryLayout<T>
{
    private const int PrefixSize = sizeof(int);

    public override byte[] Serialize(T value)
    {
        var counter = new BinarySizeCounter(options.Utf8Text);
        TLayout.Write(ref counter, value);
        var size = counter.Size + (options.SizePrefix ? PrefixSize : 0);
        var bytes = GC.AllocateUninitializedArray<byte>(size);
        var writer = new BinarySpanWriter(bytes, options.Utf8Text);
        if (options.SizePrefix)
        {
            writer.WriteInt32(size);
        }

        TLayout.Write(ref writer, value);
        return bytes;
    }

    public override T Deserialize(byte[] payload)
    {
        ReadOnlySpan<byte> body = payload;
        if (options.SizePrefix)
        {
            if (payload.Length < PrefixSize)
            {
                throw new FormatException($"Buffer of {payload.Length} bytes is shorter than the {PrefixSize}-byte size prefix.");
            }

            var declared = BinaryPrimitives.ReadInt32LittleEndian(payload);
            if (declared < PrefixSize || payload.Length < declared)
            {
                throw new FormatException($"Buffer of {payload.Length} bytes is shorter than its declared size of {declared} bytes.");
            }

            body = payload.AsSpan(PrefixSize, declared - PrefixSize);
        }

        var reader = new BinaryFormatReader(body, options.Utf8Text);
        return TLayout.Read(ref reader);
    }
}
