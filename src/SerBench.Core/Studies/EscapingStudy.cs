using SerBench.Core.Contenders;
using SerBench.Core.Payloads;

namespace SerBench.Core.Studies;

/// <summary>Study 4: non-ASCII text, and the cost of encoder options separated from the cost of building options per call.</summary>
internal static class EscapingStudy
{
    public static Study Create() => new()
    {
        Name = "escaping",
        Title = "Non-ASCII text and the cost of options",
        Source = "a .NET Core 3.1 article (Japanese text; DataContractJsonSerializer, Newtonsoft.Json, System.Text.Json encoders)",
        Conventions = JsonConventions.CamelCaseOnly,
        Baseline = "stj-reflection-string",
        Contenders =
        [
            "stj-reflection-string", "stj-encoder-all-ranges", "stj-encoder-relaxed", "stj-options-per-call",
            "newtonsoft-string", "datacontract-json",
        ],
        Workloads = [new(PayloadRegistry.OfficeWorker, Shape.Object, 1, [Operation.RoundTrip])],
        Columns = [StudyColumn.Mean, StudyColumn.Error, StudyColumn.StdDev, StudyColumn.Ratio, StudyColumn.Gen0, StudyColumn.Gen1, StudyColumn.Gen2, StudyColumn.Allocated, StudyColumn.PayloadBytes],
        Notes =
        [
            "One operation = serialize then deserialize. stj-reflection-string uses the default encoder (writes \\u682A…).",
            "The article built new options inside every call; stj-options-per-call does that (an anti-pattern), the encoder rows build options once.",
        ],
    };
}
