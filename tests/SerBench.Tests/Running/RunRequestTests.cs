using SerBench.Running;

namespace SerBench.Tests.Running;

public sealed class RunRequestTests
{
    [Fact]
    public void Study_ACommaSeparatedList_RunsEachOnce_InTheOrderGiven()
    {
        var request = RunRequest.Parse("escaping, web-api,escaping", null, null, null, null, null);

        Assert.Equal(["escaping", "web-api"], request.Studies.Select(s => s.Name));
    }

    [Fact]
    public void Study_Unknown_SaysWhatWorks()
    {
        var error = Assert.Throws<UsageException>(() => RunRequest.Parse("web-apo", null, null, null, null, null));

        Assert.Contains("(data with --data, types with --types)", error.Message, StringComparison.Ordinal);
        Assert.Contains("Give one or a comma-separated list, e.g. --study web-api,escaping; --cells picks single cells of several studies.", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void OpsFirstCall_PlansOnlyFirstCalls_AndTimesThemEvenInSmoke()
    {
        var request = RunRequest.Parse("json-vs-binary", "binary-utf8", null, null, "first-call", "smoke");

        var plan = RunPlan.Create(request);

        Assert.All(plan, p => Assert.Equal([Studies.Operation.FirstCall], p.Operations));
        Assert.Equal(SerBench.Measurement.MeasurementProfile.Quick.FirstCallLaunches, request.Profile.FirstCallLaunches);
    }

    [Fact]
    public void WithoutOps_TheStudyOperationsArePlanned_AndFirstCallsAreTheProfiles()
    {
        var plan = RunPlan.Create(RunRequest.Parse("json-vs-binary", "binary-utf8", null, null, null, "smoke"));

        Assert.DoesNotContain(plan, p => p.Operations.Contains(Studies.Operation.FirstCall));
    }

    [Fact]
    public void OpsFirstCall_IsOneCellPerPayload_AndCellsNamesItAsResultsJsonDoes()
    {
        var plan = RunPlan.Create(RunRequest.Parse("web-api", "binary-utf8", "person", null, "first-call", null) with
        {
            Cells = CellSelection.Parse("web-api/*/person/object/1/first-call"),
        });

        var only = Assert.Single(plan);
        Assert.Equal([Studies.Operation.FirstCall], only.Operations);
    }
}
