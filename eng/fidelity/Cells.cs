using System.Reflection;
using BenchmarkDotNet.Attributes;
using SerBench.Core.Contenders;
using SerBench.Core.Results;
using SerBench.Core.Running;
using SerBench.Core.Studies;
using SerBench.Core.Verification;

namespace SerBench.Fidelity;

/// <summary>
/// The SerBench cell a benchmark reproduces. Convention: every <c>[Benchmark]</c> method's <c>Description</c> is the cell
/// identity <c>study/contender/payload/shape/count/operation</c> with SerBench's names (as in results.json), and its class
/// carries <c>[BenchmarkCategory(study)]</c>. BenchmarkDotNet's JSON export shows the description as <c>MethodTitle</c>.
/// </summary>
internal sealed record Cell(string Study, string Contender, string Payload, string Shape, int Count, string Operation)
{
    public string Id => $"{Study}/{Contender}/{Payload}/{Shape}/{Count}/{Operation}";

    /// <summary>The benchmark as <c>Class.Method</c>, for BenchmarkDotNet's <c>--filter</c> (the script's <c>--interleave</c>).</summary>
    public string Method { get; init; } = "";

    public static Cell Parse(string id)
    {
        var parts = id.Split('/');
        if (parts.Length != 6 || !int.TryParse(parts[4], out var count))
        {
            throw new FormatException($"'{id}' is not study/contender/payload/shape/count/operation.");
        }

        return new Cell(parts[0], parts[1], parts[2], parts[3], count, parts[5]);
    }

    /// <summary>Every declared cell, checked against SerBench's own registries so a typo cannot reach the script.</summary>
    public static IReadOnlyList<Cell> All()
    {
        var cells = new List<Cell>();
        foreach (var type in typeof(Cell).Assembly.GetTypes())
        {
            var benchmarks = type.GetMethods().Where(m => m.GetCustomAttribute<BenchmarkAttribute>() is not null).ToList();
            if (benchmarks.Count == 0)
            {
                continue;
            }

            var study = type.GetCustomAttribute<BenchmarkCategoryAttribute>()?.Categories.SingleOrDefault()
                ?? throw new InvalidOperationException($"{type.Name} needs [BenchmarkCategory(study)].");
            foreach (var method in benchmarks)
            {
                var cell = Parse(method.GetCustomAttribute<BenchmarkAttribute>()!.Description
                                 ?? throw new InvalidOperationException($"{type.Name}.{method.Name} has no Description (its cell)."));
                cell.Validate(study, $"{type.Name}.{method.Name}");
                cells.Add(cell with { Method = $"{type.Name}.{method.Name}" });
            }
        }

        var repeated = cells.GroupBy(c => c.Id).FirstOrDefault(g => g.Count() > 1);
        return repeated is null ? cells : throw new InvalidOperationException($"Cell {repeated.Key} is declared twice.");
    }

    /// <summary>The cell must be one that <c>serbench run --study {Study}</c> measures, or the script could not reproduce it.</summary>
    private void Validate(string classStudy, string where)
    {
        var study = StudyOf(Study);
        var workload = study.Workloads.FirstOrDefault(w => w.Payload.Name == Payload && CellText.Name(w.Shape) == Shape && w.CellCount == Count);
        var problem =
            Study != classStudy ? $"its study is not the class's category '{classStudy}'"
            : !study.Contenders.Contains(Contender) ? $"contender '{Contender}' is not in the study"
            : workload is null ? $"the study has no {Payload} workload of shape {Shape} and count {Count} (an object cell has count 1)"
            : !workload.Operations.Any(o => CellText.Name(o) == Operation) ? $"the study does not measure '{Operation}' there"
            : null;
        if (problem is not null)
        {
            throw new InvalidOperationException($"{where} declares cell {Id}, but {problem}.");
        }
    }

    public static Study StudyOf(string name) => StudyRegistry.All.Single(s => s.Name == name);
}

