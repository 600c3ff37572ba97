using System.Text;
using Newtonsoft.Json;
using SerBench.Packs.NewtonsoftJson;
using SerBench.Packs.GoogleProtobuf;
using SerBench.Packs.GoogleProtobuf.Messages;
using NewtonsoftSerializer = Newtonsoft.Json.JsonSerializer;

namespace SerBench.Fidelity;

/// <summary>
/// shootout (Web conventions): a List of 1 and of 1,000 Users read from UTF-8 bytes, by the two pack libraries whose
/// UTF-8 path is not a single call: Newtonsoft.Json through a StreamReader (NewtonsoftJsonUtf8), and Google.Protobuf parsing a wrapper message, its pack's own model (GoogleProtobuf): SerBench maps messages back to
/// the payload model outside the timed operation (MappedCodec), so here the mapping runs only in the check, untimed.
/// Each reads the payload its SerBench contender wrote.
/// </summary>
[BenchmarkCategory(Study)]
public class ShootoutBenchmarks
{
    private const string Study = "shootout";
    private const string Newtonsoft = "newtonsoft-utf8";
    private const string Protobuf = "google-protobuf";

    private static readonly UTF8Encoding Utf8NoBom = new(encoderShouldEmitUTF8Identifier: false);

    private NewtonsoftSerializer _newtonsoft = null!;
    private byte[] _newtonsoft1 = null!;
    private byte[] _newtonsoft1000 = null!;
    private byte[] _protobuf1 = null!;
    private byte[] _protobuf1000 = null!;

    [GlobalSetup]
    public void Setup()
    {
        var conventions = Cell.StudyOf(Study).Conventions;
        _newtonsoft = NewtonsoftSerializer.Create(NewtonsoftSettings.Create(conventions));
        List<User> one = [.. PayloadRegistry.User.Generate(1)];
        List<User> thousand = [.. PayloadRegistry.User.Generate(1_000)];
        _newtonsoft1 = ContenderPayload(Newtonsoft, one, NewtonsoftRead);
        _newtonsoft1000 = ContenderPayload(Newtonsoft, thousand, NewtonsoftRead);
        _protobuf1 = ContenderPayload(Protobuf, one, ProtobufRead);
        _protobuf1000 = ContenderPayload(Protobuf, thousand, ProtobufRead);
    }

    [Benchmark(Description = Study + "/" + Newtonsoft + "/user/list/1/deserialize")]
    public List<User> Newtonsoft1Deserialize() => NewtonsoftRead(_newtonsoft1);

    [Benchmark(Description = Study + "/" + Newtonsoft + "/user/list/1000/deserialize")]
    public List<User> Newtonsoft1000Deserialize() => NewtonsoftRead(_newtonsoft1000);

    [Benchmark(Description = Study + "/" + Protobuf + "/user/list/1/deserialize")]
    public UserList Protobuf1Deserialize() => UserList.Parser.ParseFrom(_protobuf1);

    [Benchmark(Description = Study + "/" + Protobuf + "/user/list/1000/deserialize")]
    public UserList Protobuf1000Deserialize() => UserList.Parser.ParseFrom(_protobuf1000);

    /// <summary>The payload the contender writes for <paramref name="users"/>, after checking that the direct read gets them back.</summary>
    private static byte[] ContenderPayload(string contender, List<User> users, Func<byte[], List<User>> read)
    {
        var payload = Same.PayloadOf<List<User>, byte[]>(Study, contender, users);
        Same.Read(Study, contender, users, read(payload));
        return payload;
    }

    private List<User> NewtonsoftRead(byte[] utf8)
    {
        using var stream = new MemoryStream(utf8, writable: false);
        using var reader = new StreamReader(stream, Utf8NoBom);
        using var json = new JsonTextReader(reader);
        return _newtonsoft.Deserialize<List<User>>(json)!;
    }

    /// <summary>The timed parse, then the mapping back that SerBench's gate does: for the check only.</summary>
    private static List<User> ProtobufRead(byte[] bytes) => [.. UserList.Parser.ParseFrom(bytes).Items.Select(ProtobufMapping.FromMessage)];
}
