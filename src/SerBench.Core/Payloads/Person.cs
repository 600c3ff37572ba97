using System.Runtime.Serialization;

namespace SerBench.Core.Payloads;

/// <summary>Eye colour of a <see cref="Person"/>; written as a string in the web-api study.</summary>
public enum EyeColor
{
    Blue,
    Brown,
    Green,
}

/// <summary>Gender of a <see cref="Person"/>; written as a string in the web-api study.</summary>
public enum Gender
{
    Female,
    Male,
    Other,
}

/// <summary>A friend entry inside <see cref="Person.Friends"/>.</summary>
public sealed partial class Friend
{
    public int Id { get; set; }

    public string Name { get; set; } = "";
}

/// <summary>
/// The study-1 model, shaped like the output of a JSON generator. Property order is the order of the
/// reference document, so every contender that keeps declaration order writes the same document.
/// </summary>
[DataContract]
public sealed partial class Person
{
    [DataMember(Name = "id", Order = 0)] public string Id { get; set; } = "";
    [DataMember(Name = "index", Order = 1)] public int Index { get; set; }
    [DataMember(Name = "guid", Order = 2)] public Guid Guid { get; set; }
    [DataMember(Name = "isActive", Order = 3)] public bool IsActive { get; set; }
    [DataMember(Name = "balance", Order = 4)] public double Balance { get; set; }
    [DataMember(Name = "picture", Order = 5)] public string Picture { get; set; } = "";
    [DataMember(Name = "age", Order = 6)] public int Age { get; set; }
    [DataMember(Name = "eyeColor", Order = 7)] public EyeColor EyeColor { get; set; }
    [DataMember(Name = "name", Order = 8)] public string Name { get; set; } = "";
    [DataMember(Name = "gender", Order = 9)] public Gender Gender { get; set; }
    [DataMember(Name = "company", Order = 10)] public string Company { get; set; } = "";
    [DataMember(Name = "email", Order = 11)] public string Email { get; set; } = "";
    [DataMember(Name = "phone", Order = 12)] public string Phone { get; set; } = "";
    [DataMember(Name = "address", Order = 13)] public string Address { get; set; } = "";
    [DataMember(Name = "about", Order = 14)] public string About { get; set; } = "";
    [DataMember(Name = "registered", Order = 15)] public DateTimeOffset Registered { get; set; }
    [DataMember(Name = "latitude", Order = 16)] public double Latitude { get; set; }
    [DataMember(Name = "longitude", Order = 17)] public double Longitude { get; set; }
    [DataMember(Name = "tags", Order = 18)] public List<string> Tags { get; set; } = [];
    [DataMember(Name = "friends", Order = 19)] public List<Friend> Friends { get; set; } = [];
    [DataMember(Name = "greeting", Order = 20)] public string Greeting { get; set; } = "";
    [DataMember(Name = "favoriteFruit", Order = 21)] public string FavoriteFruit { get; set; } = "";
}
