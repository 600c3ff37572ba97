using JsonSrcGen;
using SerBench.Core.Payloads;

// JsonSrcGen's generator needs each [Json] type declared once (it throws "An item with the same key has already been
// added" on a partial type), and renames only through [JsonName] on each property. So the pack declares models of its
// own, once with the names as declared and once with [JsonName] in camelCase, and SerBench maps its payloads to them
// before timing (MappedCodec). They are public: the converter JsonSrcGen generates is a public class with public methods.
// JsonSrcGen 1.1.1 has no enum support, and the custom converters it offers instead do not compile under C# 11's
// ref-safety rules (CS8347 in the generated calls), so the models hold the enums as their names.
[assembly: JsonList(typeof(SerBench.Packs.JsonSrcGen.PersonJson))]
[assembly: JsonList(typeof(SerBench.Packs.JsonSrcGen.UserJson))]
[assembly: JsonList(typeof(SerBench.Packs.JsonSrcGen.OfficeWorkerJson))]
[assembly: JsonList(typeof(SerBench.Packs.JsonSrcGen.SaveGameJson))]
[assembly: JsonList(typeof(SerBench.Packs.JsonSrcGen.PersonCamelJson))]
[assembly: JsonList(typeof(SerBench.Packs.JsonSrcGen.UserCamelJson))]
[assembly: JsonList(typeof(SerBench.Packs.JsonSrcGen.OfficeWorkerCamelJson))]
[assembly: JsonList(typeof(SerBench.Packs.JsonSrcGen.SaveGameCamelJson))]

namespace SerBench.Packs.JsonSrcGen;

/// <summary>What both sets of <see cref="Friend"/> hold, so that one mapping serves both.</summary>
internal interface IFriendJson
{
    int Id { get; set; }

    string Name { get; set; }
}

/// <summary>What both sets of <see cref="Person"/> hold; the enums as their names.</summary>
internal interface IPersonJson<TFriend> where TFriend : IFriendJson
{
    string Id { get; set; }
    int Index { get; set; }
    Guid Guid { get; set; }
    bool IsActive { get; set; }
    double Balance { get; set; }
    string Picture { get; set; }
    int Age { get; set; }
    string EyeColor { get; set; }
    string Name { get; set; }
    string Gender { get; set; }
    string Company { get; set; }
    string Email { get; set; }
    string Phone { get; set; }
    string Address { get; set; }
    string About { get; set; }
    DateTimeOffset Registered { get; set; }
    double Latitude { get; set; }
    double Longitude { get; set; }
    List<string> Tags { get; set; }
    List<TFriend> Friends { get; set; }
    string Greeting { get; set; }
    string FavoriteFruit { get; set; }
}

/// <summary>What both sets of <see cref="User"/> hold (settable: JsonSrcGen fills an existing instance).</summary>
internal interface IUserJson
{
    Guid Id { get; set; }
    string FirstName { get; set; }
    string LastName { get; set; }
    string FullName { get; set; }
    string UserName { get; set; }
    string Email { get; set; }
}

/// <summary>What both sets of <see cref="OfficeWorker"/> hold.</summary>
internal interface IOfficeWorkerJson
{
    string Company { get; set; }
    string Department { get; set; }
    string Name { get; set; }
    string Sex { get; set; }
    uint Age { get; set; }
}

/// <summary>What both sets of <see cref="SaveGame"/> hold.</summary>
internal interface ISaveGameJson
{
    string Name { get; set; }
    int HighScore { get; set; }
}

[Json]
public sealed class FriendJson : IFriendJson
{
    public int Id { get; set; }
    public string Name { get; set; } = "";
}

