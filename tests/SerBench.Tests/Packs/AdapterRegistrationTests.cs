using SerBench.Core.Packs;
using SerBench.Packs;

namespace SerBench.Tests.Packs;

public class AdapterRegistrationTests
{
    [Fact]
    public void Find_AttributedClass_IsNamedInItsNamespace_AtTheAttributesLine()
    {
        const string source = """
            using SerBench.Core.Contenders;

            namespace Acme.Pack;

            /// <summary>Not [PackContender("in-a-comment")].</summary>
            [PackContender("acme-utf8")]
            [Obsolete("other attributes may follow")]
            internal sealed partial class AcmeUtf8 : ContenderAdapter
            {
            }

            internal sealed class Helper;
            """;

        var adapter = Assert.Single(AdapterRegistration.Find("Acme.cs", source));

        Assert.Equal(new AdapterRegistration.Adapter("acme-utf8", "Acme.Pack.AcmeUtf8", "Acme.cs", 6), adapter);
    }

    [Fact]
    public void Find_CommentsAfterTheAttribute_AsDocsAddingALibraryWritesThem()
    {
        const string source = """
            namespace Acme.Pack;

            [PackContender("acme-utf8")]                       // the name in pack.json
            // a line of its own
            [Obsolete("x")] // and after another attribute
            internal sealed class AcmeUtf8 : ContenderAdapter { }
            """;

        Assert.Equal("Acme.Pack.AcmeUtf8", Assert.Single(AdapterRegistration.Find("Acme.cs", source)).TypeName);
    }

    [Fact]
    public void Find_BlockNamespaces_TakesTheOneAroundEachClass()
    {
        const string source = """
            namespace First
            {
                [PackContender("one")] public class One : SerBench.Core.Packs.ContenderAdapter { }
            }
            namespace Second
            {
                [SerBench.Core.Packs.PackContenderAttribute( "two" )]
                class Two : SerBench.Core.Packs.ContenderAdapter { }
            }
            """;

        var found = AdapterRegistration.Find("A.cs", source).Select(a => (a.Name, a.TypeName)).ToList();

        Assert.Equal([("one", "First.One"), ("two", "Second.Two")], found);
    }

    [Fact]
    public void Find_EveryShippedPack_HasAnAdapterForEachContenderInItsManifest()
    {
        // The agent creates only what this finds: a pack whose class it missed would be UNAVAILABLE in every run.
        foreach (var pack in PackCatalog.LoadFolder(Repository.File("contenders"), PackOrigin.BuiltIn))
        {
            var found = AdapterRegistration.Find(pack).Select(a => a.Name).Order(StringComparer.Ordinal);

            Assert.Equal(pack.Manifest.Contenders.Select(c => c.Name).Order(StringComparer.Ordinal), found);
        }
    }

    [Fact]
    public void Source_RegistersEachAdapter_AtItsAttributesLineInThePack()
    {
        // The #line makes a class the agent cannot create a compile error in its pack's file, so the build blames that pack.
        var adapter = new AdapterRegistration.Adapter("acme-utf8", "Acme.Pack.AcmeUtf8", "/anywhere/Acme.cs", 6);

        var source = AdapterRegistration.Source([(adapter, @"packs\acme\Acme.cs")]);

        Assert.Contains("""
            #line 6 "packs/acme/Acme.cs"
                    adapters.Add("acme-utf8", () => new global::Acme.Pack.AcmeUtf8());
            #line default
            """, source.ReplaceLineEndings("\n"), StringComparison.Ordinal);
        Assert.Contains("static partial void RegisterAdapters(", source, StringComparison.Ordinal);
    }
}
