using System.Reflection;
using SerBench.Contenders;
using SerBench.Packs;

namespace SerBench.Tests.Packs;

public class PackContenderTests
{
    [Fact]
    public void LibraryVersion_GeneratorWhoseRuntimeIsInTheAgent_IsThePackagesVersion()
    {
        // JsonSrcGen writes its converter into the agent's own assembly: the agent's version would say nothing.
        var pack = Pack.Load(Repository.File("contenders", "jsonsrcgen"), PackOrigin.BuiltIn);

        var contender = new PackContender(pack, pack.Manifest.Contenders[0], new RuntimeInAgent());

        Assert.Equal("1.1.1", contender.LibraryVersion);
    }

    private sealed class RuntimeInAgent : ContenderAdapter
    {
        public override Assembly LibraryAssembly => typeof(PackContender).Assembly;

        public override Codec<T> CreateCodec<T>(JsonConventions conventions) => throw new NotSupportedException();
    }
}
