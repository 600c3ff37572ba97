using System.Text.RegularExpressions;
using SerBench.Core.Results;

namespace SerBench.Tests.Core.Results;

/// <summary>
/// Shape, operation and status are enums everywhere but <see cref="CellText"/>, their one text form and parser: no other
/// file under src compares them as text (<c>== "OK"</c>, <c>case "list":</c>, <c>"serialize" =></c>, <c>is "CRASH"</c>).
/// </summary>
public sealed partial class CellTextGuardTests
{
    private static readonly string[] Names = [.. CellText.ShapeNames, .. CellText.OperationNames, .. CellText.StatusLabels];

    [Fact]
    public void NoFileButCellText_ComparesAShapeOperationOrStatusAsText()
    {
        var parser = Path.Combine("src", "SerBench", "Results", "CellText.cs");
        var offences = (
            from file in Directory.EnumerateFiles(Repository.File("src"), "*.cs", SearchOption.AllDirectories)
            let relative = Path.GetRelativePath(Repository.Root, file)
            where relative != parser && !relative.Split(Path.DirectorySeparatorChar).Any(part => part is "bin" or "obj")
            from line in File.ReadLines(file).Select((text, index) => (Text: text, Number: index + 1))
            where Comparison().Matches(line.Text).Any(m => Names.Contains(m.Groups["name"].Value, StringComparer.Ordinal))
            select $"{relative}:{line.Number}: {line.Text.Trim()}").ToList();

        Assert.True(offences.Count == 0, "Compared as text outside CellText:\n" + string.Join("\n", offences));
    }

    [Theory]
    [InlineData("if (cell.Status == \"OK\")")]
    [InlineData("c => \"CRASH\" != c.Status")]
    [InlineData("case \"list\":")]
    [InlineData("\"serialize\" => \"ser\",")]
    [InlineData("status is \"DIFFERS\" or \"MISMATCH\"")]
    [InlineData("string.Equals(shape, \"many\", StringComparison.Ordinal)")]
    public void TheGuard_SeesEachFormOfComparison(string line) =>
        Assert.Contains(Comparison().Matches(line), m => Names.Contains(m.Groups["name"].Value, StringComparer.Ordinal));

    [Fact]
    public void TheGuard_LeavesTextThatOnlyMentionsANameAlone() =>
        Assert.Empty(Comparison().Matches("footnotes.Add(\"Ranked: OK in every workload\"); var label = \"list\";"));

    [GeneratedRegex("""(?:[=!]=\s*|\bcase\s+|\bis\s+|\bor\s+|\band\s+|Equals\([^)]*?)"(?<name>[^"]*)"|"(?<name>[^"]*)"\s*(?:[=!]=|=>)""")]
    private static partial Regex Comparison();
}
