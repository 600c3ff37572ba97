using System.Runtime;
using System.Runtime.InteropServices;
using SerBench.Measurement;

namespace SerBench.Results;

/// <summary>Reads the machine and runtime settings that every results file records.</summary>
internal static class EnvironmentProbe
{
    public static EnvironmentInfo Capture() => new()
    {
        Os = RuntimeInformation.OSDescription,
        CpuModel = CpuModel(),
        LogicalCores = System.Environment.ProcessorCount,
        Runtime = RuntimeInformation.FrameworkDescription,
        Architecture = RuntimeInformation.ProcessArchitecture.ToString().ToLowerInvariant(),
        GcMode = (GCSettings.IsServerGC ? "server" : "workstation") + (GCSettings.LatencyMode == GCLatencyMode.Batch ? ", non-concurrent" : ", concurrent"),
        TieredCompilation = Knob("System.Runtime.TieredCompilation", "DOTNET_TieredCompilation"),
        TieredPgo = Knob("System.Runtime.TieredPGO", "DOTNET_TieredPGO"),
        BuildConfiguration = BenchmarkDotNetMeasurer.IsDebugBuild ? "Debug" : "Release",
        MeasurementEngine = "BenchmarkDotNet " + typeof(BenchmarkDotNet.Running.BenchmarkRunner).Assembly.GetName().Version?.ToString(3) + " (in-process emit toolchain, memory diagnoser)",
    };

    private static string CpuModel()
    {
        try
        {
            if (File.Exists("/proc/cpuinfo"))
            {
                var line = File.ReadLines("/proc/cpuinfo").FirstOrDefault(l => l.StartsWith("model name", StringComparison.Ordinal));
                if (line is not null)
                {
                    return line[(line.IndexOf(':', StringComparison.Ordinal) + 1)..].Trim();
                }
            }
        }
        catch (IOException)
        {
            // Fall through to the generic answer.
        }

        return System.Environment.GetEnvironmentVariable("PROCESSOR_IDENTIFIER") ?? "unknown";
    }

    /// <summary>The knob's value and where it came from; "default (enabled)" when nobody set it.</summary>
    private static string Knob(string appContextSwitch, string environmentVariable)
    {
        if (System.Environment.GetEnvironmentVariable(environmentVariable) is { Length: > 0 } fromEnvironment)
        {
            return $"{(fromEnvironment == "0" ? "disabled" : "enabled")} ({environmentVariable}={fromEnvironment})";
        }

        return AppContext.GetData(appContextSwitch) is { } configured
            ? $"{configured} (runtimeconfig {appContextSwitch})"
            : "default (enabled)";
    }
}
