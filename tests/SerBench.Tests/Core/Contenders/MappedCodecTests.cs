using System.Reflection;
using System.Text.Json;
using SerBench.Core.Contenders;
using SerBench.Core.Payloads;
using SerBench.Core.Studies;
using SerBench.Core.Verification;

namespace SerBench.Tests.Core.Contenders;

public class MappedCodecTests
{
    private static readonly Workload SaveGameObject = new(PayloadRegistry.SaveGame, Shape.Object, 1, [Operation.Serialize, Operation.Deserialize, Operation.RoundTrip]);

    [Fact]
    public void TimedClosures_NeverCallTheMapping()
    {
        var counting = new CountingMapping();
        var codec = OwnModelCodec(counting.Mapping);
        var game = new SaveGame { Name = "a", HighScore = 1 };
        var payload = codec.SerializeUntyped(game);
        counting.Reset();

        Func<object?>[] bodies =
        [
            codec.SerializeOne(game), codec.SerializeEach([game, game]), codec.DeserializeOne(payload),
            codec.DeserializeEach([payload, payload]), codec.RoundTripOne(game), codec.RoundTripEach([game, game]),
        ];
        var mappedWhileBuilding = counting.ToOwnCalls;
        foreach (var body in bodies)
        {
            for (var i = 0; i < 10; i++)
            {
                Assert.NotNull(body());
            }
        }

        Assert.Equal(6, mappedWhileBuilding); // one per value of the serialize and round-trip bodies, when built
        Assert.Equal(mappedWhileBuilding, counting.ToOwnCalls);
        Assert.Equal(0, counting.FromOwnCalls);
        Assert.IsType<OwnSaveGame>(bodies[2]());
    }

    [Fact]
    public void Gate_MapsWhatWasReadBack_AndPassesALosslessMapping()
    {
        var counting = new CountingMapping();

        var prepared = Verifier.Prepare(new OwnModelContender("own-model", counting.Mapping), JsonConventions.Default, SaveGameObject);

        Assert.Equal(VerificationStatus.Ok, prepared.Outcome.Status);
        Assert.Equal(1, counting.FromOwnCalls);
        var mappedByTheGate = counting.ToOwnCalls;
        var body = prepared.CreateBody(Operation.RoundTrip);
        body();
        body();
        Assert.Equal(mappedByTheGate + 1, counting.ToOwnCalls);
    }

    [Fact]
    public void Gate_MappingThatLosesAField_IsMismatch()
    {
        var lossy = new ModelMapping<SaveGame, OwnSaveGame>(OwnSaveGame.From, own => new SaveGame { Name = own.Name });

        var prepared = Verifier.Prepare(new OwnModelContender("lossy-mapping", lossy), JsonConventions.Default, SaveGameObject);

        Assert.Equal(VerificationStatus.Mismatch, prepared.Outcome.Status);
        Assert.Contains("$.HighScore", prepared.Outcome.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void Gate_MappingThatThrows_IsCrashNamingTheMapping()
    {
        var throwing = new ModelMapping<SaveGame, OwnSaveGame>(_ => throw new FormatException("no such field"), own => own.ToModel());

        var prepared = Verifier.Prepare(new OwnModelContender("throwing-mapping", throwing), JsonConventions.Default, SaveGameObject);

        Assert.Equal(VerificationStatus.Crash, prepared.Outcome.Status);
        Assert.Equal(
            "serialize threw ModelMappingException: mapping SaveGame to OwnSaveGame failed (innermost: FormatException: no such field)",
            prepared.Outcome.Reason);
    }

    [Fact]
    public void Gate_MappingBackThatThrows_IsCrashOnReading_ButWritingIsStillJudged()
    {
        var throwing = new ModelMapping<SaveGame, OwnSaveGame>(OwnSaveGame.From, _ => throw new InvalidCastException("cannot map back"));

        var prepared = Verifier.Prepare(new OwnModelContender("throwing-back", throwing), JsonConventions.Default, SaveGameObject);

        Assert.Equal(VerificationStatus.Crash, prepared.Outcome.Status);
        Assert.StartsWith("deserialize threw ModelMappingException: mapping OwnSaveGame back to SaveGame failed", prepared.Outcome.Reason, StringComparison.Ordinal);
        Assert.True(prepared.OutcomeFor(Operation.Serialize).IsTimed);
    }

    [Fact]
    public void Gate_ListWorkload_MapsItemByItem()
    {
        var prepared = Verifier.Prepare(new OwnModelContender("own-model", new CountingMapping().Mapping), JsonConventions.Default, SaveGameObject with { Shape = Shape.List, Count = 5 });

        Assert.Equal(VerificationStatus.Ok, prepared.Outcome.Status);
    }

    private static MappedCodec<SaveGame, OwnSaveGame, byte[]> OwnModelCodec(ModelMapping<SaveGame, OwnSaveGame> mapping) =>
        new(mapping, own => JsonSerializer.SerializeToUtf8Bytes(own), bytes => JsonSerializer.Deserialize<OwnSaveGame>(bytes)!);

    /// <summary>A pack's own model of <see cref="SaveGame"/>, declared apart from it.</summary>
    private sealed class OwnSaveGame
    {
        public string Name { get; set; } = "";

        public int HighScore { get; set; }

        public static OwnSaveGame From(SaveGame game) => new() { Name = game.Name, HighScore = game.HighScore };

        public SaveGame ToModel() => new() { Name = Name, HighScore = HighScore };
    }

    private sealed class CountingMapping
    {
        public CountingMapping() => Mapping = new(
            game =>
            {
                ToOwnCalls++;
                return OwnSaveGame.From(game);
            },
            own =>
            {
                FromOwnCalls++;
                return own.ToModel();
            });

        public ModelMapping<SaveGame, OwnSaveGame> Mapping { get; }

        public int ToOwnCalls { get; private set; }

        public int FromOwnCalls { get; private set; }

        public void Reset() => (ToOwnCalls, FromOwnCalls) = (0, 0);
    }

    /// <summary>A contender with a model of its own for SaveGame and lists of it, as a pack would declare one.</summary>
    private sealed class OwnModelContender(string name, ModelMapping<SaveGame, OwnSaveGame> mapping)
        : Contender(name, "Fake", PayloadFormat.Json, TextMode.Utf8, Generation.Reflection)
    {
        protected override Assembly? LibraryAssembly => null;

        public override Codec<T> CreateCodec<T>(JsonConventions conventions)
        {
            object codec = typeof(T) == typeof(SaveGame)
                ? OwnModelCodec(mapping)
                : new MappedCodec<List<SaveGame>, List<OwnSaveGame>, byte[]>(
                    mapping.ForList(), own => JsonSerializer.SerializeToUtf8Bytes(own), bytes => JsonSerializer.Deserialize<List<OwnSaveGame>>(bytes)!);
            return (Codec<T>)codec;
        }
    }
}
