using System.Text.RegularExpressions;

namespace SerBench.Tests;

/// <summary>The README is read on a fresh clone: everything it links or names must be in the repository.</summary>
public sealed partial class ReadmeTests
{
    private static readonly string Root = Repository.Root;

    private static readonly string Readme = File.ReadAllText(Path.Combine(Root, "README.md"));

    [Fact]
    public void EveryRelativeLinkOrPath_ResolvesInsideTheRepository()
    {
        var targets = MarkdownLink().Matches(Readme).Select(m => m.Groups[1].Value)
            .Concat(CodePath().Matches(Readme).Select(m => m.Groups[1].Value))
            .Where(t => !t.Contains("://", StringComparison.Ordinal))
            .ToList();

        Assert.NotEmpty(targets);
        Assert.DoesNotContain("../", Readme, StringComparison.Ordinal);
        Assert.All(targets, t => Assert.True(Path.Exists(Path.Combine(Root, t)), $"README points at '{t}', which is not in the repository"));
    }

    [Fact]
    public void EveryRelativeLink_InTheDocs_ResolvesInsideTheRepository()
    {
        var broken = Directory.GetFiles(Path.Combine(Root, "docs"), "*.md")
            .SelectMany(doc => MarkdownLink().Matches(File.ReadAllText(doc)).Select(m => (Doc: doc, Target: m.Groups[1].Value)))
            .Where(link => !link.Target.Contains("://", StringComparison.Ordinal) && !link.Target.StartsWith("mailto:", StringComparison.Ordinal))
            .Where(link => !Path.Exists(Path.GetFullPath(Path.Combine(Path.GetDirectoryName(link.Doc)!, link.Target))))
            .Select(link => $"{Path.GetFileName(link.Doc)} -> {link.Target}")
            .ToList();

        Assert.True(broken.Count == 0, string.Join("\n", broken));
    }

    [Fact]
    public void Readme_StaysAnEntrance_AndSaysHowToRunEachTestSet()
    {
        // The README takes a newcomer from the two commands to the answer; reference material belongs in docs/.
        Assert.InRange(Readme.ReplaceLineEndings("\n").TrimEnd().Split('\n').Length, 1, 150);
        Assert.Contains("dotnet test    ", Readme, StringComparison.Ordinal);
        Assert.Contains("dotnet test --filter Category=Slow", Readme, StringComparison.Ordinal);
        // performance.md is a reference of today's figures, not a diary.
        Assert.InRange(File.ReadAllLines(Path.Combine(Root, "docs", "performance.md")).Length, 1, 300);
    }

    [Fact]
    public void InstallLines_MatchTheToolProject()
    {
        var project = File.ReadAllText(Path.Combine(Root, "src", "SerBench.Cli", "SerBench.Cli.csproj"));
        var packageId = Regex.Match(project, "<PackageId>(.*)</PackageId>").Groups[1].Value;
        var command = Regex.Match(project, "<ToolCommandName>(.*)</ToolCommandName>").Groups[1].Value;

        Assert.Contains("<PackAsTool>true</PackAsTool>", project, StringComparison.Ordinal);
        Assert.Contains("<PackageReadmeFile>README.md</PackageReadmeFile>", project, StringComparison.Ordinal);
        Assert.Contains("""<None Include="..\..\README.md" Pack="true" PackagePath="\" """, project, StringComparison.Ordinal);
        Assert.Contains($"package id `{packageId}`, command `{command}`", Readme, StringComparison.Ordinal);
        Assert.Contains($"dotnet tool install --global {packageId} --add-source src/SerBench.Cli/bin/Release", Readme, StringComparison.Ordinal);
        Assert.Contains($"src/SerBench.Cli/bin/Release/{packageId}.<version>.nupkg", Readme, StringComparison.Ordinal);
    }

    [Fact]
    public void ResultsFormat_DescribesEveryTopLevelField()
    {
        var doc = File.ReadAllLines(Path.Combine(Root, "docs", "results-format.md")).Where(l => l.StartsWith("| `", StringComparison.Ordinal)).ToList();
        var fields = typeof(SerBench.Core.Results.ResultsDocument).GetProperties()
            .Where(p => p.GetCustomAttributes(typeof(System.Text.Json.Serialization.JsonIgnoreAttribute), false).Length == 0)
            .Select(p => System.Text.Json.JsonNamingPolicy.CamelCase.ConvertName(p.Name));

        Assert.All(fields, field => Assert.Contains(doc, line => line.Split('|')[1].Contains($"`{field}`", StringComparison.Ordinal)));
    }

    [Fact]
    public void Readme_QuotesNoTestCountOrTestTime_ThatCouldDrift()
    {
        // Counts and times of the test sets live in docs/performance.md with the date they were measured.
        Assert.Empty(TestCount().Matches(Readme));
        Assert.All(Readme.Split('\n').Where(l => l.Contains("dotnet test", StringComparison.Ordinal)), line => Assert.DoesNotMatch(Duration(), line));
    }

    [Fact]
    public void YourDocuments_TheReadmeWritesTheSamplesItThenMeasures()
    {
        Assert.Contains("-- samples --out my-documents ", Readme, StringComparison.Ordinal);
        Assert.Contains("-- run --data my-documents ", Readme, StringComparison.Ordinal);
    }

    /// <summary>"810 tests", "936 fast tests", "27 slow tests".</summary>
    [GeneratedRegex(@"\b\d[\d,]*\s+(?:fast\s+|slow\s+)?tests?\b")]
    private static partial Regex TestCount();

    /// <summary>"2 minutes", "4 min 52 s", "~15 s".</summary>
    [GeneratedRegex(@"\d\s*(?:min|minutes?|s|seconds?)\b")]
    private static partial Regex Duration();

    [GeneratedRegex(@"\]\(([^)#\s]+)[^)]*\)")]
    private static partial Regex MarkdownLink();

    /// <summary>Repository paths named in code spans, e.g. `docs/results-format.md`.</summary>
    [GeneratedRegex(@"`((?:docs|src|tests|eng)/[^`*<>\s]+?)`")]
    private static partial Regex CodePath();
}
