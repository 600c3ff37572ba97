using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using BenchmarkDotNet.Environments;

namespace SerBench.Core.Measurement;

/// <summary>
/// BenchmarkDotNet's host description without the .NET SDK's version or the CPU's model: asking for them starts
/// `dotnet --version` (a quarter of a second on a slow host) and `lscpu` (0.1 s), in every measuring process, for lines of
/// the log only (results.json has its own probe).
/// </summary>
internal sealed class QuietHostEnvironment : HostEnvironmentInfo
{
    private QuietHostEnvironment()
    {
        DotNetSdkVersion = new Lazy<string>(string.Empty);
        Cpu = new Lazy<Perfolizer.Models.CpuInfo>(new Perfolizer.Models.CpuInfo());
    }

    /// <summary>Takes BenchmarkDotNet's cached instance's place; a BenchmarkDotNet without that cache keeps its own.</summary>
    [DynamicDependency(DynamicallyAccessedMemberTypes.NonPublicFields, typeof(HostEnvironmentInfo))]
    public static void Install() =>
        typeof(HostEnvironmentInfo).GetField("current", BindingFlags.NonPublic | BindingFlags.Static)?.SetValue(null, new QuietHostEnvironment());
}
