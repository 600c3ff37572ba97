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
}
