using System.Text.Json.Nodes;

namespace SerBench.Tests.Cli;

/// <summary>
/// Issue 35: files that broke an invariant the format documents passed validation, then report and merge threw (a cell
/// held twice, a denormal time) or printed contradictions (malformed modes). Every reader refuses them in one line, exit
/// code 2, and writes nothing.
/// </summary>
public sealed class ResultsInvariantTests : IDisposable
{
    private readonly TempDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    public static TheoryData<string, string> Broken() => new()
    {
        { "cell twice", "$.cells[5]: the same cell as $.cells[0]" },
        { "denormal mean", "$.cells[1].meanNs: 1E-320 is not a time a measurement gives" },
        { "three modes", "$.cells[0].modes: holds 3" },
        { "unsorted modes", "$.cells[0].modes: the first mode is not the faster" },
        { "zero modes", "$.cells[0].modes[0].meanNs: 0; a speed is a time above zero" },
    };

    private static string Text(string name) => SampleFiles.Edited(root =>
    {
        var cell = SampleFiles.FirstCell(root);
        JsonArray Modes(params double[] means) => [.. means.Select(m => (JsonNode)new JsonObject { ["meanNs"] = m, ["errorNs"] = 1.0, ["processes"] = 3 })];
        switch (name)
        {
            case "cell twice":
                root["cells"]!.AsArray().Add(cell.DeepClone());
                break;
            case "denormal mean":
                root["cells"]![1]!["meanNs"] = 1e-320;
                break;
            case "three modes":
                cell["modes"] = Modes(1000, 2000, 4000);
                break;
            case "unsorted modes":
                cell["modes"] = Modes(4000, 1000);
                break;
            default:
                cell["modes"] = Modes(0, 0);
                break;
        }
    });

    [Theory]
    [MemberData(nameof(Broken))]
    public void EveryReader_RefusesIt_InOneLine_WritingNothing(string name, string problem)
    {
        var path = _directory.File("broken.json");
        File.WriteAllText(path, Text(name));
        var valid = _directory.File("valid.json");
        File.WriteAllText(valid, SampleFiles.ValidJson());

        foreach (var args in new[]
        {
            new[] { "report", path, "--out", _directory.File("report") },
            ["merge", valid, path, "--out", _directory.File("merged")],
            ["compare", valid, path, "--fail-on-regression", "--markdown", _directory.File("compare.md")],
        })
        {
            var (exitCode, output, error) = CliTester.RunWithoutChartImages(args);

            Assert.True(exitCode == 2, $"{args[0]}: {exitCode}\n{error}{output}");
            Assert.Equal($"serbench: '{path}' is not a valid SerBench results file: {problem}", error.TrimEnd()[..($"serbench: '{path}' is not a valid SerBench results file: ".Length + problem.Length)]);
            Assert.Single(error.TrimEnd().Split('\n'));
        }

        Assert.Equal(["broken.json", "valid.json"], Directory.GetFileSystemEntries(_directory.Path).Select(Path.GetFileName).Order(StringComparer.Ordinal));
    }
}