/// <summary>
/// Setup-time proof that a benchmark does what SerBench's contender does: the direct call must write exactly the payload
/// the contender writes, and read the contender's payload back to an equal object. Nothing here is timed.
/// </summary>
internal static class Same
{
    /// <summary>The payload SerBench's contender writes for <paramref name="value"/> under the study's conventions.</summary>
    public static TPayload PayloadOf<T, TPayload>(string study, string contender, T value) where T : class where TPayload : class =>
        (TPayload)CodecOf<T>(study, contender).SerializeUntyped(value);

    /// <summary>Checks that the direct call wrote what the contender writes; returns it.</summary>
    public static TPayload Written<T, TPayload>(string study, string contender, T value, TPayload direct) where T : class where TPayload : class =>
        WrittenEach(study, contender, [value], [direct])[0];

    /// <summary>As <see cref="Written{T, TPayload}"/>, for the many shape: one payload per value, one codec for all.</summary>
    public static TPayload[] WrittenEach<T, TPayload>(string study, string contender, T[] values, TPayload[] direct) where T : class where TPayload : class
    {
        var codec = CodecOf<T>(study, contender);
        for (var i = 0; i < values.Length; i++)
        {
            var same = (codec.SerializeUntyped(values[i]), direct[i]) switch
            {
                (byte[] a, byte[] b) => a.AsSpan().SequenceEqual(b),
                (string a, string b) => a == b,
                _ => false,
            };
            if (!same)
            {
                throw new InvalidOperationException(
                    $"{study}/{contender}: the direct call wrote a different {typeof(T).Name} payload than SerBench's contender (item {i}).");
            }
        }

        return direct;
    }

    /// <summary>Checks that the direct call read the contender's payload back to an object equal to the original.</summary>
    public static void Read<T>(string study, string contender, T original, T direct) where T : class
    {
        if (ObjectComparer.FirstDifference(original, direct) is { } difference)
        {
            throw new InvalidOperationException($"{study}/{contender}: the direct call read back a different {typeof(T).Name}: {difference}");
        }
    }

    /// <summary>The contender's codec: built in, or from the served packs compiled into this project (as in the agent).</summary>
    private static Codec<T> CodecOf<T>(string study, string contender) where T : class =>
        (LivePacks.Value.Contenders.FirstOrDefault(c => c.Name == contender && c.Adapter is not null) as Contender
         ?? ContenderRegistry.Find(contender) ?? throw new InvalidOperationException($"No contender {contender}."))
        .CreateCodec<T>(Cell.StudyOf(study).Conventions);

    // BenchmarkDotNet runs this from its own generated folders: look upwards for the repository's contenders/.
    private static readonly Lazy<SerBench.Core.Packs.PackCatalog> LivePacks = new(() =>
    {
        for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            var contenders = Path.Combine(directory.FullName, "contenders");
            if (File.Exists(Path.Combine(contenders, "newtonsoft-json", "pack.json")))
            {
                // The packs' adapters are compiled into this assembly; eng code may find them by their attribute.
                var adapters = typeof(Same).Assembly.GetTypes().Where(t => t.IsSubclassOf(typeof(SerBench.Core.Packs.ContenderAdapter)) && !t.IsAbstract)
                    .Select(t => (Type: t, Name: System.Reflection.CustomAttributeExtensions.GetCustomAttribute<SerBench.Core.Packs.PackContenderAttribute>(t)?.Name))
                    .Where(a => a.Name is not null)
                    .ToDictionary(a => a.Name!, a => (Func<SerBench.Core.Packs.ContenderAdapter>)(() => (SerBench.Core.Packs.ContenderAdapter)Activator.CreateInstance(a.Type)!),
                        StringComparer.Ordinal);
                return SerBench.Core.Packs.PackCatalog.Load(contenders, adapters);
            }
        }

        throw new InvalidOperationException("The repository's contenders/ folder was not found above " + AppContext.BaseDirectory);
    });
}
