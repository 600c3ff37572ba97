using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using SerBench.Core.Contenders.HandWritten;

namespace SerBench.Fidelity;

/// <summary>
/// json-vs-binary (default conventions): one SaveGame, the tiniest cells (tens of nanoseconds). System.Text.Json
/// source-generated to UTF-8, and SerBench's own hand-written codecs: for those the codec class is the library, so the
/// benchmark holds the sealed codec and calls its Serialize/Deserialize (no delegate, no closure, no untyped payload).
/// </summary>
[BenchmarkCategory(Study)]
public class JsonVsBinaryBenchmarks
{
    private const string Study = "json-vs-binary";
    private const string SourceGen = "stj-sourcegen-utf8";
    private const string HandWrittenJson = "stj-handwritten";
    private const string Binary = "binary-utf8";

    private SaveGame _game = null!;
    private JsonTypeInfo<SaveGame> _info = null!;
    private HandWrittenJsonCodec<SaveGame, SaveGameJsonLayout> _json = null!;
    private BinaryCodec<SaveGame, SaveGameBinaryLayout> _binary = null!;
    private byte[] _sourceGenUtf8 = null!;
    private byte[] _handWrittenUtf8 = null!;
    private byte[] _binaryBytes = null!;

    [GlobalSetup]
    public void Setup()
    {
        var conventions = Cell.StudyOf(Study).Conventions;
        _game = PayloadRegistry.SaveGame.Generate(1)[0];
        _info = SystemTextJsonSettings.GeneratedTypeInfo<SaveGame>(conventions);
        _json = new HandWrittenJsonCodec<SaveGame, SaveGameJsonLayout>(conventions);
        // HandWrittenBinaryUtf8's options; Same.Written below fails if they ever differ.
        _binary = new BinaryCodec<SaveGame, SaveGameBinaryLayout>(new BinaryFormatOptions(Utf8Text: true, SizePrefix: true));

        _sourceGenUtf8 = Same.Written(Study, SourceGen, _game, SourceGenSerialize());
        _handWrittenUtf8 = Same.Written(Study, HandWrittenJson, _game, HandWrittenSerialize());
        _binaryBytes = Same.Written(Study, Binary, _game, BinarySerialize());
        Same.Read(Study, SourceGen, _game, SourceGenDeserialize());
        Same.Read(Study, HandWrittenJson, _game, HandWrittenDeserialize());
        Same.Read(Study, Binary, _game, BinaryDeserialize());
    }

    [Benchmark(Description = Study + "/" + SourceGen + "/save-game/object/1/serialize")]
    public byte[] SourceGenSerialize() => JsonSerializer.SerializeToUtf8Bytes(_game, _info);

    [Benchmark(Description = Study + "/" + SourceGen + "/save-game/object/1/deserialize")]
    public SaveGame SourceGenDeserialize() => JsonSerializer.Deserialize(_sourceGenUtf8, _info)!;

    [Benchmark(Description = Study + "/" + HandWrittenJson + "/save-game/object/1/serialize")]
    public byte[] HandWrittenSerialize() => _json.Serialize(_game);

    [Benchmark(Description = Study + "/" + HandWrittenJson + "/save-game/object/1/deserialize")]
    public SaveGame HandWrittenDeserialize() => _json.Deserialize(_handWrittenUtf8);

    [Benchmark(Description = Study + "/" + Binary + "/save-game/object/1/serialize")]
    public byte[] BinarySerialize() => _binary.Serialize(_game);

    [Benchmark(Description = Study + "/" + Binary + "/save-game/object/1/deserialize")]
    public SaveGame BinaryDeserialize() => _binary.Deserialize(_binaryBytes);
}
