using System.Reflection;
using System.Runtime.Loader;
using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using SerBench.Core.Packs;
using SerBench.Generators;

namespace SerBench.Tests.Generators;

/// <summary>The generator as the agent's compiler runs it: over pack sources compiled with the measuring core.</summary>
public class PackContenderGeneratorTests
{
    // The agent's own part of PackCatalog, which the generated part implements.
    private const string CatalogPart = """
        namespace SerBench.Core.Packs;
        partial class PackCatalog
        {
            static partial void RegisterAdapters(System.Collections.Generic.Dictionary<string, System.Func<ContenderAdapter>> adapters);
        }
        """;

    private const string AdapterBody = """
        {
            public override System.Reflection.Assembly LibraryAssembly => typeof(object).Assembly;
            public override SerBench.Core.Contenders.Codec<T> CreateCodec<T>(SerBench.Core.Contenders.JsonConventions conventions) => throw new System.NotSupportedException();
        }
        """;

    private static readonly CSharpParseOptions ParseOptions = new(LanguageVersion.Latest);

    private static readonly Lazy<MetadataReference[]> References = new(() =>
    [
        .. Directory.GetFiles(Path.GetDirectoryName(typeof(object).Assembly.Location)!, "*.dll").Select(path => MetadataReference.CreateFromFile(path)),
        MetadataReference.CreateFromFile(typeof(ContenderAdapter).Assembly.Location),
    ]);

    [Fact]
    public void Generator_AttributedClass_IsRegisteredAsAFactory_AtItsAttributesLine()
    {
        var source = $$"""
            using SerBench.Core.Packs;

            namespace Acme.Pack;

            /// <summary>Not [PackContender("in-a-comment")].</summary>
            [PackContender("acme-utf8")]                       // the name in pack.json
            [System.Obsolete("other attributes may follow")]
            internal sealed partial class AcmeUtf8 : ContenderAdapter
            {{AdapterBody}}
            """;

        var run = Run(("/agent/packs/acme/Acme.cs", source));

        Assert.Empty(run.Diagnostics);
        Assert.Contains("""
            #line 6 "/agent/packs/acme/Acme.cs"
                    adapters.Add("acme-utf8", () => new global::Acme.Pack.AcmeUtf8());
            #line default
            """, run.Source, StringComparison.Ordinal);
        Assert.DoesNotContain(run.Compilation.GetDiagnostics(), d => d.Severity == DiagnosticSeverity.Error);
    }

    [Fact]
    public void Generator_Registration_CreatesEachAdapterByName_InBlockNamespacesAndNestedClasses()
    {
        var source = $$"""
            namespace First
            {
                [SerBench.Core.Packs.PackContender("one")] public class One : SerBench.Core.Packs.ContenderAdapter
                {{AdapterBody}}
            }
            namespace Second
            {
                internal static class Outer
                {
                    [SerBench.Core.Packs.PackContenderAttribute( Names.Two )]
                    internal sealed class Two : SerBench.Core.Packs.ContenderAdapter
                    {{AdapterBody}}
                }
                internal static class Names { public const string Two = "two"; }
            }
            """;

        var adapters = Registered(Run(("A.cs", source)).Compilation);

        Assert.Equal(["one", "two"], adapters.Keys.Order(StringComparer.Ordinal));
        Assert.Equal("First.One", adapters["one"]().GetType().FullName);
        Assert.Equal("Second.Outer+Two", adapters["two"]().GetType().FullName);
    }

    public static TheoryData<string, string> Uncreatable => new()
    {
        { "internal sealed class X : ContenderAdapter { private X() { } REST", "it has no public or internal constructor without parameters" },
        { "internal sealed class X : ContenderAdapter { public X(int size) { } REST", "it has no public or internal constructor without parameters" },
        { "internal abstract class X : ContenderAdapter { REST", "it is abstract" },
        { "internal static class X;", "it does not derive from SerBench.Core.Packs.ContenderAdapter" },
        { "internal sealed class X { }", "it does not derive from SerBench.Core.Packs.ContenderAdapter" },
        { "internal sealed class X<TOptions> : ContenderAdapter { REST", "it is generic, or nested in a generic class" },
        { "file sealed class X : ContenderAdapter { REST", "it is not visible outside its own file or class; make it internal" },
    };

