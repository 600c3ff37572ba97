using SerBench.Core.Results;
using SerBench.Core.Running;
using SerBench.Core.Verification;
using SerBench.Running;

namespace SerBench.Tests.Running;

public sealed class CellSelectionTests
{
    private static IReadOnlyList<PlannedCase> Plan(string cells, string? study = null) =>
        RunPlan.Create(RunOptionsParser.Parse(new RunOptions { Study = study, Profile = "smoke", Cells = cells }));

    private static IEnumerable<string> Ids(IReadOnlyList<PlannedCase> plan) =>
        plan.SelectMany(p => p.Operations.Select(o => PlannedCells.Describe(p, o, GateOutcome.Ok).Key))
            .Select(CellText.Selector);

    [Fact]
    public void Cells_OfSeveralStudies_AreMeasuredInOneRun_AndNothingElse()
    {
        var plan = Plan("web-api/newtonsoft-string/person/object/1/serialize,big-vs-many/stj-reflection-string/user/many/10000/deserialize");

        Assert.Equal(["web-api/newtonsoft-string/person/object/1/serialize", "big-vs-many/stj-reflection-string/user/many/10000/deserialize"], Ids(plan));
    }

    [Fact]
    public void Cells_AStarMatchesAnyPart()
    {
        var plan = Plan("json-vs-binary/*/save-game/object/1/deserialize");

        var ids = Ids(plan).ToList();
        Assert.Equal(RunPlan.Create(RunOptionsParser.Parse(new RunOptions { Study = "json-vs-binary", Ops = "deserialize", Profile = "smoke" })).Count, ids.Count);
        Assert.All(ids, id => Assert.EndsWith("/save-game/object/1/deserialize", id, StringComparison.Ordinal));
        Assert.Contains("json-vs-binary/binary-utf8/save-game/object/1/deserialize", ids);
    }

    [Fact]
    public void Cells_SpacesAroundEveryPart_AreTrimmed_TheCountsToo()
    {
        var plan = Plan(" web-api / newtonsoft-string / person / object / 1 / serialize ");

        Assert.Equal(["web-api/newtonsoft-string/person/object/1/serialize"], Ids(plan));
    }

    [Fact]
    public void Cells_NamesAreCaseInsensitive_AndCountsMayHaveSeparators()
    {
        var plan = Plan("Big-Vs-Many/STJ-Reflection-String/user/list/10_000/Serialize");

        Assert.Equal(["big-vs-many/stj-reflection-string/user/list/10000/serialize"], Ids(plan));
    }

    [Theory]
    [InlineData("web-api/newtonsoft-string/person/object/1", "study/contender/payload/shape/count/operation")]
    [InlineData("web-api/newtonsoft-string/person/object/one/serialize", "the count 'one'")]
    [InlineData("web-api/newtonsoft-string/person/object/0/serialize", "the count '0'")]
    [InlineData("web-api//person/object/1/serialize", "study/contender/payload/shape/count/operation")]
    public void Cells_Malformed_SaysWhatTheFormIs(string cells, string expected)
    {
        var error = Assert.Throws<UsageException>(() => CellSelection.Parse(cells));

        Assert.Contains(expected, error.Message, StringComparison.Ordinal);
        Assert.DoesNotContain('\n', error.Message);
    }

    [Fact]
    public void Cells_APatternThatKeepsNothing_IsNamed_EvenWhenOthersKeepCells()
    {
        // person lists in web-api have 200 items: a count of 100 is a cell the study does not have.
        var error = Assert.Throws<UsageException>(() => Plan("web-api/*/person/object/1/serialize,web-api/*/person/list/100/serialize"));

        Assert.Contains("web-api/*/person/list/100/serialize", error.Message, StringComparison.Ordinal);
        Assert.DoesNotContain("object/1", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Cells_OutsideTheStudyGiven_AreRefused()
    {
        var error = Assert.Throws<UsageException>(() => Plan("big-vs-many/*/*/*/*/*", study: "web-api"));

        Assert.Contains("big-vs-many/*/*/*/*/*", error.Message, StringComparison.Ordinal);
    }
}
