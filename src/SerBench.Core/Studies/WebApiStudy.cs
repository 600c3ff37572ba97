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
            new(PayloadRegistry.Person, Shape.Object, 1, [Operation.Serialize, Operation.Deserialize, Operation.SerializeStream, Operation.DeserializeStream, Operation.SerializePipe, Operation.DeserializePipe]),
            new(PayloadRegistry.Person, Shape.List, 200, [Operation.Serialize, Operation.Deserialize, Operation.SerializeStream, Operation.DeserializeStream, Operation.SerializePipe, Operation.DeserializePipe]),
        ],
        Columns = [StudyColumn.Mean, StudyColumn.Error, StudyColumn.Ratio, StudyColumn.Gen0, StudyColumn.Gen1, StudyColumn.Gen2, StudyColumn.Allocated, StudyColumn.AllocRatio, StudyColumn.PayloadBytes],
        Notes =
        [
            "stj-handwritten is SerBench's addition: hand-written Utf8JsonWriter/Reader code, the speed-of-light reference.",
            "jsonsrcgen and jsonsrcgen-string are SerBench's addition: the source generator that won the shootout's source article, on models of its own.",
            "The stream and pipe cells are SerBench's addition, the paths ASP.NET Core takes: async into and out of a MemoryStream (Newtonsoft's formatters, and any Stream body), and into a PipeWriter and out of a PipeReader (System.Text.Json's formatters in ASP.NET Core 10). A pipe drained after each call stands in for the response, the request is in memory: the network, Kestrel and any wait for I/O are left out, as every await completes at once.",
        ],
    };
}
