using System.Xml.Linq;
using SerBench.AgentBuilds;
using SerBench.Core.Running;

namespace SerBench.Tests.AgentBuilds;

public sealed class AgentProjectWriterTests : IDisposable
{
    private readonly TempDirectory _root = new();

    public void Dispose() => _root.Dispose();

    /// <summary>The Native AOT agent trims like any app: the models keep their members by DynamicDependency, no assembly is rooted whole; the adapters are registered by the generator as for every runtime.</summary>
    [Fact]
    public void Write_NativeAot_PublishesAot_RootsNoAssembly_AndLoadsTheGenerator()
    {
        var source = Directory.CreateDirectory(_root.File("agent-source")).FullName;
        File.WriteAllText(Path.Combine(source, "Directory.Packages.props"),
            "<Project><ItemGroup><PackageVersion Include=\"BenchmarkDotNet\" Version=\"0.15.8\" /></ItemGroup></Project>");
        Directory.CreateDirectory(Path.Combine(source, "SerBench.Generators"));
        File.WriteAllBytes(Path.Combine(source, AgentProjectWriter.GeneratorPath), []);
        var writer = new AgentProjectWriter(source, new RuntimeTarget(10, Aot: true), [], new Dictionary<string, string>(), new Dictionary<string, string>());
        var work = _root.File("work");
        writer.Prepare(work, [], []);

        var project = XDocument.Load(writer.Write(work, [], [], []));

        Assert.Equal("true", project.Descendants("PublishAot").Single().Value);
        Assert.Empty(project.Descendants("TrimmerRootAssembly"));
        Assert.Empty(project.Descendants("TrimmerRootDescriptor"));
        // The same generator registers the adapters for every runtime: the compiler runs it, whatever the agent targets.
        Assert.Equal("src/" + AgentProjectWriter.GeneratorPath, project.Descendants("Analyzer").Single().Attribute("Include")!.Value);
    }
}
