using System.Text.Json;
using SerBench.Tests.AgentBuilds;

namespace SerBench.Tests.Eng;

/// <summary>
/// eng/fidelity sits outside SerBench.slnx (a plain <c>dotnet test</c> must not build BenchmarkDotNet's benchmarks), so
/// nothing else notices when a change to the core breaks it: it once stopped compiling for a day after a rename.
/// </summary>
[Collection(AgentBuildCollection.Name)]
[Trait("Category", "Slow")]
public class FidelityBenchmarksTests
{
    [Fact]
    public void TheFidelityBenchmarks_Build_AndDeclareCellsSerBenchMeasures_InEveryStudy()
    {
        var project = Repository.File("eng", "fidelity", "SerBench.Fidelity.csproj");
        var output = Path.Combine(Path.GetTempPath(), "serbench-fidelity-" + Guid.NewGuid().ToString("N"));
        try
        {
            ToolProcess.Run(Repository.Root, "dotnet", "build", project, "-c", "Debug", "-o", output, "-nologo", "-v", "quiet");

            // --list-cells checks every declaration against the studies (Cell.Validate) before it prints them.
            var listing = ToolProcess.Run(Repository.Root, "dotnet", Path.Combine(output, "SerBench.Fidelity.dll"), "--list-cells");

            using var cells = JsonDocument.Parse(listing);
            var studies = cells.RootElement.EnumerateArray().Select(c => c.GetProperty("study").GetString()!).ToHashSet();
            Assert.True(cells.RootElement.GetArrayLength() >= 20, listing);
            Assert.Equal(["big-vs-many", "escaping", "json-vs-binary", "shootout", "web-api"], studies.Order(StringComparer.Ordinal));

            // --interleave filters BenchmarkDotNet to one cell by "*.Class.Method": each must name exactly one benchmark.
            var methods = cells.RootElement.EnumerateArray().Select(c => c.GetProperty("method").GetString()!).ToList();
            Assert.All(methods, m => Assert.Matches(@"^[A-Za-z]+Benchmarks\.[A-Za-z0-9]+$", m));
            Assert.Equal(methods.Count, methods.Distinct(StringComparer.Ordinal).Count());
        }
        finally
        {
            if (Directory.Exists(output))
            {
                Directory.Delete(output, recursive: true);
            }
        }
    }
}
