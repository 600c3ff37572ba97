using System.Runtime.InteropServices;
using Perfolizer.Horology;

namespace SerBench.Core.Measurement;

/// <summary>
/// The process's CPU time in every thread (<c>clock_gettime(CLOCK_PROCESS_CPUTIME_ID)</c>), so time another program or the
/// hypervisor took the core is not charged to a cell. Windows' process times tick every ~15.6 ms, too coarse to use.
/// </summary>
internal sealed class CpuTimeClock : IClock
{
    public static CpuTimeClock Instance { get; } = new();

    private static readonly Lazy<bool> Supported = new(Probe);

    private CpuTimeClock()
    {
    }

    public static bool IsSupported => Supported.Value;

    public string Title => "process CPU time";

    public bool IsAvailable => IsSupported;

    public Frequency Frequency => Frequency.FromGHz(1);

    public long GetTimestamp() => Read(out var nanoseconds) ? nanoseconds : throw new InvalidOperationException("clock_gettime(CLOCK_PROCESS_CPUTIME_ID) failed.");

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
