using System.Reflection;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;
using SerBench.Core.Contenders;
using SerBench.Core.Contenders.Documents;
using SerBench.Core.Packs;

namespace SerBench.Packs.NewtonsoftJson;

/// <summary>
/// Newtonsoft.Json's document model (LINQ to JSON): <see cref="JToken.ReadFrom(JsonReader)"/> from a string, written
/// with <c>ToString(Formatting.None)</c>. Dates stay strings (<see cref="DateParseHandling.None"/>): the default would
/// turn date-like strings into DateTime and write them back in another format.
/// </summary>
[PackContender("newtonsoft-jtoken")]
internal sealed class NewtonsoftJToken : ContenderAdapter
{
    public override Assembly LibraryAssembly => NewtonsoftSettings.Assembly;

    public override Codec<T> CreateCodec<T>(JsonConventions conventions) => DocumentContender.CodecFor<T>("newtonsoft-jtoken", () => new TokenCodec());

    private sealed class TokenCodec : DocumentCodec<JToken, string>
    {
        protected override JToken Parse(string text)
        {
            using var reader = new JsonTextReader(new StringReader(text)) { DateParseHandling = DateParseHandling.None };
            return JToken.ReadFrom(reader);
        }

        protected override string Write(JToken dom) => dom.ToString(Formatting.None);
    }
}
