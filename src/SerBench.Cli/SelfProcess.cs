using System.Diagnostics;
using SerBench.Agents;

namespace SerBench.Cli;

/// <summary>
/// Starts this same tool as a child process, for work that must not be able to take the parent down: its apphost when
/// it runs as one, otherwise <c>dotnet exec</c> on its assembly (which also covers the test host, where the current
/// process is <c>dotnet</c> running testhost.dll).
/// </summary>
internal static class SelfProcess
{
    /// <param name="arguments">The command line after the program.</param>
    /// <param name="timeout">After this the child is considered hung and killed.</param>
    /// <param name="cancellation">Kills the child when cancelled.</param>
    /// <param name="agent">Runs this agent (built from the contender packs) instead of SerBench itself; both take the same arguments.</param>
    public static ChildOutcome Run(IReadOnlyList<string> arguments, TimeSpan timeout, CancellationToken cancellation, Packs.AgentBuild? agent = null)
    {
        var (fileName, prefix) = agent is null ? SelfCommand() : Packs.AgentBuilder.Command(agent);
        var start = new ProcessStartInfo(fileName) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        foreach (var argument in prefix.Concat(arguments))
        {
            start.ArgumentList.Add(argument);
        }

        using var process = Process.Start(start) ?? throw new InvalidOperationException("Could not start a child SerBench process.");
        var output = process.StandardOutput.ReadToEndAsync(CancellationToken.None);
        var error = process.StandardError.ReadToEndAsync(CancellationToken.None);
        var timedOut = false;
        using (cancellation.Register(() => Kill(process)))
        {
            if (!process.WaitForExit(timeout))
            {
                Kill(process);
                timedOut = true;
            }
        }

        process.WaitForExit();
        return new ChildOutcome(process.ExitCode, Completed(output), Completed(error), timedOut);
    }

    internal static (string FileName, string[] Prefix) SelfCommand()
    {
        var assembly = typeof(SelfProcess).Assembly.Location;
        var processPath = Environment.ProcessPath ?? "dotnet";
        var apphost = Path.ChangeExtension(assembly, OperatingSystem.IsWindows() ? ".exe" : null);
        if (string.Equals(processPath, apphost, StringComparison.Ordinal))
        {
            return (processPath, []);
        }

        var host = Path.GetFileNameWithoutExtension(processPath) == "dotnet" ? processPath : "dotnet";
        return (host, ["exec", "--runtimeconfig", Path.ChangeExtension(assembly, ".runtimeconfig.json"), "--depsfile", Path.ChangeExtension(assembly, ".deps.json"), assembly]);
    }

    private static string Completed(Task<string> output) => output.Wait(TimeSpan.FromSeconds(10)) && output.IsCompletedSuccessfully ? output.Result : "";

    private static void Kill(Process process)
    {
        try
        {
            process.Kill(entireProcessTree: true);
        }
        catch (InvalidOperationException)
        {
            // Already gone.
        }
    }
}
