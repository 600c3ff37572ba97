using System.Formats.Cbor;
using SerBench.Core.Payloads;

namespace SerBench.Core.Contenders.HandWritten;

/// <summary>Static so the codec calls it without dispatch.</summary>
internal interface ICborLayout<T>
{
    static abstract void Write(CborWriter writer, T value);

    static abstract T Read(CborReader reader);
}

/// <summary>One reused writer and reader, as code handling many messages has; not thread-safe (one codec per cell, one thread).</summary>
internal sealed class CborCodec<T, TLayout> : Codec<T, byte[]> where T : class where TLayout : ICborLayout<T>
{
    private readonly CborWriter _writer = new(CborConformanceMode.Strict, convertIndefiniteLengthEncodings: false, allowMultipleRootLevelValues: false);
    private readonly CborReader _reader = new(ReadOnlyMemory<byte>.Empty, CborConformanceMode.Strict);

    public override byte[] Serialize(T value)
    {
        _writer.Reset();
        TLayout.Write(_writer, value);
        return _writer.Encode();
    }

    public override T Deserialize(byte[] payload)
    {
        _reader.Reset(payload);
        var value = TLayout.Read(_reader);
        return _reader.BytesRemaining == 0 ? value : throw new CborContentException($"{_reader.BytesRemaining} bytes follow the encoded value.");
    }
}

internal static class CborCodecs
{
    public static Codec<T> Create<T>() where T : class
    {
        object? codec = typeof(T) switch
        {
            var t when t == typeof(SaveGame) => new CborCodec<SaveGame, SaveGameCborLayout>(),
            var t when t == typeof(List<SaveGame>) => new CborCodec<List<SaveGame>, ListCborLayout<SaveGame, SaveGameCborLayout>>(),
            var t when t == typeof(OfficeWorker) => new CborCodec<OfficeWorker, OfficeWorkerCborLayout>(),
            var t when t == typeof(List<OfficeWorker>) => new CborCodec<List<OfficeWorker>, ListCborLayout<OfficeWorker, OfficeWorkerCborLayout>>(),
            var t when t == typeof(User) => new CborCodec<User, UserCborLayout>(),
            var t when t == typeof(List<User>) => new CborCodec<List<User>, ListCborLayout<User, UserCborLayout>>(),
            var t when t == typeof(Person) => new CborCodec<Person, PersonCborLayout>(),
            var t when t == typeof(List<Person>) => new CborCodec<List<Person>, ListCborLayout<Person, PersonCborLayout>>(),
            _ => null,
        };
        return codec as Codec<T> ?? throw new NotSupportedException($"No hand-written CBOR layout exists for {typeof(T).Name}.");
    }
}

/// <summary>The encodings the layouts share: a record as a definite-length array of its fields, and the tagged types.</summary>
internal static class CborFields
{
    /// <summary>IANA's CBOR tag for a UUID: a 16-byte string in RFC 4122 (big-endian) order.</summary>
    private const CborTag UuidTag = (CborTag)37;

    /// <summary>Reads the array header of a record and checks its field count, so a reader never misreads another layout.</summary>
    public static void ReadRecord(CborReader reader, int fields, string type)
    {
        var length = reader.ReadStartArray();
        if (length != fields)
        {
            throw new CborContentException($"A {type} has {fields} fields, not {length?.ToString() ?? "an indefinite number"}.");
        }
    }

    public static void WriteGuid(CborWriter writer, Guid value)
    {
        Span<byte> bytes = stackalloc byte[16];
        value.TryWriteBytes(bytes, bigEndian: true, out _);
        writer.WriteTag(UuidTag);
        writer.WriteByteString(bytes);
    }

    public static Guid ReadGuid(CborReader reader)
    {
        var tag = reader.ReadTag();
        if (tag != UuidTag)
        {
            throw new CborContentException($"Expected the UUID tag 37, found tag {(ulong)tag}.");
        }

        Span<byte> bytes = stackalloc byte[16];
        return reader.TryReadByteString(bytes, out var written) && written == 16
            ? new Guid(bytes, bigEndian: true)
            : throw new CborContentException("A UUID must be a 16-byte string.");
    }

    /// <summary>A count from an array header, checked against the bytes left before anything is allocated for it.</summary>
    public static int ReadCount(CborReader reader)
    {
        var length = reader.ReadStartArray();
        return length is { } count && count <= reader.BytesRemaining
            ? count
            : throw new CborContentException(length is null ? "Lists are written with a definite length." : $"{length} elements cannot fit in {reader.BytesRemaining} bytes.");
    }
}

internal readonly struct SaveGameCborLayout : ICborLayout<SaveGame>
{
    public static void Write(CborWriter writer, SaveGame value)
    {
        writer.WriteStartArray(2);
        writer.WriteTextString(value.Name);
        writer.WriteInt32(value.HighScore);
        writer.WriteEndArray();
    }

    public static SaveGame Read(CborReader reader)
    {
        CborFields.ReadRecord(reader, 2, nameof(SaveGame));
        var game = new SaveGame { Name = reader.ReadTextString(), HighScore = reader.ReadInt32() };
        reader.ReadEndArray();
        return game;
    }
}

