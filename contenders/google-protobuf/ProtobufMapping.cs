using Google.Protobuf;
using SerBench.Core.Payloads;
using SerBench.Packs.GoogleProtobuf.Messages;

namespace SerBench.Packs.GoogleProtobuf;

/// <summary>
/// Copies between the payload models and the message classes protoc generated from payloads.proto. Protocol buffers
/// have no Guid or DateTimeOffset: a Guid travels as its 16 bytes, a DateTimeOffset as UTC ticks plus offset minutes.
/// </summary>
internal static class ProtobufMapping
{
    public static PersonMessage ToMessage(Person p)
    {
        var message = new PersonMessage
        {
            Id = p.Id, Index = p.Index, Guid = GuidBytes(p.Guid), IsActive = p.IsActive, Balance = p.Balance, Picture = p.Picture, Age = p.Age,
            EyeColor = (EyeColorMessage)(int)p.EyeColor, Name = p.Name, Gender = (GenderMessage)(int)p.Gender, Company = p.Company, Email = p.Email,
            Phone = p.Phone, Address = p.Address, About = p.About, RegisteredUtcTicks = p.Registered.UtcTicks,
            RegisteredOffsetMinutes = (int)p.Registered.Offset.TotalMinutes, Latitude = p.Latitude, Longitude = p.Longitude,
            Greeting = p.Greeting, FavoriteFruit = p.FavoriteFruit,
        };
        message.Tags.Add(p.Tags);
        foreach (var friend in p.Friends)
        {
            message.Friends.Add(new FriendMessage { Id = friend.Id, Name = friend.Name });
        }

        return message;
    }

    public static Person FromMessage(PersonMessage m) => new()
    {
        Id = m.Id, Index = m.Index, Guid = new Guid(m.Guid.Span), IsActive = m.IsActive, Balance = m.Balance, Picture = m.Picture, Age = m.Age,
        EyeColor = (EyeColor)(int)m.EyeColor, Name = m.Name, Gender = (Gender)(int)m.Gender, Company = m.Company, Email = m.Email,
        Phone = m.Phone, Address = m.Address, About = m.About,
        Registered = new DateTimeOffset(m.RegisteredUtcTicks, TimeSpan.Zero).ToOffset(TimeSpan.FromMinutes(m.RegisteredOffsetMinutes)),
        Latitude = m.Latitude, Longitude = m.Longitude, Tags = [.. m.Tags], Friends = [.. m.Friends.Select(f => new Friend { Id = f.Id, Name = f.Name })],
        Greeting = m.Greeting, FavoriteFruit = m.FavoriteFruit,
    };

    public static UserMessage ToMessage(User u) => new()
    {
        Id = GuidBytes(u.Id), FirstName = u.FirstName, LastName = u.LastName, FullName = u.FullName, UserName = u.UserName, Email = u.Email,
    };

    public static User FromMessage(UserMessage m) => new(new Guid(m.Id.Span), m.FirstName, m.LastName, m.FullName, m.UserName, m.Email);

    public static OfficeWorkerMessage ToMessage(OfficeWorker w) => new() { Company = w.Company, Department = w.Department, Name = w.Name, Sex = w.Sex, Age = w.Age };

    public static OfficeWorker FromMessage(OfficeWorkerMessage m) => new() { Company = m.Company, Department = m.Department, Name = m.Name, Sex = m.Sex, Age = m.Age };

    public static SaveGameMessage ToMessage(SaveGame s) => new() { Name = s.Name, HighScore = s.HighScore };

    public static SaveGame FromMessage(SaveGameMessage m) => new() { Name = m.Name, HighScore = m.HighScore };

    private static ByteString GuidBytes(Guid guid)
    {
        Span<byte> bytes = stackalloc byte[16];
        guid.TryWriteBytes(bytes);
        return ByteString.CopyFrom(bytes);
    }
}
