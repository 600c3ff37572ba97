using System.Reflection;
using Newtonsoft.Json;
using SerBench.Core.Contenders;
using SerBench.Core.Packs;

namespace SerBench.Packs.NewtonsoftJson;

/// <summary>Newtonsoft.Json through <c>JsonConvert</c>, to and from a UTF-16 <see cref="string"/>.</summary>
[PackContender("newtonsoft-string")]
internal sealed class NewtonsoftJsonUtf16 : ContenderAdapter
{
    public override Assembly LibraryAssembly => NewtonsoftSettings.Assembly;

    public override Codec<T> CreateCodec<T>(JsonConventions conventions)
    {
        var settings = NewtonsoftSettings.Create(conventions);
        return new DelegateCodec<T, string>(
            value => JsonConvert.SerializeObject(value, settings),
            json => JsonConvert.DeserializeObject<T>(json, settings)!);
    }

    public override StreamCodec<T> CreateStreamCodec<T>(JsonConventions conventions) =>
        NewtonsoftStreamCodec.Create<T>(JsonSerializer.Create(NewtonsoftSettings.Create(conventions)));
}
