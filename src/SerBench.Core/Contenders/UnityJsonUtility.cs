using System.Reflection;

namespace SerBench.Core.Contenders;

/// <summary>Used by the json-vs-binary article; it runs only inside the Unity player, so it is listed as not runnable.</summary>
internal sealed class UnityJsonUtility() : Contender("unity-jsonutility", "UnityEngine.JsonUtility", PayloadFormat.Json, TextMode.Utf16, Generation.Reflection)
{
    protected override Assembly? LibraryAssembly => null;

    public override string Licence => "Unity (proprietary)";

    public override string UnavailableReason =>
        "exists only inside the Unity player (UnityEngine.CoreModule); it is not a NuGet package and cannot run on plain .NET 10";

    public override Codec<T> CreateCodec<T>(JsonConventions conventions) => throw new NotSupportedException(UnavailableReason);
}
