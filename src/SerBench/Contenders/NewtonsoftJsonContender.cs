using System.Reflection;

namespace SerBench.Contenders;

/// <summary>Common metadata of the Newtonsoft.Json contenders.</summary>
internal abstract class NewtonsoftJsonContender(string name, TextMode textMode, string? note = null)
    : Contender(name, "Newtonsoft.Json", PayloadFormat.Json, textMode, Generation.Reflection, note)
{
    protected override Assembly LibraryAssembly => NewtonsoftSettings.Assembly;
}