    [Theory]
    [MemberData(nameof(Uncreatable))]
    public void Generator_ClassTheAgentCannotCreate_IsAnErrorAtItsAttribute_InItsPacksFile(string declaration, string reason)
    {
        var rest = AdapterBody.TrimStart().TrimStart('{');
        var source = $"using SerBench.Core.Packs;\nnamespace Acme;\n\n[PackContender(\"acme\")]\n{declaration.Replace("REST", rest, StringComparison.Ordinal)}\n";

        var run = Run(("/agent/packs/acme/Acme.cs", source));

        var error = Assert.Single(run.Diagnostics);
        Assert.Equal(DiagnosticSeverity.Error, error.Severity);
        Assert.StartsWith("/agent/packs/acme/Acme.cs(4,1): error SB1001: [PackContender(\"acme\")] class Acme.X", error.ToString(), StringComparison.Ordinal);
        Assert.EndsWith(" cannot be registered: " + reason, error.ToString(), StringComparison.Ordinal);
        Assert.Null(run.Source);
    }

    [Fact]
    public void Generator_PrivateNestedClass_IsAnError_NamingWhatToDo()
    {
        var source = $$"""
            namespace Acme;
            internal static class Outer
            {
                [SerBench.Core.Packs.PackContender("acme")]
                private sealed class X : SerBench.Core.Packs.ContenderAdapter
                {{AdapterBody}}
            }
            """;

        var error = Assert.Single(Run(("Acme.cs", source)).Diagnostics);

        Assert.EndsWith("cannot be registered: it is not visible outside its own file or class; make it internal", error.GetMessage(), StringComparison.Ordinal);
    }

    [Fact]
    public void Generator_EmptyName_IsAnError()
    {
        var source = $$"""
            [SerBench.Core.Packs.PackContender("")]
            internal sealed class X : SerBench.Core.Packs.ContenderAdapter
            {{AdapterBody}}
            """;

        Assert.Equal("SB1001", Assert.Single(Run(("X.cs", source)).Diagnostics).Id);
    }

    [Fact]
    public void Generator_TwoClassesOfOneName_IsAnErrorAtTheSecond_NamingTheFirstByClassOnly_AndTheFirstIsRegistered()
    {
        string Adapter(string type) => $$"""
            [SerBench.Core.Packs.PackContender("acme")]
            internal sealed class {{type}} : SerBench.Core.Packs.ContenderAdapter
            {{AdapterBody}}
            """;

        var run = Run(("/agent/packs/one/A.cs", Adapter("First")), ("/agent/packs/two/B.cs", Adapter("Second")));

        // Only the second pack's file is in the message, so the build blames that pack alone.
        var error = Assert.Single(run.Diagnostics);
        Assert.Equal("/agent/packs/two/B.cs(1,1): error SB1002: [PackContender(\"acme\")] class Second: First already has " +
                     "this name; each contender in pack.json has one adapter class", error.ToString());
        Assert.Contains("new global::First()", run.Source, StringComparison.Ordinal);
    }

    [Fact]
    public void Generator_AttributeOnAStruct_IsTheCompilersError_AndRegistersNothing()
    {
        const string source = """
            [SerBench.Core.Packs.PackContender("acme")]
            internal struct X;
            """;

        var run = Run(("X.cs", source));

        Assert.Empty(run.Diagnostics);
        Assert.Null(run.Source);
        Assert.Contains(run.Compilation.GetDiagnostics(), d => d.Id == "CS0592");
    }

