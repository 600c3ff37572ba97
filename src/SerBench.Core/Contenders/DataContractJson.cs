using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using System.Runtime.Serialization;
using System.Runtime.Serialization.Json;
using System.Text;

namespace SerBench.Core.Contenders;

/// <summary>As the escaping article used it: through a <see cref="MemoryStream"/>, to and from a string; one serializer per type.</summary>
internal sealed class DataContractJson() : Contender("datacontract-json", "DataContractJsonSerializer", PayloadFormat.Json, TextMode.Utf16, Generation.Reflection, "through a MemoryStream and a UTF-8 string; names from [DataMember]; maps as JSON objects (UseSimpleDictionaryFormat)")
{
    // In-box: its assembly carries a "-servicing" build tag, so report the runtime version it ships with.
    public override string LibraryVersion => Environment.Version.ToString();

    protected override Assembly LibraryAssembly => typeof(DataContractJsonSerializer).Assembly;

    public override Codec<T> CreateCodec<T>(JsonConventions conventions) => new BufferedCodec<T>(Serializer<T>());

    // Its own API is a Stream's: WriteObject and ReadObject, synchronous.
    [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = ReadsModelsByReflection)]
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = ReadsModelsByReflection)]
    public override StreamCodec<T> CreateStreamCodec<T>(JsonConventions conventions)
    {
        var serializer = Serializer<T>();
        return new DelegateStreamCodec<T>(
            (stream, value) =>
            {
                serializer.WriteObject(stream, value);
                return ValueTask.CompletedTask;
            },
            stream => new ValueTask<T>((T)serializer.ReadObject(stream)!));
    }

    [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = ReadsModelsByReflection)]
    [UnconditionalSuppressMessage("Trimming", "IL2065", Justification = ReadsModelsByReflection)]
    [UnconditionalSuppressMessage("Trimming", "IL2090", Justification = ReadsModelsByReflection)]
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = ReadsModelsByReflection)]
    private static DataContractJsonSerializer Serializer<T>()
    {
        var model = typeof(T).IsGenericType && typeof(T).GetGenericTypeDefinition() == typeof(List<>) ? typeof(T).GetGenericArguments()[0] : typeof(T);
        if (!model.IsDefined(typeof(DataContractAttribute), inherit: false) && model.GetConstructor(Type.EmptyTypes) is null)
        {
            throw new NotSupportedException(
                $"DataContractJsonSerializer needs [DataContract] or a public parameterless constructor; {model.Name} has neither (a positional record).");
        }

        // Maps as JSON objects, as documents write them; the default writes [{"Key":…,"Value":…}], a MISMATCH on any document with a map.
        return new DataContractJsonSerializer(typeof(T), new DataContractJsonSerializerSettings { UseSimpleDictionaryFormat = true });
    }

    [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = ReadsModelsByReflection)]
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = ReadsModelsByReflection)]
    private sealed class BufferedCodec<T>(DataContractJsonSerializer serializer) : Codec<T, string> where T : class
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
