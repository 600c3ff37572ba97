using SerBench.Core.Results;
using SerBench.Core.Studies;
using SerBench.Reports;

namespace SerBench.Tests.Core.Results;

public sealed class StudyDefinitionTests
{
    [Fact]
    public void ARecordedStudy_RendersAsItWasRun_NotAsTheCodeDefinesItToday()
    {
        var document = SampleResults.WebApiWithCrash();
        var today = StudyDefinition.From(StudyRegistry.All.Single(s => s.Name == "web-api"));
        var recorded = today with { Title = "Web API as defined in an older SerBench", Columns = [StudyColumn.Mean, StudyColumn.Median], Notes = ["an old note"] };
        var withDefinition = new ResultsDocument
        {
            Tool = document.Tool, Command = document.Command, Profile = document.Profile, StartedAt = document.StartedAt,
            Environment = document.Environment, Packages = document.Packages, Cells = document.Cells, Studies = [recorded],
        };
        using var stream = new MemoryStream();
        ResultsJson.Write(withDefinition, stream);
        stream.Position = 0;
        var reread = ResultsJson.Read(stream);

        var markdown = new StringWriter();
        new MarkdownReportExporter().Export(RunSummary.Of(reread), markdown);

        Assert.Contains("## web-api — Web API as defined in an older SerBench", markdown.ToString(), StringComparison.Ordinal);
        Assert.Contains("- an old note", markdown.ToString(), StringComparison.Ordinal);
        Assert.All(StudyTables.Build(StudyDefinition.Resolve(reread, "web-api"), reread.Cells), t => Assert.Contains("Median", t.Headers));
    }

    [Fact]
    public void FilesWithoutDefinitions_UseTodaysStudy_OrABareOneForAnUnknownName()
    {
        var document = SampleResults.Document();

        Assert.Equal(StudyRegistry.All.Single(s => s.Name == "web-api").Title, StudyDefinition.Resolve(document, "web-api").Title);
        var unknown = StudyDefinition.Resolve(document, "gone-study");
        Assert.Equal("gone-study", unknown.Title);
        Assert.Empty(unknown.Sections);
    }
}