    [Fact]
    public void Generator_EveryShippedPack_RegistersEachContenderInItsManifest()
    {
        // The agent creates only what the generator registers: a pack whose class it missed would be UNAVAILABLE in every run.
        // The libraries themselves are not referenced here: a base type, a constructor and the attribute are all it reads.
        foreach (var pack in PackCatalog.LoadFolder(Repository.File("contenders"), PackOrigin.BuiltIn))
        {
            var run = Run([.. pack.Files().Where(f => f.EndsWith(".cs", StringComparison.Ordinal)).Select(f => (f, File.ReadAllText(f)))]);

            Assert.Empty(run.Diagnostics);
            var names = Regex.Matches(run.Source ?? "", @"adapters\.Add\(""(?<name>[^""]+)""").Select(m => m.Groups["name"].Value);
            Assert.Equal(pack.Manifest.Contenders.Select(c => c.Name).Order(StringComparer.Ordinal), names.Order(StringComparer.Ordinal));
        }
    }

    [Fact]
    public void Generator_EditOutsideTheAdapters_LeavesTheRegistrationCached()
    {
        var adapter = CSharpSyntaxTree.ParseText($$"""
            [SerBench.Core.Packs.PackContender("acme")]
            internal sealed class X : SerBench.Core.Packs.ContenderAdapter
            {{AdapterBody}}
            """, ParseOptions, "X.cs");
        var other = CSharpSyntaxTree.ParseText("internal static class Other { }", ParseOptions, "Other.cs");
        var compilation = Compilation([adapter, other]);
        var driver = Driver(trackSteps: true).RunGenerators(compilation);

        var edited = compilation.ReplaceSyntaxTree(other, CSharpSyntaxTree.ParseText("internal static class Other { public const int Edited = 1; }", ParseOptions, "Other.cs"));
        var result = driver.RunGenerators(edited).GetRunResult().Results.Single();

        var outputs = result.TrackedOutputSteps.SelectMany(step => step.Value).SelectMany(run => run.Outputs).ToList();
        Assert.NotEmpty(outputs);
        Assert.All(outputs, output => Assert.Equal(IncrementalStepRunReason.Cached, output.Reason));
    }

    private sealed record GeneratorRun(Compilation Compilation, IReadOnlyList<Diagnostic> Diagnostics, string? Source);

    private static GeneratorRun Run(params (string Path, string Source)[] files)
    {
        var compilation = Compilation([.. files.Select(f => CSharpSyntaxTree.ParseText(f.Source, ParseOptions, f.Path))]);
        var driver = Driver(trackSteps: false).RunGeneratorsAndUpdateCompilation(compilation, out var generated, out var diagnostics);
        var source = driver.GetRunResult().GeneratedTrees.SingleOrDefault()?.ToString().ReplaceLineEndings("\n");
        return new GeneratorRun(generated, diagnostics, source);
    }

    private static CSharpCompilation Compilation(IEnumerable<SyntaxTree> trees) => CSharpCompilation.Create("agent",
        [CSharpSyntaxTree.ParseText(CatalogPart, ParseOptions, "PackCatalog.cs"), .. trees], References.Value,
        new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));

    private static GeneratorDriver Driver(bool trackSteps) => CSharpGeneratorDriver.Create([new PackContenderGenerator().AsSourceGenerator()],
        parseOptions: ParseOptions, driverOptions: new GeneratorDriverOptions(IncrementalGeneratorOutputKind.None, trackSteps));

    /// <summary>Emits and loads the agent's assembly, and asks its catalog part for the factories, as PackCatalog.Load does.</summary>
    private static Dictionary<string, Func<ContenderAdapter>> Registered(Compilation compilation)
    {
        using var image = new MemoryStream();
        var emitted = compilation.Emit(image);
        Assert.True(emitted.Success, string.Join("\n", emitted.Diagnostics));
        image.Position = 0;
        var assembly = new AssemblyLoadContext("agent-" + Guid.NewGuid().ToString("N"), isCollectible: true).LoadFromStream(image);
        var adapters = new Dictionary<string, Func<ContenderAdapter>>(StringComparer.Ordinal);
        assembly.GetType("SerBench.Core.Packs.PackCatalog")!.GetMethod("RegisterAdapters", BindingFlags.NonPublic | BindingFlags.Static)!.Invoke(null, [adapters]);
        return adapters;
    }
}
