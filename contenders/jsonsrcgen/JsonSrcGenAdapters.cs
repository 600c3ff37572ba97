using System.Reflection;
using SerBench.Core.Contenders;
using SerBench.Core.Payloads;
using SerBench.Core.Packs;
using Converter = JsonSrcGen.JsonConverter;

namespace SerBench.Packs.JsonSrcGen;

/// <summary>
/// The converter JsonSrcGen generated for the pack's own models (Models.cs): names as declared, or the camelCase set
/// when the study asks for camelCase. It returns spans over its own reused buffer; the codecs copy them into an owned
/// byte[] or string, like every other contender's result. Reading fills a new instance.
/// </summary>
internal static class JsonSrcGenCodecs
{
    public static Assembly Assembly => typeof(Converter).Assembly;

    public static Codec<T> Create<T>(JsonConventions conventions, bool utf16) where T : class
    {
        var c = new Converter();
        var codec = conventions.CamelCase ? Camel(typeof(T), c, utf16) : Declared(typeof(T), c, utf16);
        return codec as Codec<T> ?? throw new NotSupportedException($"the JsonSrcGen pack declares no model of its own for {typeof(T).Name}");
    }

    private static object? Declared(Type type, Converter c, bool utf16) => type switch
    {
        _ when type == typeof(Person) => Codec(Mapping.Person<PersonJson, FriendJson>(), utf16, v => c.ToJsonUtf8(v).ToArray(), b => { var o = new PersonJson(); c.FromJson(o, b); return o; }, v => c.ToJson(v).ToString(), s => { var o = new PersonJson(); c.FromJson(o, s); return o; }),
        _ when type == typeof(List<Person>) => Codec(Mapping.Person<PersonJson, FriendJson>().ForList(), utf16, v => c.ToJsonUtf8(v).ToArray(), b => c.FromJson(new List<PersonJson>(), b)!, v => c.ToJson(v).ToString(), s => c.FromJson(new List<PersonJson>(), s)!),
        _ when type == typeof(User) => Codec(Mapping.User<UserJson>(), utf16, v => c.ToJsonUtf8(v).ToArray(), b => { var o = new UserJson(); c.FromJson(o, b); return o; }, v => c.ToJson(v).ToString(), s => { var o = new UserJson(); c.FromJson(o, s); return o; }),
        _ when type == typeof(List<User>) => Codec(Mapping.User<UserJson>().ForList(), utf16, v => c.ToJsonUtf8(v).ToArray(), b => c.FromJson(new List<UserJson>(), b)!, v => c.ToJson(v).ToString(), s => c.FromJson(new List<UserJson>(), s)!),
        _ when type == typeof(OfficeWorker) => Codec(Mapping.OfficeWorker<OfficeWorkerJson>(), utf16, v => c.ToJsonUtf8(v).ToArray(), b => { var o = new OfficeWorkerJson(); c.FromJson(o, b); return o; }, v => c.ToJson(v).ToString(), s => { var o = new OfficeWorkerJson(); c.FromJson(o, s); return o; }),
        _ when type == typeof(List<OfficeWorker>) => Codec(Mapping.OfficeWorker<OfficeWorkerJson>().ForList(), utf16, v => c.ToJsonUtf8(v).ToArray(), b => c.FromJson(new List<OfficeWorkerJson>(), b)!, v => c.ToJson(v).ToString(), s => c.FromJson(new List<OfficeWorkerJson>(), s)!),
        _ when type == typeof(SaveGame) => Codec(Mapping.SaveGame<SaveGameJson>(), utf16, v => c.ToJsonUtf8(v).ToArray(), b => { var o = new SaveGameJson(); c.FromJson(o, b); return o; }, v => c.ToJson(v).ToString(), s => { var o = new SaveGameJson(); c.FromJson(o, s); return o; }),
        _ when type == typeof(List<SaveGame>) => Codec(Mapping.SaveGame<SaveGameJson>().ForList(), utf16, v => c.ToJsonUtf8(v).ToArray(), b => c.FromJson(new List<SaveGameJson>(), b)!, v => c.ToJson(v).ToString(), s => c.FromJson(new List<SaveGameJson>(), s)!),
        _ => null,
    };

