using System.Runtime.Serialization.Json;
using System.Text;
using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Unicode;
using Newtonsoft.Json;
using SerBench.Packs.NewtonsoftJson;
using SJ = System.Text.Json.JsonSerializer;

namespace SerBench.Fidelity;

/// <summary>
/// escaping (camelCase only): one OfficeWorker with Japanese text, serialize then deserialize as one operation, as
/// SystemTextJsonReflectionUtf16, SystemTextJsonOptionsPerCall (new options with the all-ranges encoder on every
/// call), NewtonsoftJsonUtf16 and DataContractJson (through a MemoryStream and a UTF-8 string) do it.
/// </summary>
[BenchmarkCategory(Study)]
public class EscapingBenchmarks
{
    private const string Study = "escaping";
    private const string Reflection = "stj-reflection-string";
    private const string OptionsPerCall = "stj-options-per-call";
    private const string Newtonsoft = "newtonsoft-string";
    private const string DataContract = "datacontract-json";

    private OfficeWorker _worker = null!;
    private JsonConventions _conventions = null!;
    private JsonSerializerOptions _options = null!;
    private JsonSerializerSettings _settings = null!;
    private DataContractJsonSerializer _dataContract = null!;

    [GlobalSetup]
    public void Setup()
    {
        _conventions = Cell.StudyOf(Study).Conventions;
        _worker = PayloadRegistry.OfficeWorker.Generate(1)[0];
        _options = SystemTextJsonSettings.CreateOptions(_conventions);
        _settings = NewtonsoftSettings.Create(_conventions);
        _dataContract = new DataContractJsonSerializer(typeof(OfficeWorker), new DataContractJsonSerializerSettings { UseSimpleDictionaryFormat = true });

        Same.Written(Study, Reflection, _worker, SJ.Serialize(_worker, _options));
        Same.Written(Study, OptionsPerCall, _worker, SJ.Serialize(_worker, NewOptions()));
        Same.Written(Study, Newtonsoft, _worker, JsonConvert.SerializeObject(_worker, _settings));
        Same.Written(Study, DataContract, _worker, DataContractSerialize(_worker));
        Same.Read(Study, Reflection, _worker, ReflectionRoundTrip());
        Same.Read(Study, OptionsPerCall, _worker, OptionsPerCallRoundTrip());
        Same.Read(Study, Newtonsoft, _worker, NewtonsoftRoundTrip());
        Same.Read(Study, DataContract, _worker, DataContractRoundTrip());
    }

    [Benchmark(Description = Study + "/" + Reflection + "/office-worker/object/1/roundtrip")]
    public OfficeWorker ReflectionRoundTrip() => SJ.Deserialize<OfficeWorker>(SJ.Serialize(_worker, _options), _options)!;

    [Benchmark(Description = Study + "/" + OptionsPerCall + "/office-worker/object/1/roundtrip")]
    public OfficeWorker OptionsPerCallRoundTrip() => SJ.Deserialize<OfficeWorker>(SJ.Serialize(_worker, NewOptions()), NewOptions())!;

    [Benchmark(Description = Study + "/" + Newtonsoft + "/office-worker/object/1/roundtrip")]
    public OfficeWorker NewtonsoftRoundTrip() => JsonConvert.DeserializeObject<OfficeWorker>(JsonConvert.SerializeObject(_worker, _settings), _settings)!;

    [Benchmark(Description = Study + "/" + DataContract + "/office-worker/object/1/roundtrip")]
    public OfficeWorker DataContractRoundTrip() => DataContractDeserialize(DataContractSerialize(_worker));

    /// <summary>What the article did and stj-options-per-call measures: options built inside the call.</summary>
    private JsonSerializerOptions NewOptions() => SystemTextJsonSettings.CreateOptions(_conventions, JavaScriptEncoder.Create(UnicodeRanges.All));

    private string DataContractSerialize(OfficeWorker worker)
    {
        using var stream = new MemoryStream();
        _dataContract.WriteObject(stream, worker);
        return Encoding.UTF8.GetString(stream.GetBuffer(), 0, (int)stream.Length);
    }

    private OfficeWorker DataContractDeserialize(string json)
    {
        using var stream = new MemoryStream(Encoding.UTF8.GetBytes(json), writable: false);
        return (OfficeWorker)_dataContract.ReadObject(stream)!;
    }
}
