using System.Runtime.InteropServices;
using System.Text;

namespace SerBench.Core.Files;

/// <summary>
/// What a path names, found without opening it: a FIFO blocks until a writer comes, a device has no end. .NET exposes
/// no file type, so on Unix this asks the runtime's native shim (the <c>stat</c> FileInfo uses).
/// </summary>
internal static class FileKind
{
    /// <summary>"a folder", "a device", …; null for a regular file or nothing there.</summary>
    public static string? NotRegular(string path)
    {
        if (Directory.Exists(path))
        {
            return "a folder";
        }

        if (OperatingSystem.IsWindows() || !File.Exists(path))
        {
            return null; // Windows devices are not files File.Exists finds; the bounded read covers the rest.
        }

        return UnixMode(path) switch
        {
            null or RegularFile => null,
            Fifo => "a FIFO (named pipe)",
            Socket => "a socket",
            CharacterDevice or BlockDevice => "a device",
            _ => "not a regular file",
        };
    }

    private const int TypeMask = 0xF000, Fifo = 0x1000, CharacterDevice = 0x2000, BlockDevice = 0x6000, RegularFile = 0x8000, Socket = 0xC000;

    /// <summary>stat(2)'s file type bits; null when the shim cannot say (then only the bounded read protects).</summary>
    private static int? UnixMode(string path)
    {
        // The shim's FileStatus starts with two int32s, Flags and Mode, with the POSIX type bits; the rest is room to spare.
        var status = new byte[512];
        try
        {
            return Stat(Encoding.UTF8.GetBytes(path + "\0"), status) == 0 ? BitConverter.ToInt32(status, 4) & TypeMask : null;
        }
        catch (Exception exception) when (exception is DllNotFoundException or EntryPointNotFoundException)
        {
            return null;
        }
    }

    // DllImport, not LibraryImport: blittable arrays are pinned as they are, with no unsafe code.
#pragma warning disable SYSLIB1054
    [DllImport("libSystem.Native", EntryPoint = "SystemNative_Stat")]
    private static extern int Stat(byte[] path, byte[] status);
#pragma warning restore SYSLIB1054
}