    private static object? Camel(Type type, Converter c, bool utf16) => type switch
    {
        _ when type == typeof(Person) => Codec(Mapping.Person<PersonCamelJson, FriendCamelJson>(), utf16, v => c.ToJsonUtf8(v).ToArray(), b => { var o = new PersonCamelJson(); c.FromJson(o, b); return o; }, v => c.ToJson(v).ToString(), s => { var o = new PersonCamelJson(); c.FromJson(o, s); return o; }),
        _ when type == typeof(List<Person>) => Codec(Mapping.Person<PersonCamelJson, FriendCamelJson>().ForList(), utf16, v => c.ToJsonUtf8(v).ToArray(), b => c.FromJson(new List<PersonCamelJson>(), b)!, v => c.ToJson(v).ToString(), s => c.FromJson(new List<PersonCamelJson>(), s)!),
        _ when type == typeof(User) => Codec(Mapping.User<UserCamelJson>(), utf16, v => c.ToJsonUtf8(v).ToArray(), b => { var o = new UserCamelJson(); c.FromJson(o, b); return o; }, v => c.ToJson(v).ToString(), s => { var o = new UserCamelJson(); c.FromJson(o, s); return o; }),
        _ when type == typeof(List<User>) => Codec(Mapping.User<UserCamelJson>().ForList(), utf16, v => c.ToJsonUtf8(v).ToArray(), b => c.FromJson(new List<UserCamelJson>(), b)!, v => c.ToJson(v).ToString(), s => c.FromJson(new List<UserCamelJson>(), s)!),
        _ when type == typeof(OfficeWorker) => Codec(Mapping.OfficeWorker<OfficeWorkerCamelJson>(), utf16, v => c.ToJsonUtf8(v).ToArray(), b => { var o = new OfficeWorkerCamelJson(); c.FromJson(o, b); return o; }, v => c.ToJson(v).ToString(), s => { var o = new OfficeWorkerCamelJson(); c.FromJson(o, s); return o; }),
        _ when type == typeof(List<OfficeWorker>) => Codec(Mapping.OfficeWorker<OfficeWorkerCamelJson>().ForList(), utf16, v => c.ToJsonUtf8(v).ToArray(), b => c.FromJson(new List<OfficeWorkerCamelJson>(), b)!, v => c.ToJson(v).ToString(), s => c.FromJson(new List<OfficeWorkerCamelJson>(), s)!),
        _ when type == typeof(SaveGame) => Codec(Mapping.SaveGame<SaveGameCamelJson>(), utf16, v => c.ToJsonUtf8(v).ToArray(), b => { var o = new SaveGameCamelJson(); c.FromJson(o, b); return o; }, v => c.ToJson(v).ToString(), s => { var o = new SaveGameCamelJson(); c.FromJson(o, s); return o; }),
        _ when type == typeof(List<SaveGame>) => Codec(Mapping.SaveGame<SaveGameCamelJson>().ForList(), utf16, v => c.ToJsonUtf8(v).ToArray(), b => c.FromJson(new List<SaveGameCamelJson>(), b)!, v => c.ToJson(v).ToString(), s => c.FromJson(new List<SaveGameCamelJson>(), s)!),
        _ => null,
    };

    /// <summary>The UTF-8 or the UTF-16 codec of one own model: the converter's calls come in pairs per text mode.</summary>
    private static object Codec<T, TOwn>(
        ModelMapping<T, TOwn> mapping, bool utf16,
        Func<TOwn, byte[]> toUtf8, Func<byte[], TOwn> fromUtf8, Func<TOwn, string> toText, Func<string, TOwn> fromText)
        where T : class where TOwn : class =>
        utf16 ? new MappedCodec<T, TOwn, string>(mapping, toText, fromText) : new MappedCodec<T, TOwn, byte[]>(mapping, toUtf8, fromUtf8);
}