internal readonly struct OfficeWorkerCborLayout : ICborLayout<OfficeWorker>
{
    public static void Write(CborWriter writer, OfficeWorker value)
    {
        writer.WriteStartArray(5);
        writer.WriteTextString(value.Company);
        writer.WriteTextString(value.Department);
        writer.WriteTextString(value.Name);
        writer.WriteTextString(value.Sex);
        writer.WriteUInt32(value.Age);
        writer.WriteEndArray();
    }

    public static OfficeWorker Read(CborReader reader)
    {
        CborFields.ReadRecord(reader, 5, nameof(OfficeWorker));
        var worker = new OfficeWorker
        {
            Company = reader.ReadTextString(),
            Department = reader.ReadTextString(),
            Name = reader.ReadTextString(),
            Sex = reader.ReadTextString(),
            Age = reader.ReadUInt32(),
        };
        reader.ReadEndArray();
        return worker;
    }
}

internal readonly struct UserCborLayout : ICborLayout<User>
{
    public static void Write(CborWriter writer, User value)
    {
        writer.WriteStartArray(6);
        CborFields.WriteGuid(writer, value.Id);
        writer.WriteTextString(value.FirstName);
        writer.WriteTextString(value.LastName);
        writer.WriteTextString(value.FullName);
        writer.WriteTextString(value.UserName);
        writer.WriteTextString(value.Email);
        writer.WriteEndArray();
    }

    public static User Read(CborReader reader)
    {
        CborFields.ReadRecord(reader, 6, nameof(User));
        var user = new User(CborFields.ReadGuid(reader), reader.ReadTextString(), reader.ReadTextString(), reader.ReadTextString(), reader.ReadTextString(), reader.ReadTextString());
        reader.ReadEndArray();
        return user;
    }
}

internal readonly struct PersonCborLayout : ICborLayout<Person>
{
    private const int Fields = 22;

    public static void Write(CborWriter writer, Person value)
    {
        writer.WriteStartArray(Fields);
        writer.WriteTextString(value.Id);
        writer.WriteInt32(value.Index);
        CborFields.WriteGuid(writer, value.Guid);
        writer.WriteBoolean(value.IsActive);
        writer.WriteDouble(value.Balance);
        writer.WriteTextString(value.Picture);
        writer.WriteInt32(value.Age);
        writer.WriteInt32((int)value.EyeColor);
        writer.WriteTextString(value.Name);
        writer.WriteInt32((int)value.Gender);
        writer.WriteTextString(value.Company);
        writer.WriteTextString(value.Email);
        writer.WriteTextString(value.Phone);
        writer.WriteTextString(value.Address);
        writer.WriteTextString(value.About);
        // Tag 0 (RFC 3339 text) keeps the ticks and the offset, so the offset survives the round trip.
        writer.WriteDateTimeOffset(value.Registered);
        writer.WriteDouble(value.Latitude);
        writer.WriteDouble(value.Longitude);
        writer.WriteStartArray(value.Tags.Count);
        foreach (var tag in value.Tags)
        {
            writer.WriteTextString(tag);
        }

        writer.WriteEndArray();
        writer.WriteStartArray(value.Friends.Count);
        foreach (var friend in value.Friends)
        {
            writer.WriteStartArray(2);
            writer.WriteInt32(friend.Id);
            writer.WriteTextString(friend.Name);
            writer.WriteEndArray();
        }

        writer.WriteEndArray();
        writer.WriteTextString(value.Greeting);
        writer.WriteTextString(value.FavoriteFruit);
        writer.WriteEndArray();
    }

    public static Person Read(CborReader reader)
    {
        CborFields.ReadRecord(reader, Fields, nameof(Person));
        var person = new Person
        {
            Id = reader.ReadTextString(),
            Index = reader.ReadInt32(),
            Guid = CborFields.ReadGuid(reader),
            IsActive = reader.ReadBoolean(),
            Balance = reader.ReadDouble(),
            Picture = reader.ReadTextString(),
            Age = reader.ReadInt32(),
            EyeColor = (EyeColor)reader.ReadInt32(),
            Name = reader.ReadTextString(),
            Gender = (Gender)reader.ReadInt32(),
            Company = reader.ReadTextString(),
            Email = reader.ReadTextString(),
            Phone = reader.ReadTextString(),
            Address = reader.ReadTextString(),
            About = reader.ReadTextString(),
            Registered = reader.ReadDateTimeOffset(),
            Latitude = reader.ReadDouble(),
            Longitude = reader.ReadDouble(),
        };
        var tagCount = CborFields.ReadCount(reader);
        person.Tags = new List<string>(tagCount);
        for (var i = 0; i < tagCount; i++)
        {
            person.Tags.Add(reader.ReadTextString());
        }

        reader.ReadEndArray();
        var friendCount = CborFields.ReadCount(reader);
        person.Friends = new List<Friend>(friendCount);
        for (var i = 0; i < friendCount; i++)
        {
            CborFields.ReadRecord(reader, 2, nameof(Friend));
            person.Friends.Add(new Friend { Id = reader.ReadInt32(), Name = reader.ReadTextString() });
            reader.ReadEndArray();
        }

        reader.ReadEndArray();
        person.Greeting = reader.ReadTextString();
        person.FavoriteFruit = reader.ReadTextString();
        reader.ReadEndArray();
        return person;
    }
}

internal readonly struct ListCborLayout<T, TElement> : ICborLayout<List<T>> where TElement : ICborLayout<T>
{
    public static void Write(CborWriter writer, List<T> value)
    {
        writer.WriteStartArray(value.Count);
        foreach (var item in value)
        {
            TElement.Write(writer, item);
        }

        writer.WriteEndArray();
    }

    public static List<T> Read(CborReader reader)
    {
        var count = CborFields.ReadCount(reader);
        var list = new List<T>(count);
        for (var i = 0; i < count; i++)
        {
            list.Add(TElement.Read(reader));
        }

        reader.ReadEndArray();
        return list;
    }
}
