using System.Text.Json;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Exporters.Json;
using BenchmarkDotNet.Running;
using SerBench.Fidelity;

// `--list-cells`: the declared cells as JSON (what eng/fidelity/run reads to build its serbench invocations).
// Anything else goes to BenchmarkDotNet's own command line (--filter, --anyCategories, --job Dry, --artifacts …).
// No job is configured here: BenchmarkDotNet's default job, out of process, unless the command line names one.
if (args is ["--list-cells"])
{
    Console.WriteLine(JsonSerializer.Serialize(Cell.All().Select(c => new
    {
        id = c.Id, method = c.Method, study = c.Study, contender = c.Contender, payload = c.Payload, shape = c.Shape, count = c.Count, operation = c.Operation,
    })));
    return 0;
}

_ = Cell.All(); // fail before measuring anything if a declaration is wrong
var config = DefaultConfig.Instance
    .AddDiagnoser(MemoryDiagnoser.Default)
    .AddExporter(JsonExporter.Full);
var summaries = BenchmarkSwitcher.FromAssembly(typeof(Cell).Assembly).Run(args, config);
return summaries.Any(s => s.HasCriticalValidationErrors || s.Reports.Any(r => !r.Success)) ? 1 : 0;
