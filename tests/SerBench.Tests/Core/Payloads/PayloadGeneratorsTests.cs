using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using System.Security.Cryptography;
using System.Text.Json;
using SerBench.Core.Payloads;
using SerBench.Core.UserData;

namespace SerBench.Tests.Core.Payloads;

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

    /// <summary>
    /// Everything SerBench generates with Bogus, as recorded before a change of its version (34.0.2 → 35.6.5): the
    /// payloads of the studies, the `samples` documents and the instances of a user's types. A Bogus release that changes
    /// its data sets or its random sequence must not change what is measured silently.
    /// </summary>
    [Theory]
    [InlineData("person", "5f1ec5a2374f2317e954a54955cc6ba299aa0f93dd29087da003b078a518a573")]
    [InlineData("user", "d0e637612af284ecc3f6a634f44dd1d3fefc62bf7d2e4ce71fc64e87510efb82")]
    [InlineData("office-worker", "f9489a4744ab4f7b01d1ddbfc700d31e9859787b8e6b4d0d98a3fcd6017f84e8")]
    [InlineData("save-game", "3881aa5821f47860a6c4539f863e0fc1f8b63403a6cf870d6b78ec40afada7dc")]
    [InlineData("samples/timeline", "97ea37db89c3b40bd7cb61e83ef25d161fb0615d1d5721a4253a75305a033935")]
    [InlineData("samples/catalogue", "5dd80aef6a46f1155d39c8cd2c625db206c138debbc28b84370c49f690b99de8")]
    [InlineData("samples/geo", "fd808ef3f5a99243ee2b4bb8aca84c4ac0ad756f43489252d30678787159fdc8")]
    [InlineData("instances/person", "1d345629deff97ddc0a521cc06766f5459bfcda1cb6bd03450b33ad62b76a75b")]
    public void GeneratedData_IsByteIdenticalToTheRecordedData(string data, string sha256)
    {
        var bytes = data.Split('/') switch
        {
            ["samples", var name] => SampleDataSets.Create(name, 100_000),
            ["instances", _] => JsonSerializer.SerializeToUtf8Bytes(Enumerable.Range(0, 200).Select(i => new InstanceGenerator(PayloadModel.DefaultSeed + i).Create(typeof(Person))).ToList()),
            [var model] => PayloadRegistry.All.Single(m => m.Name == model).Accept(new Serialized(2_000)),
            _ => throw new ArgumentException(data),
        };

        Assert.Equal(sha256, Convert.ToHexStringLower(SHA256.HashData(bytes)));
    }

    /// <summary>A Native AOT agent keeps a model's members through these dependencies alone: a type they miss fails the gate there.</summary>
    [Fact]
    public void Generators_KeepEveryTypeOfTheirModels_ForNativeAot()
    {
        var kept = typeof(PayloadGenerators).GetMethods(BindingFlags.Public | BindingFlags.Static)
            .SelectMany(m => m.GetCustomAttributes<DynamicDependencyAttribute>())
            .Where(d => d.MemberTypes == (d.Type!.IsEnum ? DynamicallyAccessedMemberTypes.PublicFields : DynamicallyAccessedMemberTypes.All))
            .Select(d => d.Type!).ToHashSet();
        var reached = new HashSet<Type>();
        void Reach(Type type)
        {
            if (type.Assembly != typeof(PayloadModel).Assembly)
            {
                foreach (var inner in type.IsArray ? [type.GetElementType()!] : type.GetGenericArguments())
                {
                    Reach(inner);
                }
            }
            else if (reached.Add(type))
            {
                foreach (var member in type.GetProperties().Select(p => p.PropertyType).Concat(type.GetFields(BindingFlags.Public | BindingFlags.Instance).Select(f => f.FieldType)))
                {
                    Reach(member);
                }
            }
        }

        foreach (var model in PayloadRegistry.All)
        {
            Reach(model.ModelType);
        }

        Assert.Contains(typeof(Friend), reached);
        Assert.Subset(kept, reached);
    }

    private sealed class Serialized(int count) : IPayloadModelVisitor<byte[]>
    {
        public byte[] Visit<T>(PayloadModel<T> model) where T : class => JsonSerializer.SerializeToUtf8Bytes(model.Generate(count));
    }
}
