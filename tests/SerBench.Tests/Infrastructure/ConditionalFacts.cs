using System.Runtime.CompilerServices;
using SerBench.Core.Measurement;

namespace SerBench.Tests.Infrastructure;

/// <summary>A fact that is reported as skipped, with the reason, where this system has no per-process CPU-time clock.</summary>
public sealed class CpuClockFactAttribute : FactAttribute
{
    public CpuClockFactAttribute([CallerFilePath] string? sourceFilePath = null, [CallerLineNumber] int sourceLineNumber = -1)
        : base(sourceFilePath, sourceLineNumber)
    {
        if (!CpuTimeClock.IsSupported)
        {
            Skip = "This system has no per-process CPU-time clock for --clock cpu (Linux and macOS have one).";
        }
    }
}

/// <summary>
/// A fact that sends a POSIX signal to a child SerBench: skipped on Windows, and for SIGINT when this process was started
/// with SIGINT ignored.
/// </summary>
public sealed class SignalFactAttribute : FactAttribute
{
    /// <param name="signal">The signal's name as <c>kill -s</c> takes it: INT or TERM.</param>
    public SignalFactAttribute(string signal, [CallerFilePath] string? sourceFilePath = null, [CallerLineNumber] int sourceLineNumber = -1)
        : base(sourceFilePath, sourceLineNumber)
    {
        if (OperatingSystem.IsWindows())
        {
            Skip = "Windows has no POSIX signals to send.";
        }
        else if (signal == "INT" && SigIntIgnoredHere())
        {
            Skip = "This test process was started with SIGINT ignored (as a shell does for a job run with '&'); its children " +
                   "inherit that and .NET keeps it, so no child could see Ctrl+C. Run the tests in the foreground.";
        }
    }

    /// <summary>
    /// Whether this process was started with SIGINT ignored, as a shell does for a job it puts in the background
    /// (<c>cmd &amp;</c>): the child inherits that, and .NET then keeps SIGINT ignored, so no program could see the signal.
    /// </summary>
    private static bool SigIntIgnoredHere()
    {
        var line = OperatingSystem.IsLinux() ? File.ReadLines("/proc/self/status").FirstOrDefault(l => l.StartsWith("SigIgn:", StringComparison.Ordinal)) : null;
        return line is not null && (Convert.ToUInt64(line["SigIgn:".Length..].Trim(), 16) & (1UL << 1)) != 0;
    }
}

/// <summary>
/// A fact that is reported as skipped, not passed, when Chromium is missing. The decision is made when the test is
/// discovered, which is early enough: the browser does not come or go during a test run.
/// </summary>
public sealed class ChromiumFactAttribute : FactAttribute
{
    public ChromiumFactAttribute([CallerFilePath] string? sourceFilePath = null, [CallerLineNumber] int sourceLineNumber = -1)
        : base(sourceFilePath, sourceLineNumber) => Skip = SkipReason(FindChromium(), Environment.GetEnvironmentVariable("SERBENCH_REQUIRE_BROWSER"));

    internal static string? SkipReason(string? chromium, string? requireBrowser) =>
        chromium is null && requireBrowser != "1"
            ? "Debian's chromium is not installed (.ci/run installs it; SERBENCH_REQUIRE_BROWSER=1 turns its absence into a failure)."
            : null;

    internal static string? FindChromium() =>
        new[] { Environment.GetEnvironmentVariable("SERBENCH_CHROMIUM"), "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome" }
            .FirstOrDefault(p => p is not null && File.Exists(p));
}

/// <summary>
/// A fact that is skipped when this machine cannot link a Native AOT app (no clang on Linux; other systems need their
/// own toolchain), unless SERBENCH_REQUIRE_AOT=1 (.ci/run installs clang and sets it) turns that into a failure.
/// </summary>
public sealed class NativeAotFactAttribute : FactAttribute
{
    public NativeAotFactAttribute([CallerFilePath] string? sourceFilePath = null, [CallerLineNumber] int sourceLineNumber = -1)
        : base(sourceFilePath, sourceLineNumber)
    {
        var canLink = OperatingSystem.IsLinux() && (Environment.GetEnvironmentVariable("PATH") ?? "").Split(Path.PathSeparator)
            .Any(folder => File.Exists(Path.Combine(folder, "clang")));
        if (!canLink && Environment.GetEnvironmentVariable("SERBENCH_REQUIRE_AOT") != "1")
        {
            Skip = "Native AOT needs clang on Linux (.ci/run installs it; SERBENCH_REQUIRE_AOT=1 turns its absence into a failure).";
        }
    }
}
