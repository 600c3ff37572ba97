using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using System.Runtime.Loader;
using System.Text.Json;
using System.Text.Json.Serialization;
using SerBench.Running;

namespace SerBench.UserData;

/// <summary>One of the user's own types (<c>--types ASSEMBLY.dll --type Namespace.TypeName</c>) and the documents to fill it from, if any.</summary>
public sealed record UserType(Type Type, string Name, IReadOnlyList<JsonData> Samples);

/// <summary>
/// Loads the user's compiled types. Every process that measures them (SerBench, its children, the agent) loads the same
/// assembly from the same path; its dependencies are looked for beside it.
/// </summary>
[RequiresUnreferencedCode(TypesStudy.LoadsAssembly)]
[RequiresDynamicCode(TypesStudy.LoadsAssembly)]
public static class UserTypes
{
    private static readonly Dictionary<string, Assembly> Loaded = new(StringComparer.Ordinal);

    /// <summary>
    /// The types named in <paramref name="typeNames"/> from the assembly at <paramref name="assemblyPath"/>, with the
    /// sample documents of <paramref name="samplePath"/> (a file or a folder, as <c>--data</c>). Throws
    /// <see cref="UsageException"/> with one line for an assembly that cannot be loaded, a type that is not there, or
    /// one no serializer can build.
    /// </summary>
    public static IReadOnlyList<UserType> Load(string assemblyPath, IReadOnlyList<string> typeNames, string? samplePath)
    {
        if (typeNames.Count == 0)
        {
            throw new UsageException($"--types {assemblyPath}: name the types to measure with --type Namespace.TypeName (repeatable).");
        }

        var assembly = LoadAssembly(assemblyPath);
        var samples = samplePath is null ? [] : DataSet.Load(samplePath).Documents;
        return [.. typeNames.Select(name => Check(assemblyPath, assembly, name, samples))];
    }

    private static Assembly LoadAssembly(string assemblyPath)
    {
        var full = Path.GetFullPath(assemblyPath);
        lock (Loaded)
        {
            if (Loaded.TryGetValue(full, out var known))
            {
                return known;
            }

            if (!File.Exists(full))
            {
                throw new UsageException($"--types {assemblyPath}: no such file. Give the path of a compiled .NET assembly, e.g. --types bin/Release/net10.0/MyApp.Contracts.dll.");
            }

            if (Files.FileKind.NotRegular(full) is { } kind)
            {
                throw new UsageException($"--types {assemblyPath}: is {kind}, not a regular file. Give the path of a compiled .NET assembly.");
            }

            var folder = Path.GetDirectoryName(full)!;
            AssemblyLoadContext.Default.Resolving += (context, name) =>
                File.Exists(Path.Combine(folder, name.Name + ".dll")) ? context.LoadFromAssemblyPath(Path.Combine(folder, name.Name + ".dll")) : null;
            try
            {
                var assembly = AssemblyLoadContext.Default.LoadFromAssemblyPath(full);
                Loaded[full] = assembly;
                return assembly;
            }
            catch (Exception exception) when (exception is BadImageFormatException or FileLoadException or FileNotFoundException)
            {
                throw new UsageException($"--types {assemblyPath}: cannot be loaded as a .NET assembly: {Verification.Verdict.FirstLine(exception.Message)}");
            }
        }
    }

    private static UserType Check(string assemblyPath, Assembly assembly, string name, IReadOnlyList<JsonData> samples)
    {
        Type[] exported;
        try
        {
            exported = assembly.GetExportedTypes();
        }
        catch (Exception exception) when (exception is ReflectionTypeLoadException or FileNotFoundException or FileLoadException)
        {
            throw new UsageException($"--types {assemblyPath}: its types cannot be read (a dependency is missing beside it?): {Verification.Verdict.FirstLine(exception.Message)}");
        }

        var type = exported.FirstOrDefault(t => t.FullName == name)
                   ?? (name.IndexOfAny(['<', '`']) >= 0 ? ClosedTypeName.Resolve(assembly, name) is { IsVisible: true } closed ? closed : null : null)
                   ?? throw new UsageException($"--type {name}: no public type of that name in {Path.GetFileName(assemblyPath)}. " +
                                               $"Closest: {string.Join(", ", NameMatcher.ByCloseness(name, exported.Where(t => t.IsClass).Select(t => t.FullName!)).Take(3))}.");
        var problem = type.IsValueType ? "is a value type; SerBench measures classes (wrap it in one)"
            : type.IsAbstract || type.IsInterface ? "is abstract; give a concrete class"
            : type.ContainsGenericParameters ? "is an open generic type; give a closed one, e.g. Ns.Page<int> or Ns.Page`1[System.Int32]"
            : type.GetConstructor(Type.EmptyTypes) is null && !type.GetConstructors().Any(c => c.IsDefined(typeof(JsonConstructorAttribute)))
                ? "has no public parameterless constructor (nor a [JsonConstructor]); most serializers cannot create it"
            : null;
        if (problem is not null)
        {
            throw new UsageException($"--type {name}: {problem}.");
        }

        // The user's constructors run in every process that measures the type: one that throws is refused here, in one line.
        if (type.GetConstructor(Type.EmptyTypes) is not null)
        {
            try
            {
                _ = Activator.CreateInstance(type);
            }
#pragma warning disable CA1031 // User code may throw anything; it is the user's to fix.
            catch (Exception exception)
#pragma warning restore CA1031
            {
                throw new UsageException($"--type {name}: its constructor throws ({Verification.Verdict.Innermost(exception)}); SerBench cannot make one to measure. Fix the type or choose another.");
            }
        }

        foreach (var sample in samples)
        {
            try
            {
                _ = JsonSerializer.Deserialize(sample.Utf8, type, SampleOptions) ?? throw new JsonException("the document is null");
            }
            catch (Exception exception) when (exception is JsonException or NotSupportedException or InvalidOperationException)
            {
                throw new UsageException($"--sample {sample.Name}: does not read as {name}: {Verification.Verdict.FirstLine(exception.Message)}");
            }
#pragma warning disable CA1031 // A setter or constructor of the user's type threw while reading the sample.
            catch (Exception exception)
#pragma warning restore CA1031
            {
                throw new UsageException($"--sample {sample.Name}: reading it as {name} ran code of the type that throws ({Verification.Verdict.Innermost(exception)}). Fix the type or the sample.");
            }
        }

        return new UserType(type, name, samples);
    }

    /// <summary>
    /// How samples are read into the user's type: System.Text.Json, names matched case-insensitively (so camelCase
    /// documents fill PascalCase properties) and enums as names or numbers.
    /// </summary>
    internal static JsonSerializerOptions SampleOptions { get; } = new()
    {
        PropertyNameCaseInsensitive = true,
        Converters = { new JsonStringEnumConverter() },
        TypeInfoResolver = new System.Text.Json.Serialization.Metadata.DefaultJsonTypeInfoResolver(),
    };
}