/// <summary>Copies between SerBench's payload models and either set of the pack's own models; never timed.</summary>
internal static class Mapping
{
    public static ModelMapping<Person, TPerson> Person<TPerson, TFriend>()
        where TPerson : class, IPersonJson<TFriend>, new() where TFriend : class, IFriendJson, new() => new(
        p => new TPerson
        {
            Id = p.Id, Index = p.Index, Guid = p.Guid, IsActive = p.IsActive, Balance = p.Balance, Picture = p.Picture, Age = p.Age,
            EyeColor = p.EyeColor.ToString(), Name = p.Name, Gender = p.Gender.ToString(), Company = p.Company, Email = p.Email, Phone = p.Phone,
            Address = p.Address, About = p.About, Registered = p.Registered, Latitude = p.Latitude, Longitude = p.Longitude,
            Tags = [.. p.Tags], Friends = p.Friends.ConvertAll(f => new TFriend { Id = f.Id, Name = f.Name }), Greeting = p.Greeting,
            FavoriteFruit = p.FavoriteFruit,
        },
        j => new Person
        {
            Id = j.Id, Index = j.Index, Guid = j.Guid, IsActive = j.IsActive, Balance = j.Balance, Picture = j.Picture, Age = j.Age,
            EyeColor = Enum.Parse<EyeColor>(j.EyeColor), Name = j.Name, Gender = Enum.Parse<Gender>(j.Gender), Company = j.Company, Email = j.Email, Phone = j.Phone,
            Address = j.Address, About = j.About, Registered = j.Registered, Latitude = j.Latitude, Longitude = j.Longitude,
            Tags = [.. j.Tags], Friends = j.Friends.ConvertAll(f => new Friend { Id = f.Id, Name = f.Name }), Greeting = j.Greeting,
            FavoriteFruit = j.FavoriteFruit,
        });

    public static ModelMapping<User, TUser> User<TUser>() where TUser : class, IUserJson, new() => new(
        u => new TUser { Id = u.Id, FirstName = u.FirstName, LastName = u.LastName, FullName = u.FullName, UserName = u.UserName, Email = u.Email },
        j => new User(j.Id, j.FirstName, j.LastName, j.FullName, j.UserName, j.Email));

    public static ModelMapping<OfficeWorker, TWorker> OfficeWorker<TWorker>() where TWorker : class, IOfficeWorkerJson, new() => new(
        w => new TWorker { Company = w.Company, Department = w.Department, Name = w.Name, Sex = w.Sex, Age = w.Age },
        j => new OfficeWorker { Company = j.Company, Department = j.Department, Name = j.Name, Sex = j.Sex, Age = j.Age });

    public static ModelMapping<SaveGame, TGame> SaveGame<TGame>() where TGame : class, ISaveGameJson, new() => new(
        g => new TGame { Name = g.Name, HighScore = g.HighScore },
        j => new SaveGame { Name = j.Name, HighScore = j.HighScore });
}

[PackContender("jsonsrcgen")]
internal sealed class JsonSrcGenUtf8 : ContenderAdapter
{
    public override Assembly LibraryAssembly => JsonSrcGenCodecs.Assembly;

    public override Codec<T> CreateCodec<T>(JsonConventions conventions) => JsonSrcGenCodecs.Create<T>(conventions, utf16: false);
}

[PackContender("jsonsrcgen-string")]
internal sealed class JsonSrcGenUtf16 : ContenderAdapter
{
    public override Assembly LibraryAssembly => JsonSrcGenCodecs.Assembly;

    public override Codec<T> CreateCodec<T>(JsonConventions conventions) => JsonSrcGenCodecs.Create<T>(conventions, utf16: true);
}
