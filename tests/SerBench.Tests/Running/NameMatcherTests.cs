using SerBench.Core.Payloads;
using SerBench.Core.Results;
using SerBench.Core.Running;
using SerBench.Core.Studies;
using SerBench.Running;

namespace SerBench.Tests.Running;

public class NameMatcherTests
{
    [Fact]
    public void ByCloseness_PutsTheNearestNameFirst() =>
        Assert.Equal("stj-sourcegen-utf8", NearestNames.Order("stj-sorcegen-utf8", ["newtonsoft-string", "stj-sourcegen-utf8", "stj-reflection-utf8"])[0]);

    [Fact]
    public void Resolve_IsCaseInsensitive() =>
        Assert.Equal("web-api", NameMatcher.Resolve("study", "studies", "WEB-API", ["web-api", "escaping"], s => s));

    [Fact]
    public void Resolve_UnknownEnumName_ThrowsInsteadOfReturningTheDefault() =>
        Assert.Throws<UsageException>(() => NameMatcher.Resolve("operation", "operations", "serialise", Enum.GetValues<Operation>(), CellText.Name));

    [Fact]
    public void RunPlan_SizesReplaceNOfListAndManyOnly()
    {
        var request = RunOptionsParser.Parse(new RunOptions { Study = "big-vs-many", Sizes = "1,200", Ops = "serialize", Profile = "smoke" });

        var plan = RunPlan.Create(request);

        Assert.Equal([1, 200, 1, 200], plan.Where(p => p.Contender.Name == "newtonsoft-string").Select(p => p.Workload.Count));
        Assert.All(plan, p => Assert.Equal([Operation.Serialize], p.Operations));
        Assert.Equal("newtonsoft-string", plan[0].Contender.Name);
    }

    [Fact]
    public void RunPlan_PayloadsSwapTheStudyModel()
    {
        var plan = RunPlan.Create(RunOptionsParser.Parse(new RunOptions { Study = "json-vs-binary", Payloads = "person" }));

        Assert.All(plan, p => Assert.Equal("person", p.Workload.Payload.Name));
    }

    [Fact]
    public void RunPlan_ShapesAndOneSize_NarrowAStudyToOneCase_WithoutRepeats()
    {
        // What a child process is asked for: the shootout has lists of 1, 100 and 1,000; --sizes 100 must not yield three lists of 100.
        var plan = RunPlan.Create(RunOptionsParser.Parse(new RunOptions { Study = "shootout", Contenders = "newtonsoft-utf8", Payloads = "user", Sizes = "100", Ops = "serialize,deserialize", Profile = "smoke", Shapes = "list" }));

        var only = Assert.Single(plan);
        Assert.Equal((Shape.List, 100), (only.Workload.Shape, only.Workload.Count));
        Assert.Equal([Operation.Serialize, Operation.Deserialize], only.Operations);
    }

    [Fact]
    public void RunRequest_UnknownShape_NamesTheValidOnes()
    {
        var error = Assert.Throws<UsageException>(() => RunOptionsParser.Parse(new RunOptions { Shapes = "lists" }));

        Assert.Contains("'lists'", error.Message, StringComparison.Ordinal);
        Assert.Contains("list", error.Message, StringComparison.Ordinal);
    }
}
