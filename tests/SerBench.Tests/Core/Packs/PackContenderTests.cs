using System.Reflection;
using SerBench.Core.Contenders;
using SerBench.Core.Packs;

namespace SerBench.Tests.Core.Packs;

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

    [Fact]
    public void NerdbankMessagePack_TypeWithoutAGeneratedShape_IsRefusedWithTheReason()
    {
        // Its shapes are generated at build time for the payload models only: anything else must be UNSUPPORTED, not a reflection fallback.
        var contender = LivePacks.Find("nerdbank-messagepack");

        var refused = Assert.Throws<NotSupportedException>(() => contender.CreateCodec<Dictionary<string, int>>(JsonConventions.Default));

        Assert.Contains("no PolyType shape", refused.Message, StringComparison.Ordinal);
        Assert.Equal(AotSupport.Safe, contender.NativeAot);
    }

    private sealed class RuntimeInAgent : ContenderAdapter
    {
        public override Assembly LibraryAssembly => typeof(PackContender).Assembly;

        public override Codec<T> CreateCodec<T>(JsonConventions conventions) => throw new NotSupportedException();
    }
}
