using System.Runtime.Serialization;
using SerBench.Core.Contenders;

namespace SerBench.Tests.Core.Contenders;

public class DataContractJsonTests
{
    [DataContract]
    public sealed class Catalogue
    {
        [DataMember(Name = "events", Order = 0)]
        public Dictionary<string, string> Events { get; set; } = [];
    }

    [Fact]
    public void AMap_IsWrittenAsAJsonObject_AndReadBack()
    {
        var codec = (Codec<Catalogue, string>)ContenderRegistry.Find("datacontract-json")!.CreateCodec<Catalogue>(JsonConventions.Default);
        var original = new Catalogue { Events = new() { ["138586341"] = "Concert", ["138586345"] = "Opera" } };

        var json = codec.Serialize(original);

        Assert.Equal("""{"events":{"138586341":"Concert","138586345":"Opera"}}""", json);
        Assert.Equal(original.Events, codec.Deserialize(json).Events);
    }
}
