using System.Reflection;

namespace SerBench.Core.Contenders;

internal abstract class SystemTextJsonContender(string name, TextMode textMode, Generation generation, string? note = null)
    : Contender(name, "System.Text.Json", PayloadFormat.Json, textMode, generation, note)
{
    protected override Assembly LibraryAssembly => SystemTextJsonSettings.Assembly;

    public override string? PackageId => "System.Text.Json";
}
