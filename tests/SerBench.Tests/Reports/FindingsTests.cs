using SerBench.Results;
using SerBench.Reports;

namespace SerBench.Tests.Reports;

public class FindingsTests
{
    [Fact]
    public void Fastest_IsComparedWithTheBaseline_WithTheRatiosInterval_AndAllocation()
    {
        var findings = Findings.For(StudyDefinition.Resolve(SampleResults.Document(), "web-api"), SampleResults.WebApiWithCrash().Cells);

        var first = findings[0];
        Assert.StartsWith("stj-sourcegen-utf8 serializes 200 Persons 2.58× faster than newtonsoft-string (99.9% CI ", first, StringComparison.Ordinal);
        Assert.Contains("and allocates 4.64× less", first, StringComparison.Ordinal);
        Assert.Contains("statistically tied with stj-handwritten", first, StringComparison.Ordinal);
        Assert.DoesNotContain("stj-reflection-utf8", first, StringComparison.Ordinal);
    }

    [Fact]
    public void NonOkContenders_AreNamedWithStatusAndReason_NeverRanked()
    {
        var findings = Findings.For(StudyDefinition.Resolve(SampleResults.Document(), "web-api"), SampleResults.WebApiWithCrash().Cells);

        var crash = Assert.Single(findings, f => f.StartsWith("broken-one", StringComparison.Ordinal));
        Assert.Contains("is not ranked: CRASH — " + SampleResults.HostileReason, crash, StringComparison.Ordinal);
        Assert.DoesNotContain(findings, f => f.Contains("faster than broken-one", StringComparison.Ordinal));
    }

    [Fact]
    public void Ties_RequireOverlappingIntervals()
    {
        var a = SampleResults.Cell("a", 100, errorFraction: 0.02);
        var b = SampleResults.Cell("b", 103, errorFraction: 0.02);
        var c = SampleResults.Cell("c", 110, errorFraction: 0.02);

        Assert.True(Ties.Overlap(a, b));
        Assert.False(Ties.Overlap(a, c));
    }
}
