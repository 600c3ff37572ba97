using SerBench.Core.Contenders;
using SerBench.Core.Payloads;

namespace SerBench.Core.Studies;

/// <summary>Study 1: one Person vs an array of 200, Newtonsoft.Json against four System.Text.Json ways.</summary>
internal static class WebApiStudy
{
    public static Study Create() => new()
    {
        Name = "web-api",
        Title = "One object vs an array, five ways (Web API defaults)",
        Source = "a .NET 8 article comparing Newtonsoft.Json and System.Text.Json under ASP.NET Core Web API settings",
        Conventions = JsonConventions.Web,
        Baseline = "newtonsoft-string",
        Contenders = ["newtonsoft-string", "stj-reflection-string", "stj-reflection-utf8", "stj-sourcegen-string", "stj-sourcegen-utf8", "stj-handwritten", "jsonsrcgen", "jsonsrcgen-string"],
        Workloads =
        [
            new(PayloadRegistry.Person, Shape.Object, 1, [Operation.Serialize, Operation.Deserialize]),
            new(PayloadRegistry.Person, Shape.List, 200, [Operation.Serialize, Operation.Deserialize]),
        ],
        Columns = [StudyColumn.Mean, StudyColumn.Error, StudyColumn.Ratio, StudyColumn.Gen0, StudyColumn.Gen1, StudyColumn.Gen2, StudyColumn.Allocated, StudyColumn.AllocRatio, StudyColumn.PayloadBytes],
        Notes =
        [
            "stj-handwritten is SerBench's addition: hand-written Utf8JsonWriter/Reader code, the speed-of-light reference.",
            "jsonsrcgen and jsonsrcgen-string are SerBench's addition: the source generator that won the shootout's source article, on models of its own.",
        ],
    };
}
