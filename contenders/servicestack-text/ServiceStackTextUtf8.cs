using ServiceStack.Text;
using SerBench.Contenders;

namespace SerBench.Packs.ServiceStackText;

/// <summary>
/// ServiceStack.Text to and from UTF-8 bytes. The library has no UTF-8 API of its own: this goes through its
/// <see cref="Stream"/> API, where a StreamWriter/StreamReader transcodes from and to UTF-16.
/// </summary>
[PackContender("servicestack-utf8")]
internal sealed class ServiceStackTextUtf8 : ServiceStackTextContender
{
    public override Codec<T> CreateCodec<T>(JsonConventions conventions)
    {
        var config = CreateConfig(conventions);
        return new DelegateCodec<T, byte[]>(
            value =>
            {
                using var scope = JsConfig.With(config);
                using var stream = new MemoryStream();
                JsonSerializer.SerializeToStream(value, stream);
                return stream.ToArray();
            },
            utf8 =>
            {
                using var scope = JsConfig.With(config);
                using var stream = new MemoryStream(utf8, writable: false);
                return JsonSerializer.DeserializeFromStream<T>(stream);
            });
    }
}
