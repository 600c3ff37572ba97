using System.Diagnostics.CodeAnalysis;
using Bogus;

namespace SerBench.Core.Payloads;

/// <summary>
/// Each generator owns its seeded <see cref="Randomizer"/>, so the n-th object is the same whatever the count. Text holds
/// non-ASCII letters and characters JSON must escape, as real data does.
/// </summary>
internal static class PayloadGenerators
{
    // Fixed so that reruns and other machines see identical timestamps.
    private static readonly DateTimeOffset RegisteredBase = new(2014, 1, 1, 0, 0, 0, TimeSpan.Zero);

    private static readonly TimeSpan[] Offsets =
    [
        TimeSpan.FromHours(-9), TimeSpan.FromHours(-5), TimeSpan.FromHours(1), new TimeSpan(5, 30, 0), TimeSpan.FromHours(9),
    ];

    private static readonly string[] NonAsciiGivenNames = ["Zoë", "José", "Łukasz", "Søren", "Chloé", "Björn", "Ana María", "Jürgen", "Renée", "Ngọc"];

    private static readonly string[] Fruits = ["apple", "banana", "strawberry"];

    private static readonly string[] JapaneseCompanies = ["株式会社 自宅警備", "株式会社 山田製作所", "有限会社 青空商店", "合同会社 未来技研"];

    private static readonly string[] JapaneseDepartments = ["開発部", "営業部", "総務部", "人事部"];

    private static readonly string[] JapaneseNames = ["山本太郎", "佐藤花子", "鈴木一郎", "高橋美咲", "田中健"];

    // A model's generator keeps its members (an enum's names only): the gate and reflection-based contenders read them, unseen by the trimmer.
    [DynamicDependency(DynamicallyAccessedMemberTypes.All, typeof(Person))]
    [DynamicDependency(DynamicallyAccessedMemberTypes.All, typeof(Friend))]
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicFields, typeof(EyeColor))]
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicFields, typeof(Gender))]
    public static Person[] People(int seed, int count)
    {
        var faker = new Faker("en") { Random = new Randomizer(seed) };
        var people = new Person[count];
        for (var i = 0; i < count; i++)
        {
            var first = i % 4 == 3 ? faker.PickRandom(NonAsciiGivenNames) : faker.Name.FirstName();
            var last = faker.Name.LastName();
            var company = faker.Lorem.Word().ToUpperInvariant() + faker.Lorem.Word().ToUpperInvariant();
            var registered = RegisteredBase.AddSeconds(faker.Random.Int(0, 8 * 365 * 24 * 3600));
            people[i] = new Person
            {
                Id = faker.Random.Hexadecimal(24, prefix: ""),
                Index = i,
                Guid = faker.Random.Guid(),
                IsActive = faker.Random.Bool(),
                Balance = Math.Round(faker.Random.Double(1000, 4000), 2),
                Picture = "http://placehold.it/32x32",
                Age = faker.Random.Int(20, 40),
                EyeColor = faker.PickRandom<EyeColor>(),
                Name = $"{first} {last}",
                Gender = faker.PickRandom<Gender>(),
                Company = company,
                Email = $"{first}.{last}@{company}.com".ToLowerInvariant().Replace(' ', '-'),
                Phone = faker.Random.ReplaceNumbers("+1 (###) ###-####"),
                Address = $"{faker.Random.Int(100, 999)} {faker.Address.StreetName()}, {faker.Address.City()}, {faker.Address.State()}, {faker.Random.Int(1000, 9999)}",
                About = $"{faker.Lorem.Sentences(3, " ")} She said \"{faker.Lorem.Word()}\" — {faker.Lorem.Word()}.\r\n",
                Registered = new DateTimeOffset(registered.DateTime.Date.Add(registered.TimeOfDay), faker.PickRandom(Offsets)),
                Latitude = Math.Round(faker.Random.Double(-90, 90), 6),
                Longitude = Math.Round(faker.Random.Double(-180, 180), 6),
                Tags = [.. Enumerable.Range(0, 7).Select(_ => faker.Lorem.Word())],
                Friends = [.. Enumerable.Range(0, 3).Select(f => new Friend { Id = f, Name = faker.Name.FullName() })],
                Greeting = $"Hello, {first}! You have {faker.Random.Int(1, 10)} unread messages.",
                FavoriteFruit = faker.PickRandom(Fruits),
            };
        }

        return people;
    }

    [DynamicDependency(DynamicallyAccessedMemberTypes.All, typeof(User))]
    public static User[] Users(int seed, int count)
    {
        var randomizer = new Randomizer(seed);
        var english = new Faker("en") { Random = randomizer };
        var german = new Faker("de") { Random = randomizer };
        var users = new User[count];
        for (var i = 0; i < count; i++)
        {
            // One user in five has a German surname and a non-ASCII given name, so non-ASCII text reaches every field.
            var faker = i % 5 == 4 ? german : english;
            var first = i % 5 == 4 ? faker.PickRandom(NonAsciiGivenNames) : faker.Name.FirstName();
            var last = faker.Name.LastName();
            users[i] = new User(
                faker.Random.Guid(),
                first,
                last,
                $"{first} {last}",
                faker.Internet.UserName(first, last),
                faker.Internet.Email(first, last));
        }

        return users;
    }

    [DynamicDependency(DynamicallyAccessedMemberTypes.All, typeof(OfficeWorker))]
    public static OfficeWorker[] OfficeWorkers(int seed, int count)
    {
        var random = new Randomizer(seed);
        var workers = new OfficeWorker[count];
        // The first worker is exactly the article's value; the rest are distinct variations of it.
        workers[0] = new OfficeWorker { Company = "株式会社 自宅警備", Department = "開発部", Name = "山本太郎", Sex = "男", Age = 30 };
        for (var i = 1; i < count; i++)
        {
            workers[i] = new OfficeWorker
            {
                Company = random.ArrayElement(JapaneseCompanies),
                Department = random.ArrayElement(JapaneseDepartments),
                Name = random.ArrayElement(JapaneseNames) + i.ToString(System.Globalization.CultureInfo.InvariantCulture),
                Sex = random.Bool() ? "男" : "女",
                Age = (uint)random.Int(20, 65),
            };
        }

        return workers;
    }

    [DynamicDependency(DynamicallyAccessedMemberTypes.All, typeof(SaveGame))]
    public static SaveGame[] SaveGames(int seed, int count)
    {
        var random = new Randomizer(seed);
        var games = new SaveGame[count];
        // The first save game is exactly the article's value.
        games[0] = new SaveGame { Name = "Speed Run", HighScore = 10000 };
        for (var i = 1; i < count; i++)
        {
            var name = (i % 3) switch
            {
                0 => $"Speed Run {i}",
                1 => $"Niveau « {i} » — élan",
                _ => $"Run \"{i}\"\tbonus",
            };
            games[i] = new SaveGame { Name = name, HighScore = random.Int(0, 1_000_000) };
        }

        return games;
    }
}
