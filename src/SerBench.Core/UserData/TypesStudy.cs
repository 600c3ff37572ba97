using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using System.Text.Json;
using SerBench.Core.Contenders;
using SerBench.Core.Payloads;
using SerBench.Core.Studies;

namespace SerBench.Core.UserData;

/// <summary><c>--types ASSEMBLY --type NAME … [--sample FILE_OR_FOLDER]</c>: every process loads them from here.</summary>
internal sealed record UserTypesSource(string AssemblyPath, IReadOnlyList<string> TypeNames, string? SamplePath);

/// <summary>The user's compiled types, one object and a list of 100, from the samples or <see cref="InstanceGenerator"/>.</summary>
[RequiresUnreferencedCode(TypesStudy.LoadsAssembly)]
[RequiresDynamicCode(TypesStudy.LoadsAssembly)]
internal static class TypesStudy
{
    /// <summary>Why the types study needs the JIT: it loads the user's assembly at run time.</summary>
    internal const string LoadsAssembly = "The types study loads the user's assembly at run time, which a Native AOT agent cannot.";

    internal const string UnderAot = "In a Native AOT agent, loading the user's assembly throws before any reflection over its types runs.";

    public const string Name = "types";

    public const int ListCount = 100;

    public static Study Create(UserTypesSource source)
    {
        var types = UserTypes.Load(source.AssemblyPath, source.TypeNames, source.SamplePath);
        var names = new HashSet<string>(StringComparer.Ordinal);
        var payloads = types.Select(t => Payload(t, UniqueName(t.Type, names))).ToList();
        return new Study
        {
            Name = Name,
            Title = "Your types",
            Source = $"serbench run --types {Path.GetFileName(source.AssemblyPath)}: {string.Join(", ", source.TypeNames)}" +
                     (source.SamplePath is null ? ", instances filled with generated values" : $", instances read from {Path.GetFileName(source.SamplePath)}"),
            Conventions = JsonConventions.Default,
            Baseline = DataStudy.TypedContenders[0],
            Contenders = DataStudy.TypedContenders,
            Workloads = [.. payloads.SelectMany(p => new[]
            {
                new Workload(p, Shape.Object, 1, [Operation.Serialize, Operation.Deserialize]),
                new Workload(p, Shape.List, ListCount, [Operation.Serialize, Operation.Deserialize]),
            })],
            Columns =
            [
                StudyColumn.Mean, StudyColumn.Error, StudyColumn.Ratio, StudyColumn.Allocated, StudyColumn.AllocRatio, StudyColumn.PayloadBytes,
                StudyColumn.MegabytesPerSecond,
            ],
            Notes =
            [
                "Property names as declared (System.Text.Json's defaults); attributes on your types are honoured by the libraries that read them, " +
                "and the gate compares each library's document with System.Text.Json's, so a library that ignores them DIFFERS.",
            ],
            UserTypes = source,
        };
    }

    private static string UniqueName(Type type, HashSet<string> taken)
    {
        var name = string.Concat(type.Name.Select(c => char.IsAsciiLetterOrDigit(c) ? char.ToLowerInvariant(c) : '-')).Trim('-');
        var candidate = name.Length == 0 ? "type" : name;
        for (var i = 2; !taken.Add(candidate); i++)
        {
            candidate = $"{name}-{i}";
        }

        return candidate;
    }

    private static PayloadModel Payload(UserType type, string name) =>
        (PayloadModel)typeof(TypesStudy).GetMethod(nameof(Typed), BindingFlags.NonPublic | BindingFlags.Static)!.MakeGenericMethod(type.Type).Invoke(null, [type, name])!;

    private static PayloadModel<T> Typed<T>(UserType type, string name) where T : class =>
        new(name, $"{type.Name} from {type.Type.Assembly.GetName().Name}" + (type.Samples.Count > 0 ? $", {type.Samples.Count} sample document(s)" : ", generated values"),
            (seed, count) => [.. Enumerable.Range(0, count).Select(i => type.Samples.Count > 0
                ? JsonSerializer.Deserialize<T>(type.Samples[i % type.Samples.Count].Utf8, UserTypes.SampleOptions)!
                : (T)new InstanceGenerator(seed + i).Create(typeof(T)))]);
}
