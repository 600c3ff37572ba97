using System.Text.Json;
using SerBench.Payloads;

namespace SerBench.Tests.Payloads;

public class PayloadGeneratorsTests
{
    [Fact]
    public void Generate_SameSeed_GivesSameData_AndThePrefixDoesNotDependOnCount()
    {
        var few = JsonSerializer.Serialize(PayloadRegistry.Person.Generate(3));
        var again = JsonSerializer.Serialize(PayloadRegistry.Person.Generate(3));
        var more = PayloadRegistry.Person.Generate(10);

        Assert.Equal(few, again);
        Assert.Equal(few, JsonSerializer.Serialize(more[..3]));
    }

    [Fact]
    public void Generate_OtherSeed_GivesOtherData() =>
        Assert.NotEqual(JsonSerializer.Serialize(PayloadRegistry.User.Generate(5, seed: 1)), JsonSerializer.Serialize(PayloadRegistry.User.Generate(5, seed: 2)));

    [Fact]
    public void Generate_EveryObjectIsADistinctInstanceWithDistinctContent()
    {
        var users = PayloadRegistry.User.Generate(200);

        Assert.Equal(200, users.Distinct(ReferenceEqualityComparer.Instance).Count());
        Assert.Equal(200, users.Select(u => u.Id).Distinct().Count());
    }

    [Fact]
    public void Person_MatchesTheStudyShape()
    {
        var people = PayloadRegistry.Person.Generate(200);

        Assert.All(people, p =>
        {
            Assert.Matches("^[0-9a-f]{24}$", p.Id);
            Assert.Matches(@"^\+1 \(\d{3}\) \d{3}-\d{4}$", p.Phone);
            Assert.EndsWith("\r\n", p.About, StringComparison.Ordinal);
            Assert.NotEqual(TimeSpan.Zero, p.Registered.Offset);
            Assert.Equal(7, p.Tags.Count);
            Assert.Equal(3, p.Friends.Count);
        });
        Assert.Contains(people, p => p.Name.Any(c => c > 127));
        Assert.All(people, p => Assert.Contains('"', p.About));
    }

    [Fact]
    public void FirstObjects_AreTheArticlesValues()
    {
        var game = PayloadRegistry.SaveGame.Generate(1)[0];
        var worker = PayloadRegistry.OfficeWorker.Generate(1)[0];

        Assert.Equal(("Speed Run", 10000), (game.Name, game.HighScore));
        Assert.Equal(("株式会社 自宅警備", "開発部", "山本太郎", "男", 30u), (worker.Company, worker.Department, worker.Name, worker.Sex, worker.Age));
    }

    [Fact]
    public void Users_IncludeNonAsciiNames_AndDerivedFields()
    {
        var users = PayloadRegistry.User.Generate(50);

        Assert.Contains(users, u => u.FullName.Any(c => c > 127));
        Assert.All(users, u => Assert.Equal($"{u.FirstName} {u.LastName}", u.FullName));
    }
}
