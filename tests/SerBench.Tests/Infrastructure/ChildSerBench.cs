using System.Diagnostics;
using System.Globalization;
using SerBench.Cli;

namespace SerBench.Tests.Infrastructure;

/// <summary>SerBench in a child process, for what only a real process can show: signals and their exit codes.</summary>
internal static class ChildSerBench
{
    public static Process Start(params string[] args) => Start((string?)null, args);

    /// <param name="slowNodeFolder">A folder put first on the child's PATH, where <see cref="WriteSlowNode"/> wrote a node that takes seconds to draw nothing.</param>
    /// <param name="args">The command line.</param>
    public static Process Start(string? slowNodeFolder, params string[] args) =>
        Start(slowNodeFolder is null ? [] : new Dictionary<string, string> { ["PATH"] = slowNodeFolder + Path.PathSeparator + Environment.GetEnvironmentVariable("PATH") }, args);

    /// <param name="environment">Variables set for the child only.</param>
    /// <param name="args">The command line.</param>
    public static Process Start(IReadOnlyDictionary<string, string> environment, params string[] args)
    {
        var (fileName, prefix) = SelfProcess.SelfCommand();
        var start = new ProcessStartInfo(fileName) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        foreach (var (name, value) in environment)
        {
            start.Environment[name] = value;
        }

        foreach (var argument in (string[])[.. prefix, .. args])
        {
            start.ArgumentList.Add(argument);
        }

        return Process.Start(start)!;
    }

    /// <summary>A 'node' that sleeps 3 seconds and fails, so that a child's reports take long enough to be stopped while they are written.</summary>
    public static string WriteSlowNode(string folder)
    {
        var node = Path.Combine(folder, "node");
        File.WriteAllText(node, "#!/bin/sh\nsleep 3\nexit 1\n");
        if (!OperatingSystem.IsWindows())
        {
            File.SetUnixFileMode(node, UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
        }

        return folder;
    }

    /// <param name="process">The child.</param>
    /// <param name="signal">The signal's name as <c>kill -s</c> takes it: INT or TERM.</param>
    public static async Task Signal(Process process, string signal)
    {
        using var kill = Process.Start("kill", ["-s", signal, process.Id.ToString(CultureInfo.InvariantCulture)]);
        await kill.WaitForExitAsync();
    }

    /// <summary>Waits until a staging folder appears in <paramref name="folder"/> (the child is writing its set); false when the child ended first.</summary>
    public static bool WaitForStaging(Process process, string folder)
    {
        while (!process.HasExited)
        {
            if (Directory.Exists(folder) && Directory.GetDirectories(folder, ".serbench-staging-*").Length > 0)
            {
                return true;
            }

            Thread.Sleep(5);
        }

        return false;
    }
}
