using System.Reflection;
using Newtonsoft.Json;
using Newtonsoft.Json.Converters;
using Newtonsoft.Json.Serialization;
using SerBench.Core.Contenders;

namespace SerBench.Packs.NewtonsoftJson;

/// <summary>Maps <see cref="JsonConventions"/> onto Newtonsoft.Json settings.</summary>
internal static class NewtonsoftSettings
{
    public static Assembly Assembly { get; } = typeof(JsonConvert).Assembly;

    public static JsonSerializerSettings Create(JsonConventions conventions)
    {
        var settings = new JsonSerializerSettings
        {
            // Newtonsoft reads names case-insensitively by default; it has no switch to turn that off.
            ContractResolver = conventions.CamelCase ? new CamelCasePropertyNamesContractResolver() : new DefaultContractResolver(),
            // Keep offsets: the default would turn "…-09:00" strings into local DateTime values on the way through JToken.
            DateParseHandling = DateParseHandling.DateTimeOffset,
        };
        if (conventions.EnumsAsStrings)
        {
            settings.Converters.Add(new StringEnumConverter());
        }

        return settings;
    }
}
