using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using System.Runtime.Loader;
using System.Text.Json;
using System.Text.Json.Serialization;
using SerBench.Core.Running;

namespace SerBench.Core.UserData;

internal sealed record UserType(Type Type, string Name, IReadOnlyList<JsonData> Samples);

/// <summary>Every process that measures the user's types loads the same assembly from the same path, dependencies beside it.</summary>
[RequiresUnreferencedCode(TypesStudy.LoadsAssembly)]
[RequiresDynamicCode(TypesStudy.LoadsAssembly)]
internal static class UserTypes
{
    private static readonly Dictionary<string, Assembly> Loaded = new(StringComparer.Ordinal);

    /// <exception cref="UsageException">One line: the assembly does not load, a type is not there, or no serializer can build it.</exception>
    public static IReadOnlyList<UserType> Load(string assemblyPath, IReadOnlyList<string> typeNames, string? samplePath)
    {
        if (typeNames.Count == 0)
        {
            throw new UsageException($"--types {assemblyPath}: name the types to measure with --type Namespace.TypeName (repeatable).");
        }

        var assembly = LoadAssembly(assemblyPath);
        var samples = samplePath is null ? [] : DataSet.ReadDocuments(samplePath);
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
                throw new UsageException($"--types {assemblyPath}: cannot be loaded as a .NET assembly: {ExceptionText.FirstLine(exception.Message)}");
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
            throw new UsageException($"--types {assemblyPath}: its types cannot be read (a dependency is missing beside it?): {ExceptionText.FirstLine(exception.Message)}");
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
                throw new UsageException($"--type {name}: its constructor throws ({ExceptionText.Innermost(exception)}); SerBench cannot make one to measure. Fix the type or choose another.");
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
                throw new UsageException($"--sample {sample.Name}: does not read as {name}: {ExceptionText.FirstLine(exception.Message)}");
            }
#pragma warning disable CA1031 // A setter or constructor of the user's type threw while reading the sample.
            catch (Exception exception)
#pragma warning restore CA1031
            {
                throw new UsageException($"--sample {sample.Name}: reading it as {name} ran code of the type that throws ({ExceptionText.Innermost(exception)}). Fix the type or the sample.");
            }
        }

        return new UserType(type, name, samples);
    }

    // Case-insensitive, so camelCase documents fill PascalCase properties.
    internal static JsonSerializerOptions SampleOptions { get; } = new()
    {
        PropertyNameCaseInsensitive = true,
        Converters = { new JsonStringEnumConverter() },
        TypeInfoResolver = new System.Text.Json.Serialization.Metadata.DefaultJsonTypeInfoResolver(),
    };
}
