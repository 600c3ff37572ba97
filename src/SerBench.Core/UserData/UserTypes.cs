using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using System.Runtime.Loader;
using System.Text.Json;
using System.Text.Json.Serialization;
using SerBench.Core.Running;

namespace SerBench.Core.UserData;

internal sealed record UserType(Type Type, string Name, IReadOnlyList<JsonData> Samples);

/// <summary>Where a types check runs the user's code: making a <see cref="Type"/>, or reading <see cref="Sample"/> as one.</summary>
internal sealed record UserCodeStep(string Type, string? Sample)
{
    /// <summary>One line: what that code did (<paramref name="did"/>: "throws (…)", "ended the process with exit code 3") and what to do.</summary>
    public string Refusal(string did) => Sample is null
        ? $"--type {Type}: its constructor {did}; SerBench cannot make one to measure. Fix the type or choose another."
        : $"--sample {Sample}: reading it as {Type} ran code of the type that {did}. Fix the type or the sample.";
}

/// <summary>
/// Every process that measures the user's types loads the same assembly from the same path, dependencies beside it.
/// <see cref="Load"/> runs none of the user's code; <see cref="Run"/> does, in a child only (AgentTypesCheck).
/// </summary>
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
        return [.. typeNames.Select(name => Find(assemblyPath, assembly, name, samples))];
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

    private static UserType Find(string assemblyPath, Assembly assembly, string name, IReadOnlyList<JsonData> samples)
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
                                               $"Closest: {string.Join(", ", NearestNames.Order(name, exported.Where(t => t.IsClass).Select(t => t.FullName!)).Take(3))}.");
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

        return new UserType(type, name, samples);
    }

    /// <summary>The type's code as the serializers will run it: its constructors, then reading each sample; <paramref name="starting"/> is told before each.</summary>
    /// <returns>Why the type is refused, in one line; null when every step returned.</returns>
    public static string? Run(UserType type, Action<UserCodeStep> starting)
    {
        if (type.Type.GetConstructor(Type.EmptyTypes) is not null)
        {
            var making = new UserCodeStep(type.Name, null);
            starting(making);
            try
            {
                _ = Activator.CreateInstance(type.Type);
            }
#pragma warning disable CA1031 // User code may throw anything; it is the user's to fix.
            catch (Exception exception)
#pragma warning restore CA1031
            {
                return making.Refusal($"throws ({ExceptionText.Innermost(exception)})");
            }
        }

        foreach (var sample in type.Samples)
        {
            var reading = new UserCodeStep(type.Name, sample.Name);
            starting(reading);
            try
            {
                _ = JsonSerializer.Deserialize(sample.Utf8, type.Type, SampleOptions) ?? throw new JsonException("the document is null");
            }
            catch (Exception exception) when (exception is JsonException or NotSupportedException or InvalidOperationException)
            {
                return $"--sample {sample.Name}: does not read as {type.Name}: {ExceptionText.FirstLine(exception.Message)}";
            }
#pragma warning disable CA1031 // A setter or constructor of the user's type threw while reading the sample.
            catch (Exception exception)
#pragma warning restore CA1031
            {
                return reading.Refusal($"throws ({ExceptionText.Innermost(exception)})");
            }
        }

        return null;
    }

    // Case-insensitive, so camelCase documents fill PascalCase properties.
    internal static JsonSerializerOptions SampleOptions { get; } = new()
    {
        PropertyNameCaseInsensitive = true,
        Converters = { new JsonStringEnumConverter() },
        TypeInfoResolver = new System.Text.Json.Serialization.Metadata.DefaultJsonTypeInfoResolver(),
    };
}
