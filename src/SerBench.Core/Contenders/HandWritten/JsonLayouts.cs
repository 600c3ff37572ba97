using System.Text.Json;
using SerBench.Core.Payloads;

namespace SerBench.Core.Contenders.HandWritten;

internal readonly struct SaveGameJsonLayout : IJsonLayout<SaveGame>
{
    private static readonly JsonPropertyNames Names = new(nameof(SaveGame.Name), nameof(SaveGame.HighScore));

    public static void Write(Utf8JsonWriter writer, SaveGame value, JsonConventions conventions)
    {
        var names = Names.For(conventions);
        writer.WriteStartObject();
        writer.WriteString(names[0], value.Name);
        writer.WriteNumber(names[1], value.HighScore);
        writer.WriteEndObject();
    }

    public static SaveGame Read(ref Utf8JsonReader reader, JsonConventions conventions)
    {
        ListJsonLayout<SaveGame, SaveGameJsonLayout>.Expect(ref reader, JsonTokenType.StartObject);
        var names = Names.For(conventions);
        var game = new SaveGame();
        var expected = 0;
        while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
        {
            var index = JsonPropertyNames.Find(ref reader, names, expected);
            reader.Read();
            switch (index)
            {
                case 0: game.Name = reader.GetString()!; break;
                case 1: game.HighScore = reader.GetInt32(); break;
                default: reader.Skip(); break;
            }

            expected = index + 1;
        }

        return game;
    }
}

internal readonly struct OfficeWorkerJsonLayout : IJsonLayout<OfficeWorker>
{
    private static readonly JsonPropertyNames Names = new(
        nameof(OfficeWorker.Company), nameof(OfficeWorker.Department), nameof(OfficeWorker.Name), nameof(OfficeWorker.Sex), nameof(OfficeWorker.Age));

    public static void Write(Utf8JsonWriter writer, OfficeWorker value, JsonConventions conventions)
    {
        var names = Names.For(conventions);
        writer.WriteStartObject();
        writer.WriteString(names[0], value.Company);
        writer.WriteString(names[1], value.Department);
        writer.WriteString(names[2], value.Name);
        writer.WriteString(names[3], value.Sex);
        writer.WriteNumber(names[4], value.Age);
        writer.WriteEndObject();
    }

    public static OfficeWorker Read(ref Utf8JsonReader reader, JsonConventions conventions)
    {
        ListJsonLayout<OfficeWorker, OfficeWorkerJsonLayout>.Expect(ref reader, JsonTokenType.StartObject);
        var names = Names.For(conventions);
        var worker = new OfficeWorker();
        var expected = 0;
        while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
        {
            var index = JsonPropertyNames.Find(ref reader, names, expected);
            reader.Read();
            switch (index)
            {
                case 0: worker.Company = reader.GetString()!; break;
                case 1: worker.Department = reader.GetString()!; break;
                case 2: worker.Name = reader.GetString()!; break;
                case 3: worker.Sex = reader.GetString()!; break;
                case 4: worker.Age = reader.GetUInt32(); break;
                default: reader.Skip(); break;
            }

            expected = index + 1;
        }

        return worker;
    }
}

internal readonly struct UserJsonLayout : IJsonLayout<User>
{
    private static readonly JsonPropertyNames Names = new(
        nameof(User.Id), nameof(User.FirstName), nameof(User.LastName), nameof(User.FullName), nameof(User.UserName), nameof(User.Email));

    public static void Write(Utf8JsonWriter writer, User value, JsonConventions conventions)
    {
        var names = Names.For(conventions);
        writer.WriteStartObject();
        writer.WriteString(names[0], value.Id);
        writer.WriteString(names[1], value.FirstName);
        writer.WriteString(names[2], value.LastName);
        writer.WriteString(names[3], value.FullName);
        writer.WriteString(names[4], value.UserName);
        writer.WriteString(names[5], value.Email);
        writer.WriteEndObject();
    }

    public static User Read(ref Utf8JsonReader reader, JsonConventions conventions)
    {
        ListJsonLayout<User, UserJsonLayout>.Expect(ref reader, JsonTokenType.StartObject);
        var names = Names.For(conventions);
        Guid id = default;
        string first = "", last = "", full = "", userName = "", email = "";
        var expected = 0;
        while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
        {
            var index = JsonPropertyNames.Find(ref reader, names, expected);
            reader.Read();
            switch (index)
            {
                case 0: id = reader.GetGuid(); break;
                case 1: first = reader.GetString()!; break;
                case 2: last = reader.GetString()!; break;
                case 3: full = reader.GetString()!; break;
                case 4: userName = reader.GetString()!; break;
                case 5: email = reader.GetString()!; break;
                default: reader.Skip(); break;
            }

            expected = index + 1;
        }

        return new User(id, first, last, full, userName, email);
    }
}

