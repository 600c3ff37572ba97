using System.Reflection;
using ServiceStack.Text;
using SerBench.Contenders;

namespace SerBench.Packs.ServiceStackText;

/// <summary>
/// Common part of the ServiceStack.Text contenders. ServiceStack.Text keeps its settings in a process-wide
/// <see cref="JsConfig"/>; the only per-call way to pick settings is a <see cref="JsConfig.With(Config)"/> scope, so each
/// codec opens one around every call (its cost is part of the number, and the row says so).
/// </summary>
internal abstract class ServiceStackTextContender : ContenderAdapter
{
    public override Assembly LibraryAssembly => typeof(JsConfig).Assembly;

    /// <summary>Maps the study's conventions onto ServiceStack.Text settings aligned with the reference document; built once per codec.</summary>
    protected static Config CreateConfig(JsonConventions conventions)
    {
        AlignGuids();
        return new Config
        {
            TextCase = conventions.CamelCase ? TextCase.CamelCase : TextCase.PascalCase,
            TreatEnumAsInteger = !conventions.EnumsAsStrings,
            // ISO 8601 with the offset kept, like the reference document ("2022-08-19T09:28:47-09:00").
            DateHandler = DateHandler.ISO8601,
            // Write every member, like System.Text.Json's defaults: nulls, zeros and false included.
            IncludeNullValues = true,
            ExcludeDefaultValues = false,
        };
    }

    /// <summary>
    /// ServiceStack.Text writes Guids as 32 hex digits; every other contender (and the reference document) writes the
    /// dashed "D" form. Its only switch is the process-wide per-type hook; nothing else in SerBench uses ServiceStack.Text.
    /// </summary>
    private static void AlignGuids()
    {
        JsConfig<Guid>.SerializeFn = guid => guid.ToString("D");
    }
}
