using System.Reflection;

namespace SerBench.Core.Contenders;

/// <summary>A contender that cannot run here: it stays in every listing and report with the reason, never silently dropped.</summary>
internal sealed class UnavailableLibrary(
    string name, string library, PayloadFormat format, TextMode textMode, Generation generation, AotSupport nativeAot, string licence, string reason)
    : Contender(name, library, format, textMode, generation)
{
    protected override Assembly? LibraryAssembly => null;

    public override string UnavailableReason => reason;

    public override AotSupport NativeAot => nativeAot;

    public override string Licence => licence;

    public override Codec<T> CreateCodec<T>(JsonConventions conventions) => throw new NotSupportedException(reason);
}
