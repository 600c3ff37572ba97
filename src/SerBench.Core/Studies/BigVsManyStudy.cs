using SerBench.Core.Contenders;
using SerBench.Core.Payloads;

namespace SerBench.Core.Studies;

/// <summary>Study 3: one list of 10,000 users vs 10,000 single-user calls, Newtonsoft.Json vs System.Text.Json defaults.</summary>
internal static class BigVsManyStudy
{
    public static Study Create() => new()
    {
        Name = "big-vs-many",
        Title = "One big list vs many small calls",
        Source = "a .NET 7 article (Bogus users, Newtonsoft.Json as the baseline)",
        Conventions = JsonConventions.Default,
        Baseline = "newtonsoft-string",
        Contenders = ["newtonsoft-string", "stj-reflection-string"],
        Workloads =
        [
            new(PayloadRegistry.User, Shape.List, 10_000, [Operation.Serialize, Operation.Deserialize]),
            new(PayloadRegistry.User, Shape.Many, 10_000, [Operation.Serialize, Operation.Deserialize]),
        ],
        Columns = [StudyColumn.Mean, StudyColumn.Error, StudyColumn.Ratio, StudyColumn.Allocated, StudyColumn.AllocRatio, StudyColumn.PayloadBytes],
    };
}
