using System.Reflection;
using System.Runtime.Serialization.Json;
using System.Text;

namespace SerBench.Contenders;

/// <summary>
/// <see cref="DataContractJsonSerializer"/> as the escaping article used it: data-contract names, through a
/// <see cref="MemoryStream"/>, to and from a string. One serializer instance per type, built once.
/// </summary>
internal sealed class DataContractJson() : Contender("datacontract-json", "DataContractJsonSerializer", PayloadFormat.Json, TextMode.Utf16, Generation.Reflection, "through a MemoryStream and a UTF-8 string; names from [DataMember]")
{
    protected override Assembly LibraryAssembly => typeof(DataContractJsonSerializer).Assembly;

    public override Codec<T> CreateCodec<T>(JsonConventions conventions) => new StreamCodec<T>(new DataContractJsonSerializer(typeof(T)));

    private sealed class StreamCodec<T>(DataContractJsonSerializer serializer) : Codec<T, string> where T : class
    {
        public override string Serialize(T value)
        {
            using var stream = new MemoryStream();
            serializer.WriteObject(stream, value);
            return Encoding.UTF8.GetString(stream.GetBuffer(), 0, (int)stream.Length);
        }

        public override T Deserialize(string payload)
        {
            using var stream = new MemoryStream(Encoding.UTF8.GetBytes(payload), writable: false);
            return (T)serializer.ReadObject(stream)!;
        }
    }
}
