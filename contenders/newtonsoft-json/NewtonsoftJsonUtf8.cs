using System.Reflection;
using System.Text;
using Newtonsoft.Json;
using SerBench.Core.Contenders;
using SerBench.Core.Packs;

namespace SerBench.Packs.NewtonsoftJson;

/// <summary>
/// Newtonsoft.Json to and from UTF-8 bytes. The library has no UTF-8 writer, so it goes through a
/// <see cref="StreamWriter"/>/<see cref="StreamReader"/> over a <see cref="MemoryStream"/>, as a Web API formatter does.
/// </summary>
[PackContender("newtonsoft-utf8")]
internal sealed class NewtonsoftJsonUtf8 : ContenderAdapter
{
    public override Assembly LibraryAssembly => NewtonsoftSettings.Assembly;

    private static readonly UTF8Encoding Utf8NoBom = new(encoderShouldEmitUTF8Identifier: false);

    public override Codec<T> CreateCodec<T>(JsonConventions conventions) =>
        new Utf8StreamCodec<T>(JsonSerializer.Create(NewtonsoftSettings.Create(conventions)));

    public override StreamCodec<T> CreateStreamCodec<T>(JsonConventions conventions) =>
        NewtonsoftStreamCodec.Create<T>(JsonSerializer.Create(NewtonsoftSettings.Create(conventions)));

    private sealed class Utf8StreamCodec<T>(JsonSerializer serializer) : Codec<T, byte[]> where T : class
    {
        public override byte[] Serialize(T value)
        {
            using var stream = new MemoryStream();
            using (var writer = new StreamWriter(stream, Utf8NoBom, bufferSize: 1024, leaveOpen: true))
            using (var json = new JsonTextWriter(writer))
            {
                serializer.Serialize(json, value);
            }

            return stream.ToArray();
        }

        public override T Deserialize(byte[] payload)
        {
            using var stream = new MemoryStream(payload, writable: false);
            using var reader = new StreamReader(stream, Utf8NoBom);
            using var json = new JsonTextReader(reader);
            return serializer.Deserialize<T>(json)!;
        }
    }
}