[Json]
public sealed class PersonJson : IPersonJson<FriendJson>
{
    public string Id { get; set; } = "";
    public int Index { get; set; }
    public Guid Guid { get; set; }
    public bool IsActive { get; set; }
    public double Balance { get; set; }
    public string Picture { get; set; } = "";
    public int Age { get; set; }
    public string EyeColor { get; set; } = "";
    public string Name { get; set; } = "";
    public string Gender { get; set; } = "";
    public string Company { get; set; } = "";
    public string Email { get; set; } = "";
    public string Phone { get; set; } = "";
    public string Address { get; set; } = "";
    public string About { get; set; } = "";
    public DateTimeOffset Registered { get; set; }
    public double Latitude { get; set; }
    public double Longitude { get; set; }
    public List<string> Tags { get; set; } = [];
    public List<FriendJson> Friends { get; set; } = [];
    public string Greeting { get; set; } = "";
    public string FavoriteFruit { get; set; } = "";
}

[Json]
public sealed class UserJson : IUserJson
{
    public Guid Id { get; set; }
    public string FirstName { get; set; } = "";
    public string LastName { get; set; } = "";
    public string FullName { get; set; } = "";
    public string UserName { get; set; } = "";
    public string Email { get; set; } = "";
}

[Json]
public sealed class OfficeWorkerJson : IOfficeWorkerJson
{
    public string Company { get; set; } = "";
    public string Department { get; set; } = "";
    public string Name { get; set; } = "";
    public string Sex { get; set; } = "";
    public uint Age { get; set; }
}

[Json]
public sealed class SaveGameJson : ISaveGameJson
{
    public string Name { get; set; } = "";
    public int HighScore { get; set; }
}

[Json]
public sealed class FriendCamelJson : IFriendJson
{
    [JsonName("id")] public int Id { get; set; }
    [JsonName("name")] public string Name { get; set; } = "";
}

[Json]
public sealed class PersonCamelJson : IPersonJson<FriendCamelJson>
{
    [JsonName("id")] public string Id { get; set; } = "";
    [JsonName("index")] public int Index { get; set; }
    [JsonName("guid")] public Guid Guid { get; set; }
    [JsonName("isActive")] public bool IsActive { get; set; }
    [JsonName("balance")] public double Balance { get; set; }
    [JsonName("picture")] public string Picture { get; set; } = "";
    [JsonName("age")] public int Age { get; set; }
    [JsonName("eyeColor")] public string EyeColor { get; set; } = "";
    [JsonName("name")] public string Name { get; set; } = "";
    [JsonName("gender")] public string Gender { get; set; } = "";
    [JsonName("company")] public string Company { get; set; } = "";
    [JsonName("email")] public string Email { get; set; } = "";
    [JsonName("phone")] public string Phone { get; set; } = "";
    [JsonName("address")] public string Address { get; set; } = "";
    [JsonName("about")] public string About { get; set; } = "";
    [JsonName("registered")] public DateTimeOffset Registered { get; set; }
    [JsonName("latitude")] public double Latitude { get; set; }
    [JsonName("longitude")] public double Longitude { get; set; }
    [JsonName("tags")] public List<string> Tags { get; set; } = [];
    [JsonName("friends")] public List<FriendCamelJson> Friends { get; set; } = [];
    [JsonName("greeting")] public string Greeting { get; set; } = "";
    [JsonName("favoriteFruit")] public string FavoriteFruit { get; set; } = "";
}

[Json]
public sealed class UserCamelJson : IUserJson
{
    [JsonName("id")] public Guid Id { get; set; }
    [JsonName("firstName")] public string FirstName { get; set; } = "";
    [JsonName("lastName")] public string LastName { get; set; } = "";
    [JsonName("fullName")] public string FullName { get; set; } = "";
    [JsonName("userName")] public string UserName { get; set; } = "";
    [JsonName("email")] public string Email { get; set; } = "";
}

[Json]
public sealed class OfficeWorkerCamelJson : IOfficeWorkerJson
{
    [JsonName("company")] public string Company { get; set; } = "";
    [JsonName("department")] public string Department { get; set; } = "";
    [JsonName("name")] public string Name { get; set; } = "";
    [JsonName("sex")] public string Sex { get; set; } = "";
    [JsonName("age")] public uint Age { get; set; }
}

[Json]
public sealed class SaveGameCamelJson : ISaveGameJson
{
    [JsonName("name")] public string Name { get; set; } = "";
    [JsonName("highScore")] public int HighScore { get; set; }
}
