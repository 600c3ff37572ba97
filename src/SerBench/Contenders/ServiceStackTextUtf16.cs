using ServiceStack.Text;

namespace SerBench.Contenders;

/// <summary>ServiceStack.Text to and from a UTF-16 <see cref="string"/>: its native API.</summary>
internal sealed class ServiceStackTextUtf16() : ServiceStackTextContender("servicestack-string", TextMode.Utf16, "settings through a JsConfig.With scope on every call")
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
