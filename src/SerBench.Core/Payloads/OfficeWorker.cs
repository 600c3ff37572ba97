using System.Runtime.Serialization;

namespace SerBench.Core.Payloads;

/// <summary>
/// The study-4 model. Data-contract names give DataContractJsonSerializer (and Newtonsoft.Json, which
/// honours them) the same camelCase names the other contenders get from their naming policy.
/// </summary>
[DataContract]
public sealed partial class OfficeWorker
{
    [DataMember(Name = "company", Order = 0)] public string Company { get; set; } = "";
    [DataMember(Name = "department", Order = 1)] public string Department { get; set; } = "";
    [DataMember(Name = "name", Order = 2)] public string Name { get; set; } = "";
    [DataMember(Name = "sex", Order = 3)] public string Sex { get; set; } = "";
    [DataMember(Name = "age", Order = 4)] public uint Age { get; set; }
}
