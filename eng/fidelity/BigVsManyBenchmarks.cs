using System.Text.Json;

namespace SerBench.Fidelity;

/// <summary>
/// big-vs-many (default conventions): 10,000 Users as one List (one call) and as 10,000 calls, System.Text.Json
/// reflection to and from a string, as SystemTextJsonReflectionUtf16 calls it. The many cells loop here and return the
/// last result, as SerBench's timed body does.
/// </summary>
[BenchmarkCategory(Study)]
public class BigVsManyBenchmarks
{
    private const string Study = "big-vs-many";
    private const string Reflection = "stj-reflection-string";
    private const int Count = 10_000;

    private User[] _users = null!;
    private List<User> _list = null!;
    private JsonSerializerOptions _options = null!;
    private string _listJson = null!;
    private string[] _eachJson = null!;

    [GlobalSetup]
    public void Setup()
    {
        _options = SystemTextJsonSettings.CreateOptions(Cell.StudyOf(Study).Conventions);
        _users = PayloadRegistry.User.Generate(Count);
        _list = [.. _users];
        _listJson = Same.Written(Study, Reflection, _list, ListSerialize());
        _eachJson = Same.WrittenEach(Study, Reflection, _users, [.. _users.Select(user => JsonSerializer.Serialize(user, _options))]);
        Same.Read(Study, Reflection, _list, ListDeserialize());
        Same.Read(Study, Reflection, _users[^1], ManyDeserialize()!);
    }

    [Benchmark(Description = Study + "/" + Reflection + "/user/list/10000/serialize")]
    public string ListSerialize() => JsonSerializer.Serialize(_list, _options);

    [Benchmark(Description = Study + "/" + Reflection + "/user/list/10000/deserialize")]
    public List<User> ListDeserialize() => JsonSerializer.Deserialize<List<User>>(_listJson, _options)!;

    [Benchmark(Description = Study + "/" + Reflection + "/user/many/10000/serialize")]
    public string? ManySerialize()
    {
        string? last = null;
        foreach (var user in _users)
        {
            last = JsonSerializer.Serialize(user, _options);
        }

        return last;
    }

    [Benchmark(Description = Study + "/" + Reflection + "/user/many/10000/deserialize")]
    public User? ManyDeserialize()
    {
        User? last = null;
        foreach (var json in _eachJson)
        {
            last = JsonSerializer.Deserialize<User>(json, _options);
        }

        return last;
    }
}
