using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Newtonsoft.Json;
using SerBench.Packs.NewtonsoftJson;
using SJ = System.Text.Json.JsonSerializer;

namespace SerBench.Fidelity;

/// <summary>
/// web-api (Web conventions): one Person and a List of 200, Newtonsoft.Json to a string and System.Text.Json
/// source-generated to UTF-8, exactly as NewtonsoftJsonUtf16 and SystemTextJsonSourceGenUtf8 call them.
/// </summary>
[BenchmarkCategory(Study)]
public class WebApiBenchmarks
{
    private const string Study = "web-api";
    private const string Newtonsoft = "newtonsoft-string";
    private const string SourceGen = "stj-sourcegen-utf8";

    private Person _person = null!;
    private List<Person> _people = null!;
    private JsonSerializerSettings _settings = null!;
    private JsonTypeInfo<Person> _personInfo = null!;
    private JsonTypeInfo<List<Person>> _peopleInfo = null!;
    private string _personJson = null!;
    private string _peopleJson = null!;
    private byte[] _personUtf8 = null!;
    private byte[] _peopleUtf8 = null!;

    [GlobalSetup]
    public void Setup()
    {
        var conventions = Cell.StudyOf(Study).Conventions;
        _person = PayloadRegistry.Person.Generate(1)[0];
        _people = [.. PayloadRegistry.Person.Generate(200)];
        _settings = NewtonsoftSettings.Create(conventions);
        _personInfo = SystemTextJsonSettings.GeneratedTypeInfo<Person>(conventions);
        _peopleInfo = SystemTextJsonSettings.GeneratedTypeInfo<List<Person>>(conventions);

        _personJson = Same.Written(Study, Newtonsoft, _person, NewtonsoftPersonSerialize());
        _peopleJson = Same.Written(Study, Newtonsoft, _people, NewtonsoftPeopleSerialize());
        _personUtf8 = Same.Written(Study, SourceGen, _person, SourceGenPersonSerialize());
        _peopleUtf8 = Same.Written(Study, SourceGen, _people, SourceGenPeopleSerialize());
        Same.Read(Study, Newtonsoft, _person, NewtonsoftPersonDeserialize());
        Same.Read(Study, Newtonsoft, _people, NewtonsoftPeopleDeserialize());
        Same.Read(Study, SourceGen, _person, SourceGenPersonDeserialize());
        Same.Read(Study, SourceGen, _people, SourceGenPeopleDeserialize());
    }

    [Benchmark(Description = Study + "/" + Newtonsoft + "/person/object/1/serialize")]
    public string NewtonsoftPersonSerialize() => JsonConvert.SerializeObject(_person, _settings);

    [Benchmark(Description = Study + "/" + Newtonsoft + "/person/object/1/deserialize")]
    public Person NewtonsoftPersonDeserialize() => JsonConvert.DeserializeObject<Person>(_personJson, _settings)!;

    [Benchmark(Description = Study + "/" + Newtonsoft + "/person/list/200/serialize")]
    public string NewtonsoftPeopleSerialize() => JsonConvert.SerializeObject(_people, _settings);

    [Benchmark(Description = Study + "/" + Newtonsoft + "/person/list/200/deserialize")]
    public List<Person> NewtonsoftPeopleDeserialize() => JsonConvert.DeserializeObject<List<Person>>(_peopleJson, _settings)!;

    [Benchmark(Description = Study + "/" + SourceGen + "/person/object/1/serialize")]
    public byte[] SourceGenPersonSerialize() => SJ.SerializeToUtf8Bytes(_person, _personInfo);

    [Benchmark(Description = Study + "/" + SourceGen + "/person/object/1/deserialize")]
    public Person SourceGenPersonDeserialize() => SJ.Deserialize(_personUtf8, _personInfo)!;

    [Benchmark(Description = Study + "/" + SourceGen + "/person/list/200/serialize")]
    public byte[] SourceGenPeopleSerialize() => SJ.SerializeToUtf8Bytes(_people, _peopleInfo);

    [Benchmark(Description = Study + "/" + SourceGen + "/person/list/200/deserialize")]
    public List<Person> SourceGenPeopleDeserialize() => SJ.Deserialize(_peopleUtf8, _peopleInfo)!;
}