internal readonly struct PersonJsonLayout : IJsonLayout<Person>
{
    private static readonly JsonPropertyNames Names = new(
        nameof(Person.Id), nameof(Person.Index), nameof(Person.Guid), nameof(Person.IsActive), nameof(Person.Balance),
        nameof(Person.Picture), nameof(Person.Age), nameof(Person.EyeColor), nameof(Person.Name), nameof(Person.Gender),
        nameof(Person.Company), nameof(Person.Email), nameof(Person.Phone), nameof(Person.Address), nameof(Person.About),
        nameof(Person.Registered), nameof(Person.Latitude), nameof(Person.Longitude), nameof(Person.Tags), nameof(Person.Friends),
        nameof(Person.Greeting), nameof(Person.FavoriteFruit));

    private static readonly JsonPropertyNames FriendNames = new(nameof(Friend.Id), nameof(Friend.Name));

    public static void Write(Utf8JsonWriter writer, Person value, JsonConventions conventions)
    {
        var n = Names.For(conventions);
        writer.WriteStartObject();
        writer.WriteString(n[0], value.Id);
        writer.WriteNumber(n[1], value.Index);
        writer.WriteString(n[2], value.Guid);
        writer.WriteBoolean(n[3], value.IsActive);
        writer.WriteNumber(n[4], value.Balance);
        writer.WriteString(n[5], value.Picture);
        writer.WriteNumber(n[6], value.Age);
        JsonEnumNames<EyeColor>.Write(writer, n[7], value.EyeColor, conventions);
        writer.WriteString(n[8], value.Name);
        JsonEnumNames<Gender>.Write(writer, n[9], value.Gender, conventions);
        writer.WriteString(n[10], value.Company);
        writer.WriteString(n[11], value.Email);
        writer.WriteString(n[12], value.Phone);
        writer.WriteString(n[13], value.Address);
        writer.WriteString(n[14], value.About);
        writer.WriteString(n[15], value.Registered);
        writer.WriteNumber(n[16], value.Latitude);
        writer.WriteNumber(n[17], value.Longitude);
        writer.WriteStartArray(n[18]);
        foreach (var tag in value.Tags)
        {
            writer.WriteStringValue(tag);
        }

        writer.WriteEndArray();
        writer.WriteStartArray(n[19]);
        var f = FriendNames.For(conventions);
        foreach (var friend in value.Friends)
        {
            writer.WriteStartObject();
            writer.WriteNumber(f[0], friend.Id);
            writer.WriteString(f[1], friend.Name);
            writer.WriteEndObject();
        }

        writer.WriteEndArray();
        writer.WriteString(n[20], value.Greeting);
        writer.WriteString(n[21], value.FavoriteFruit);
        writer.WriteEndObject();
    }

    public static Person Read(ref Utf8JsonReader reader, JsonConventions conventions)
    {
        ListJsonLayout<Person, PersonJsonLayout>.Expect(ref reader, JsonTokenType.StartObject);
        var names = Names.For(conventions);
        var person = new Person();
        var expected = 0;
        while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
        {
            var index = JsonPropertyNames.Find(ref reader, names, expected);
            reader.Read();
            switch (index)
            {
                case 0: person.Id = reader.GetString()!; break;
                case 1: person.Index = reader.GetInt32(); break;
                case 2: person.Guid = reader.GetGuid(); break;
                case 3: person.IsActive = reader.GetBoolean(); break;
                case 4: person.Balance = reader.GetDouble(); break;
                case 5: person.Picture = reader.GetString()!; break;
                case 6: person.Age = reader.GetInt32(); break;
                case 7: person.EyeColor = JsonEnumNames<EyeColor>.Read(ref reader); break;
                case 8: person.Name = reader.GetString()!; break;
                case 9: person.Gender = JsonEnumNames<Gender>.Read(ref reader); break;
                case 10: person.Company = reader.GetString()!; break;
                case 11: person.Email = reader.GetString()!; break;
                case 12: person.Phone = reader.GetString()!; break;
                case 13: person.Address = reader.GetString()!; break;
                case 14: person.About = reader.GetString()!; break;
                case 15: person.Registered = reader.GetDateTimeOffset(); break;
                case 16: person.Latitude = reader.GetDouble(); break;
                case 17: person.Longitude = reader.GetDouble(); break;
                case 18: person.Tags = ReadTags(ref reader); break;
                case 19: person.Friends = ReadFriends(ref reader, conventions); break;
                case 20: person.Greeting = reader.GetString()!; break;
                case 21: person.FavoriteFruit = reader.GetString()!; break;
                default: reader.Skip(); break;
            }

            expected = index + 1;
        }

        return person;
    }

    private static List<string> ReadTags(ref Utf8JsonReader reader)
    {
        ListJsonLayout<Person, PersonJsonLayout>.Expect(ref reader, JsonTokenType.StartArray);
        var tags = new List<string>(7);
        while (reader.Read() && reader.TokenType != JsonTokenType.EndArray)
        {
            tags.Add(reader.GetString()!);
        }

        return tags;
    }

    private static List<Friend> ReadFriends(ref Utf8JsonReader reader, JsonConventions conventions)
    {
        ListJsonLayout<Person, PersonJsonLayout>.Expect(ref reader, JsonTokenType.StartArray);
        var names = FriendNames.For(conventions);
        var friends = new List<Friend>(3);
        while (reader.Read() && reader.TokenType == JsonTokenType.StartObject)
        {
            var friend = new Friend();
            var expected = 0;
            while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
            {
                var index = JsonPropertyNames.Find(ref reader, names, expected);
                reader.Read();
                switch (index)
                {
                    case 0: friend.Id = reader.GetInt32(); break;
                    case 1: friend.Name = reader.GetString()!; break;
                    default: reader.Skip(); break;
                }

                expected = index + 1;
            }

            friends.Add(friend);
        }

        return friends;
    }
}
