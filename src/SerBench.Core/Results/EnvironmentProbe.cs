using System.Globalization;
using System.Runtime;
using System.Runtime.InteropServices;
using SerBench.Core.Measurement;

namespace SerBench.Core.Results;

/// <summary>Reads the machine and runtime settings that every results file records.</summary>
internal static class EnvironmentProbe
{
    /// <param name="measuring">Also record the knobs SerBench gives its measuring processes (<see cref="MeasuringKnobs"/>).</param>
    public static EnvironmentInfo Capture(bool measuring = false) => new()
    {
        Os = RuntimeInformation.OSDescription,
        CpuModel = CpuModel(),
        LogicalCores = System.Environment.ProcessorCount,
        Runtime = RuntimeInformation.FrameworkDescription,
        Architecture = RuntimeInformation.ProcessArchitecture.ToString().ToLowerInvariant(),
        GcMode = (GCSettings.IsServerGC ? "server" : "workstation") + (GCSettings.LatencyMode == GCLatencyMode.Batch ? ", non-concurrent" : ", concurrent"),
        TieredCompilation = Knob("System.Runtime.TieredCompilation", "TieredCompilation"),
        TieredPgo = Knob("System.Runtime.TieredPGO", "TieredPGO"),
        BuildConfiguration = BenchmarkDotNetMeasurer.IsDebugBuild ? "Debug" : "Release",
        MeasurementEngine = "BenchmarkDotNet " + typeof(BenchmarkDotNet.Running.BenchmarkRunner).Assembly.GetName().Version?.ToString(3) + " (in-process emit toolchain, memory diagnoser)",
        Knobs = Knobs(measuring),
    };

    // Each value says where it came from, so compare can tell two files apart by a knob (fairness rule 6).
    internal static SortedDictionary<string, string> Knobs(bool measuring = false)
    {
        var knobs = new SortedDictionary<string, string>(StringComparer.Ordinal)
        {
            ["globalization"] = Globalization(),
            ["gc"] = (GCSettings.IsServerGC ? "server" : "workstation") + (GCSettings.LatencyMode == GCLatencyMode.Batch ? ", non-concurrent" : ", concurrent"),
            ["tieredCompilation"] = Knob("System.Runtime.TieredCompilation", "TieredCompilation"),
            ["tieredPgo"] = Knob("System.Runtime.TieredPGO", "TieredPGO"),
            ["quickJitForLoops"] = Knob("System.Runtime.TieredCompilation.QuickJitForLoops", "TC_QuickJitForLoops"),
            ["readyToRun"] = Knob("System.Runtime.ReadyToRun", "ReadyToRun"),
        };
        foreach (var (name, value) in System.Environment.GetEnvironmentVariables().Cast<System.Collections.DictionaryEntry>()
                     .Select(e => ((string)e.Key, e.Value as string ?? "")))
        {
            if (ChangesTheMeasurement(EnvironmentKnobPrefix + name))
            {
                knobs[EnvironmentKnobPrefix + name] = value;
            }
        }

        foreach (var (name, value) in measuring ? MeasuringKnobs.ToSet() : [])
        {
            knobs[EnvironmentKnobPrefix + name] = value;
        }

        return knobs;
    }

    public const string EnvironmentKnobPrefix = "env:";

    /// <summary>Runtime knobs, DOTNET_ variables and SerBench's diagnostics count; the SDK's own variables and SerBench's other settings do not.</summary>
    public static bool ChangesTheMeasurement(string knob)
    {
        if (!knob.StartsWith(EnvironmentKnobPrefix, StringComparison.Ordinal))
        {
            return true;
        }

        var name = knob[EnvironmentKnobPrefix.Length..];
        return ((name.StartsWith("DOTNET_", StringComparison.Ordinal) || name.StartsWith("COMPlus_", StringComparison.Ordinal))
                && !SdkVariables.Any(prefix => name.StartsWith(prefix, StringComparison.Ordinal)) && !KeptFromChildren.Contains(name))
               || name is Contenders.ContenderRegistry.DiagnosticsVariable or Contenders.DiagnosticSlowdown.Variable;
    }

    /// <summary>
    /// A tracer's port, set to suspend by <c>dotnet-trace collect -- serbench …</c>: a child that inherited it would wait at
    /// start-up for a tracer that never comes, so no child gets it and it is no knob of theirs.
    /// </summary>
    public static readonly IReadOnlyList<string> KeptFromChildren = ["DOTNET_DiagnosticPorts", "DOTNET_DefaultDiagnosticPortSuspend"];

    private static readonly string[] SdkVariables =
        ["DOTNET_CLI_", "DOTNET_NOLOGO", "DOTNET_SKIP_FIRST_TIME_EXPERIENCE", "DOTNET_ROOT", "DOTNET_HOST_PATH", "DOTNET_BUNDLE_EXTRACT_BASE_DIR",
         "DOTNET_GENERATE_ASPNET_CERTIFICATE", "DOTNET_ADD_GLOBAL_TOOLS_TO_PATH", "DOTNET_MSBUILD_SDK_RESOLVER", "DOTNET_SDK_", "DOTNET_NUGET_"];

    private static string Globalization()
    {
        var invariant = AppContext.TryGetSwitch("System.Globalization.Invariant", out var on) && on
            || System.Environment.GetEnvironmentVariable("DOTNET_SYSTEM_GLOBALIZATION_INVARIANT") is "1" or "true";
        if (!invariant)
        {
            try
            {
                // In invariant mode only the invariant culture exists; asking for a real one is how the mode shows.
                _ = CultureInfo.GetCultureInfo("de-DE");
            }
            catch (CultureNotFoundException)
            {
                invariant = true;
            }
        }

        var source = System.Environment.GetEnvironmentVariable("DOTNET_SYSTEM_GLOBALIZATION_INVARIANT") is { Length: > 0 } variable
            ? $" (DOTNET_SYSTEM_GLOBALIZATION_INVARIANT={variable})"
            : AppContext.GetData("System.Globalization.Invariant") is { } configured ? $" (runtimeconfig System.Globalization.Invariant={configured})" : " (default)";
        if (invariant)
        {
            return "invariant" + source;
        }

        return (OperatingSystem.IsWindows() && AppContext.TryGetSwitch("System.Globalization.UseNls", out var nls) && nls ? "NLS" : "ICU") + source;
    }

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

    private static string Knob(string appContextSwitch, string variable)
    {
        foreach (var environmentVariable in new[] { "DOTNET_" + variable, "COMPlus_" + variable })
        {
            if (System.Environment.GetEnvironmentVariable(environmentVariable) is { Length: > 0 } fromEnvironment)
            {
                return $"{(fromEnvironment == "0" ? "disabled" : "enabled")} ({environmentVariable}={fromEnvironment})";
            }
        }

        return AppContext.GetData(appContextSwitch) is { } configured
            ? $"{configured} (runtimeconfig {appContextSwitch})"
            : "default (enabled)";
    }
}
