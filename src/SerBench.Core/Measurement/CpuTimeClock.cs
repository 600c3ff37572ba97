using System.Runtime.InteropServices;
using Perfolizer.Horology;

namespace SerBench.Core.Measurement;

/// <summary>
/// A BenchmarkDotNet clock that reads the CPU time the measuring process has used (POSIX
/// <c>clock_gettime(CLOCK_PROCESS_CPUTIME_ID)</c>, nanoseconds), instead of the wall clock.
/// </summary>
/// <remarks>
/// Why: on a shared machine the wall clock also counts the time the process was not running at all — another program
/// had the core, or the hypervisor gave the virtual CPU to another guest ("steal"). That time lands on whichever cell
/// happened to run then, which is what made two runs of the same cells differ by tens of percent on busy hosts. CPU time
/// counts only the cycles the process itself got, in every thread (so a background GC or JIT thread's work is counted
/// too). On an idle machine with a single-threaded body the two clocks agree; what CPU time cannot remove is a
/// neighbour's effect on the cycles themselves (shared caches, memory bandwidth). Google Benchmark times CPU by default
/// for the same reason. It is SerBench's choice with <c>--clock cpu</c>; Linux and macOS give this clock with nanosecond resolution; Windows' process times tick every
/// ~15.6 ms, too coarse for 20 ms iterations, so there the wall clock stays (see <see cref="IsSupported"/>).
/// </remarks>
internal sealed class CpuTimeClock : IClock
{
    public static CpuTimeClock Instance { get; } = new();

    private static readonly Lazy<bool> Supported = new(Probe);

    private CpuTimeClock()
    {
    }

    /// <summary>True when this process can read its CPU time precisely enough to time iterations.</summary>
    public static bool IsSupported => Supported.Value;

    public string Title => "process CPU time";

    public bool IsAvailable => IsSupported;

    public Frequency Frequency => Frequency.FromGHz(1);

    public long GetTimestamp() => Read(out var nanoseconds) ? nanoseconds : throw new InvalidOperationException("clock_gettime(CLOCK_PROCESS_CPUTIME_ID) failed.");

    /// <summary>The process's CPU time so far, or null where this clock is not supported.</summary>
    public static TimeSpan? ProcessCpuTime() => IsSupported && Read(out var nanoseconds) ? TimeSpan.FromTicks(nanoseconds / 100) : null;

    /// <summary>CLOCK_PROCESS_CPUTIME_ID: 2 on Linux, 12 on macOS; none elsewhere.</summary>
    private static int ClockId => OperatingSystem.IsLinux() ? 2 : OperatingSystem.IsMacOS() ? 12 : -1;

    private static bool Read(out long nanoseconds)
    {
        nanoseconds = 0;
        if (ClockGetTime(ClockId, out var time) != 0)
        {
            return false;
        }

        nanoseconds = (time.Seconds * 1_000_000_000) + time.Nanoseconds;
        return true;
    }

    /// <summary>Supported when the OS has the clock, timespec is two 64-bit fields here, and two reads move forward.</summary>
    private static bool Probe()
    {
        if (ClockId < 0 || !Environment.Is64BitProcess)
        {
            return false;
        }

        try
        {
            if (!Read(out var first))
            {
                return false;
            }

            // Spin ~1 ms of CPU: a clock that ticks coarsely (or not at all) shows no progress, or jumps by whole ticks.
            var until = System.Diagnostics.Stopwatch.GetTimestamp() + (System.Diagnostics.Stopwatch.Frequency / 1000);
            while (System.Diagnostics.Stopwatch.GetTimestamp() < until)
            {
            }

            return Read(out var second) && second > first && second - first < 50_000_000;
        }
        catch (Exception exception) when (exception is DllNotFoundException or EntryPointNotFoundException)
        {
            return false;
        }
    }

    [StructLayout(LayoutKind.Sequential)]
    private struct TimeSpec
    {
        public long Seconds;
        public long Nanoseconds;
    }

#pragma warning disable SYSLIB1054 // DllImport, not LibraryImport: the generated marshaller needs unsafe code for one blittable out struct.
    [DllImport("libc", EntryPoint = "clock_gettime")]
    [DefaultDllImportSearchPaths(DllImportSearchPath.SafeDirectories)]
    private static extern int ClockGetTime(int clockId, out TimeSpec time);
#pragma warning restore SYSLIB1054
}
