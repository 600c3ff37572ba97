using System.Text.RegularExpressions;

namespace SerBench.Tests;

/// <summary>The README is read on a fresh clone: everything it links or names must be in the repository.</summary>
public sealed partial class ReadmeTests
{
    private static readonly string Root = FindRoot(AppContext.BaseDirectory);

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
    public void InstallLines_MatchTheToolProject()
    {
        var project = File.ReadAllText(Path.Combine(Root, "src", "SerBench.Cli", "SerBench.Cli.csproj"));
        var packageId = Regex.Match(project, "<PackageId>(.*)</PackageId>").Groups[1].Value;
        var command = Regex.Match(project, "<ToolCommandName>(.*)</ToolCommandName>").Groups[1].Value;

        Assert.Contains("<PackAsTool>true</PackAsTool>", project, StringComparison.Ordinal);
        Assert.Contains($"package id `{packageId}`, command `{command}`", Readme, StringComparison.Ordinal);
        Assert.Contains($"dotnet tool install --global {packageId} --add-source src/SerBench.Cli/bin/Release", Readme, StringComparison.Ordinal);
        Assert.Contains($"src/SerBench.Cli/bin/Release/{packageId}.<version>.nupkg", Readme, StringComparison.Ordinal);
    }

    private static string FindRoot(string directory) =>
        File.Exists(Path.Combine(directory, "SerBench.slnx")) ? directory : FindRoot(Path.GetDirectoryName(directory) ?? throw new InvalidOperationException("SerBench.slnx not found above the tests"));

    [GeneratedRegex(@"\]\(([^)#\s]+)[^)]*\)")]
    private static partial Regex MarkdownLink();

    /// <summary>Repository paths named in code spans, e.g. `docs/results-format.md`.</summary>
    [GeneratedRegex(@"`((?:docs|src|tests|eng)/[^`*<>\s]+?)`")]
    private static partial Regex CodePath();
}
