using SerBench.Core.Contenders;
using SerBench.Core.Payloads;
using SerBench.Core.Studies;
using SerBench.Core.Verification;
using SerBench.Tests.Infrastructure;

namespace SerBench.Tests.Core.Verification;

// The live heap is the whole process's: a test class running beside this one would add its own objects to the figure.
[Collection(SerialCollection.Name)]
public class PeakLiveBytesTests
{
    private static readonly Workload PersonList = new(PayloadRegistry.Person, Shape.List, 20, [Operation.Deserialize]);

    [Fact]
    public void ReadingItemByItem_KeepsFarLessAliveThanTheWholeList_AndOnlyWhereBothAreMeasured()
    {
        var workload = new Workload(PayloadRegistry.Person, Shape.List, 2_000, [Operation.Deserialize, Operation.DeserializeItems, Operation.FirstItem]);
        var prepared = Verifier.Prepare(ContenderRegistry.Find("stj-reflection-utf8")!, JsonConventions.Web, workload);

        var whole = prepared.PeakLiveBytes(Operation.Deserialize)!.Value;
        var items = prepared.PeakLiveBytes(Operation.DeserializeItems)!.Value;
        var first = prepared.PeakLiveBytes(Operation.FirstItem)!.Value;

        // 2,000 Persons held at once are megabytes; one at a time, a buffer and an item.
        Assert.InRange(whole, 1_000_000, 100_000_000);
        Assert.True(items * 10 < whole, $"item by item {items} B against the whole list {whole} B");
        Assert.True(first * 10 < whole, $"the first item {first} B against the whole list {whole} B");
        Assert.Null(Verifier.Prepare(ContenderRegistry.Find("stj-reflection-utf8")!, JsonConventions.Web, PersonList).PeakLiveBytes(Operation.Deserialize));
    }
}
