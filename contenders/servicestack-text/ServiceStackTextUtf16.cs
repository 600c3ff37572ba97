using ServiceStack.Text;
using SerBench.Contenders;

namespace SerBench.Packs.ServiceStackText;

/// <summary>ServiceStack.Text to and from a UTF-16 <see cref="string"/>: its native API.</summary>
[PackContender("servicestack-string")]
internal sealed class ServiceStackTextUtf16 : ServiceStackTextContender
{
    public override Codec<T> CreateCodec<T>(JsonConventions conventions)
    {
        var config = CreateConfig(conventions);
        return new DelegateCodec<T, string>(
            value =>
            {
                using var scope = JsConfig.With(config);
                return JsonSerializer.SerializeToString(value);
            },
            json =>
            {
                using var scope = JsConfig.With(config);
                return JsonSerializer.DeserializeFromString<T>(json);
            });
    }
}
