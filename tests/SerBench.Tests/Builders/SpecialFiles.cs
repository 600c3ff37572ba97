using System.Runtime.InteropServices;

namespace SerBench.Tests.Builders;

/// <summary>Files that are not regular files, where the OS has them: a device and a FIFO.</summary>
internal static class SpecialFiles
{
    /// <summary>/dev/zero: a device that reports length 0 and never ends; null where there is none.</summary>
    public static string? Device => File.Exists("/dev/zero") ? "/dev/zero" : null;

    /// <summary>Makes a FIFO at <paramref name="path"/>; false where the OS has none. Opening it to read would block until a writer comes.</summary>
    public static bool TryMakeFifo(string path) => !OperatingSystem.IsWindows() && MakeFifo(path, Convert.ToInt32("600", 8)) == 0;

#pragma warning disable SYSLIB1054 // A test helper; DllImport marshals the string without unsafe code.
    [DllImport("libc", EntryPoint = "mkfifo", CharSet = CharSet.Ansi)]
    private static extern int MakeFifo(string path, int mode);
#pragma warning restore SYSLIB1054
}
