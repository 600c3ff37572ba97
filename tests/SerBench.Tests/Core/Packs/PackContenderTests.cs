using System.Reflection;
using SerBench.Core.Contenders;
using SerBench.Core.Packs;
using SerBench.Core.Payloads;
using SerBench.Core.Studies;
using SerBench.Core.Verification;

namespace SerBench.Tests.Core.Packs;

public class PackContenderTests
{
    /// <summary>Issue 44: the agent created every adapter at once, so one constructor that threw made every pack contender CRASH.</summary>
    [Fact]
    public void AdapterWhoseConstructorThrows_CrashesAlone_WithItsException()
    {
        var adapters = LivePacks.Contenders.ToDictionary(c => c.Name, c => (Func<ContenderAdapter>)(() => c.Adapter!), StringComparer.Ordinal);
        adapters["nerdbank-messagepack"] = () => throw new InvalidOperationException("the adapter's constructor failed");
        var catalog = PackCatalog.Load(Path.Combine(AppContext.BaseDirectory, PackCatalog.BuiltInFolder), adapters);
        var workload = new Workload(PayloadRegistry.SaveGame, Shape.Object, 1, [Operation.Serialize]);
        GateOutcome Outcome(string name) => Verifier.Prepare(catalog.Contenders.Single(c => c.Name == name), JsonConventions.Default, workload).Outcome;

        Assert.Equal(VerificationStatus.Ok, Outcome("newtonsoft-string").Status);
        var crash = Outcome("nerdbank-messagepack");
        Assert.Equal(VerificationStatus.Crash, crash.Status);
        Assert.Contains("the adapter's constructor failed", crash.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void LibraryVersion_GeneratorWhoseRuntimeIsInTheAgent_IsThePackagesVersion()
    {
        // JsonSrcGen writes its converter into the agent's own assembly: the agent's version would say nothing.
        var pack = Pack.Load(Repository.File("contenders", "jsonsrcgen"), PackOrigin.BuiltIn);

        var contender = new PackContender(pack, pack.Manifest.Contenders[0], new Lazy<ContenderAdapter>(() => new RuntimeInAgent()));

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

    [Fact]
    public void InAnAgent_APackJsonEntryWithoutAnAdapter_MakesItsPackUnavailable_AndNoOtherPack()
    {
        var adapters = LivePacks.Contenders.Where(c => c.Name != "nerdbank-messagepack").ToDictionary(c => c.Name, c => (Func<ContenderAdapter>)(() => c.Adapter!), StringComparer.Ordinal);

        var catalog = PackCatalog.Load(Path.Combine(AppContext.BaseDirectory, PackCatalog.BuiltInFolder), adapters);

        Assert.Contains("declares 'nerdbank-messagepack' in pack.json but has no class", catalog.Contenders.Single(c => c.Name == "nerdbank-messagepack").UnavailableReason, StringComparison.Ordinal);
        Assert.Null(catalog.Contenders.Single(c => c.Name == "newtonsoft-string").UnavailableReason);
        // The packs loaded are not touched: a catalog with every adapter finds them whole.
        Assert.Null(LivePacks.Find("nerdbank-messagepack").UnavailableReason);
    }

    [Fact]
    public void WhatTheAgentBuildFound_TravelsOnABoundContender_AndLeavesTheRegistrysOwnAsItWas()
    {
        var pack = Pack.Load(Repository.File("contenders", "newtonsoft-json"), PackOrigin.BuiltIn);
        var contender = new PackContender(pack, pack.Manifest.Contenders[0], null);
        var build = new SerBench.AgentBuilds.AgentBuild
        {
            Key = "k", BuiltAt = DateTimeOffset.UnixEpoch, BuildSeconds = 1,
            Packs = [new("newtonsoft-json", "Newtonsoft.Json", SerBench.AgentBuilds.PackBuildStatus.RestoreFailed, "NU1101: no such package", new Dictionary<string, string>())],
        };

        var bound = SerBench.AgentBuilds.AgentBuilder.Bind(contender, SerBench.AgentBuilds.AgentBuilder.Outcomes([pack], build));

        Assert.Equal("NU1101: no such package", bound.UnavailableReason);
        Assert.Null(contender.UnavailableReason);
        var restored = build with { Packs = [build.Packs[0] with { Status = SerBench.AgentBuilds.PackBuildStatus.Built, Message = null, RestoredVersions = new Dictionary<string, string> { ["Newtonsoft.Json"] = "13.0.9" } }] };
        var built = SerBench.AgentBuilds.AgentBuilder.Bind(contender, SerBench.AgentBuilds.AgentBuilder.Outcomes([pack], restored));
        Assert.Null(built.UnavailableReason);
        Assert.Equal("13.0.9", built.LibraryVersion);
    }

    private sealed class RuntimeInAgent : ContenderAdapter
    {
        public override Assembly LibraryAssembly => typeof(PackContender).Assembly;

        public override Codec<T> CreateCodec<T>(JsonConventions conventions) => throw new NotSupportedException();
    }
}
