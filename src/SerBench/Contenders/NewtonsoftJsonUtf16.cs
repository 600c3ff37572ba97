using Newtonsoft.Json;

namespace SerBench.Contenders;

/// <summary>Newtonsoft.Json through <c>JsonConvert</c>, to and from a UTF-16 <see cref="string"/>.</summary>
internal sealed class NewtonsoftJsonUtf16() : NewtonsoftJsonContender("newtonsoft-string", TextMode.Utf16)
{
    public override Codec<T> CreateCodec<T>(JsonConventions conventions)
    {
        var settings = NewtonsoftSettings.Create(conventions);
        return new DelegateCodec<T, string>(
            value => JsonConvert.SerializeObject(value, settings),
            json => JsonConvert.DeserializeObject<T>(json, settings)!);
    }
}
