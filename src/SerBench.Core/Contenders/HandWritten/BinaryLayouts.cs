using SerBench.Core.Payloads;

namespace SerBench.Core.Contenders.HandWritten;

internal readonly struct SaveGameBinaryLayout : IBinaryLayout<SaveGame>
{
    public static void Write<TSink>(ref TSink sink, SaveGame value) where TSink : IBinarySink
#if NET9_0_OR_GREATER
        , allows ref struct
#endif
    {
        sink.WriteString(value.Name);
        sink.WriteInt32(value.HighScore);
    }

    public static SaveGame Read(ref BinaryFormatReader reader) => new() { Name = reader.ReadString(), HighScore = reader.ReadInt32() };
}

internal readonly struct OfficeWorkerBinaryLayout : IBinaryLayout<OfficeWorker>
{
    public static void Write<TSink>(ref TSink sink, OfficeWorker value) where TSink : IBinarySink
#if NET9_0_OR_GREATER
        , allows ref struct
#endif
    {
        sink.WriteString(value.Company);
        sink.WriteString(value.Department);
        sink.WriteString(value.Name);
        sink.WriteString(value.Sex);
        sink.WriteInt32(unchecked((int)value.Age));
    }

    public static OfficeWorker Read(ref BinaryFormatReader reader) => new()
    {
        Company = reader.ReadString(),
        Department = reader.ReadString(),
        Name = reader.ReadString(),
        Sex = reader.ReadString(),
        Age = unchecked((uint)reader.ReadInt32()),
    };
}

internal readonly struct UserBinaryLayout : IBinaryLayout<User>
{
    public static void Write<TSink>(ref TSink sink, User value) where TSink : IBinarySink
#if NET9_0_OR_GREATER
        , allows ref struct
#endif
    {
        sink.WriteGuid(value.Id);
        sink.WriteString(value.FirstName);
        sink.WriteString(value.LastName);
        sink.WriteString(value.FullName);
        sink.WriteString(value.UserName);
        sink.WriteString(value.Email);
    }

    public static User Read(ref BinaryFormatReader reader) =>
        new(reader.ReadGuid(), reader.ReadString(), reader.ReadString(), reader.ReadString(), reader.ReadString(), reader.ReadString());
}

internal readonly struct PersonBinaryLayout : IBinaryLayout<Person>
{
    public static void Write<TSink>(ref TSink sink, Person value) where TSink : IBinarySink
#if NET9_0_OR_GREATER
        , allows ref struct
#endif
    {
        sink.WriteString(value.Id);
        sink.WriteInt32(value.Index);
        sink.WriteGuid(value.Guid);
        sink.WriteBoolean(value.IsActive);
        sink.WriteDouble(value.Balance);
        sink.WriteString(value.Picture);
        sink.WriteInt32(value.Age);
        sink.WriteInt32((int)value.EyeColor);
        sink.WriteString(value.Name);
        sink.WriteInt32((int)value.Gender);
        sink.WriteString(value.Company);
        sink.WriteString(value.Email);
        sink.WriteString(value.Phone);
        sink.WriteString(value.Address);
        sink.WriteString(value.About);
        // Clock time and offset, so the offset survives the round trip.
        sink.WriteInt64(value.Registered.Ticks);
        sink.WriteInt32((int)value.Registered.Offset.TotalMinutes);
        sink.WriteDouble(value.Latitude);
        sink.WriteDouble(value.Longitude);
        sink.WriteInt32(value.Tags.Count);
        foreach (var tag in value.Tags)
        {
            sink.WriteString(tag);
        }

        sink.WriteInt32(value.Friends.Count);
        foreach (var friend in value.Friends)
        {
            sink.WriteInt32(friend.Id);
            sink.WriteString(friend.Name);
        }

        sink.WriteString(value.Greeting);
        sink.WriteString(value.FavoriteFruit);
    }

    public static Person Read(ref BinaryFormatReader reader)
    {
        var person = new Person
        {
            Id = reader.ReadString(),
            Index = reader.ReadInt32(),
            Guid = reader.ReadGuid(),
            IsActive = reader.ReadBoolean(),
            Balance = reader.ReadDouble(),
            Picture = reader.ReadString(),
            Age = reader.ReadInt32(),
            EyeColor = (EyeColor)reader.ReadInt32(),
            Name = reader.ReadString(),
            Gender = (Gender)reader.ReadInt32(),
            Company = reader.ReadString(),
            Email = reader.ReadString(),
            Phone = reader.ReadString(),
            Address = reader.ReadString(),
            About = reader.ReadString(),
        };
        var ticks = reader.ReadInt64();
        person.Registered = new DateTimeOffset(ticks, TimeSpan.FromMinutes(reader.ReadInt32()));
        person.Latitude = reader.ReadDouble();
        person.Longitude = reader.ReadDouble();
        var tagCount = BinaryCounts.Check(reader.ReadInt32(), ref reader);
        person.Tags = new List<string>(tagCount);
        for (var i = 0; i < tagCount; i++)
        {
            person.Tags.Add(reader.ReadString());
        }

        var friendCount = BinaryCounts.Check(reader.ReadInt32(), ref reader);
        person.Friends = new List<Friend>(friendCount);
        for (var i = 0; i < friendCount; i++)
        {
            person.Friends.Add(new Friend { Id = reader.ReadInt32(), Name = reader.ReadString() });
        }

        person.Greeting = reader.ReadString();
        person.FavoriteFruit = reader.ReadString();
        return person;
    }
}

/// <summary>A list: int32 count, then the elements without their own size prefix.</summary>
internal readonly struct ListBinaryLayout<T, TElement> : IBinaryLayout<List<T>> where TElement : IBinaryLayout<T>
{
    public static void Write<TSink>(ref TSink sink, List<T> value) where TSink : IBinarySink
#if NET9_0_OR_GREATER
        , allows ref struct
#endif
    {
        sink.WriteInt32(value.Count);
        foreach (var item in value)
        {
            TElement.Write(ref sink, item);
        }
    }

    public static List<T> Read(ref BinaryFormatReader reader)
    {
        var count = BinaryCounts.Check(reader.ReadInt32(), ref reader);
        var list = new List<T>(count);
        for (var i = 0; i < count; i++)
        {
            list.Add(TElement.Read(ref reader));
        }

        return list;
    }
}

internal static class BinaryCounts
{
    /// <summary>Rejects a negative count or one larger than the bytes left could hold, before allocating for it.</summary>
    public static int Check(int count, ref BinaryFormatReader reader) =>
        count < 0 || count > reader.Remaining
            ? throw new FormatException($"Element count {count} is impossible with {reader.Remaining} bytes left.")
            : count;
}
