using System.Formats.Cbor;
using SerBench.Core.Contenders;
using SerBench.Core.Payloads;

namespace SerBench.Tests.Core.Contenders;

public class HandWrittenCborTests
{
    private static Codec<T, byte[]> Codec<T>() where T : class =>
        (Codec<T, byte[]>)ContenderRegistry.Find("cbor")!.CreateCodec<T>(JsonConventions.Web);

    [Fact]
    public void Serialize_SaveGame_IsATwoFieldArray()
    {
        var bytes = Codec<SaveGame>().Serialize(new SaveGame { Name = "Speed Run", HighScore = 10000 });

        // 0x82 (array of 2), 0x69 + 9 bytes (text), 0x19 0x27 0x10 (uint16 10000).
        Assert.Equal([0x82, 0x69, .. "Speed Run"u8.ToArray(), 0x19, 0x27, 0x10], bytes);
    }

    [Fact]
    public void Serialize_Person_UsesTheStandardTags_AndRoundTripsOffsetAndTicks()
    {
        var person = PayloadGenerators.People(seed: 7, count: 1)[0];
        person.Registered = new DateTimeOffset(2024, 2, 29, 23, 59, 58, TimeSpan.FromMinutes(-330)).AddTicks(1234567);

        var bytes = Codec<Person>().Serialize(person);
        var back = Codec<Person>().Deserialize(bytes);

        Assert.Equal((person.Registered.Ticks, person.Registered.Offset, person.Guid), (back.Registered.Ticks, back.Registered.Offset, back.Guid));
        var reader = new CborReader(bytes);
        reader.ReadStartArray();
        reader.ReadTextString();
        reader.ReadInt32();
        Assert.Equal((CborTag)37, reader.ReadTag());
        Assert.Equal(person.Guid.ToByteArray(bigEndian: true), reader.ReadByteString());
    }

    [Fact]
    public void Deserialize_TruncatedOrForeignPayload_IsRejected()
    {
        var bytes = Codec<List<User>>().Serialize([.. PayloadGenerators.Users(seed: 1, count: 3)]);

        Assert.ThrowsAny<CborContentException>(() => Codec<List<User>>().Deserialize(bytes[..^1]));
        Assert.ThrowsAny<CborContentException>(() => Codec<SaveGame>().Deserialize(Codec<User>().Serialize(PayloadGenerators.Users(1, 1)[0])));
    }
}
