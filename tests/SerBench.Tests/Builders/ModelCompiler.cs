using System.Reflection;
using System.Runtime.CompilerServices;
using System.Runtime.Loader;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using SerBench.Core.UserData;

namespace SerBench.Tests.Builders;

/// <summary>
/// Compiles a generated model in this process the way the agent's build does: against the .NET reference assemblies
/// and SerBench, with the System.Text.Json source generator the SDK ships in its reference pack, then loads it and runs
/// its module initializer (so the model is registered with <see cref="UserModels"/>).
/// </summary>
internal static class ModelCompiler
{
    private static readonly Lazy<string> Pack = new(FindReferencePack);
    private static readonly Lazy<ISourceGenerator> JsonGenerator = new(LoadJsonGenerator);

    /// <summary>The loaded assembly, or null, and every warning and error of the compiler and the generator.</summary>
    public static (Assembly? Assembly, IReadOnlyList<string> Problems) Compile(string source, string assemblyName)
    {
        var references = Directory.GetFiles(Path.Combine(Pack.Value, "ref", "net10.0"), "*.dll")
            .Select(path => MetadataReference.CreateFromFile(path))
            .Append(MetadataReference.CreateFromFile(typeof(UserModels).Assembly.Location));
        var parseOptions = new CSharpParseOptions(LanguageVersion.Latest);
        var compilation = CSharpCompilation.Create(assemblyName, [CSharpSyntaxTree.ParseText(source, parseOptions, path: "model.cs")], references,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable));
        CSharpGeneratorDriver.Create([JsonGenerator.Value], parseOptions: parseOptions)
            .RunGeneratorsAndUpdateCompilation(compilation, out var generated, out var generatorDiagnostics);
        using var image = new MemoryStream();
        var emitted = generated.Emit(image);
        var problems = generatorDiagnostics.Concat(emitted.Diagnostics)
            .Where(d => d.Severity >= DiagnosticSeverity.Warning)
            .Select(d => d.ToString())
            .ToList();
        if (!emitted.Success)
        {
            return (null, problems);
        }

        image.Position = 0;
        // A context of its own (names may repeat across tests); SerBench resolves from the default one, so the
        // model registers with the same UserModels this test reads.
        var assembly = new AssemblyLoadContext(assemblyName).LoadFromStream(image);
        RuntimeHelpers.RunModuleConstructor(assembly.ManifestModule.ModuleHandle);
        return (assembly, problems);
    }

    /// <summary>The SDK's Microsoft.NETCore.App.Ref pack for the runtime running the tests (or its newest 10.0 one).</summary>
    private static string FindReferencePack()
    {
        var runtime = Path.GetDirectoryName(typeof(object).Assembly.Location)!; // …/shared/Microsoft.NETCore.App/10.0.12
        var dotnet = Path.GetFullPath(Path.Combine(runtime, "..", "..", ".."));
        var packs = Path.Combine(dotnet, "packs", "Microsoft.NETCore.App.Ref");
        var exact = Path.Combine(packs, Path.GetFileName(runtime));
        if (Directory.Exists(exact))
        {
            return exact;
        }

        return Directory.Exists(packs) && Directory.GetDirectories(packs, "10.0.*").OrderBy(d => Version.TryParse(Path.GetFileName(d), out var v) ? v : new Version())
                   .LastOrDefault() is { } newest
            ? newest
            : throw new InvalidOperationException($"no Microsoft.NETCore.App.Ref 10.0 pack under {packs}: the tests need the .NET 10 SDK");
    }

    private static ISourceGenerator LoadJsonGenerator()
    {
        var path = Path.Combine(Pack.Value, "analyzers", "dotnet", "cs", "System.Text.Json.SourceGeneration.dll");
        var type = Assembly.LoadFrom(path).GetTypes().Single(t => !t.IsAbstract && typeof(IIncrementalGenerator).IsAssignableFrom(t));
        return ((IIncrementalGenerator)Activator.CreateInstance(type)!).AsSourceGenerator();
    }
}
