using System.Diagnostics;
using SerBench.Agents;

namespace SerBench.Cli;

/// <summary>This tool as a child, for work that must not take the parent down; <c>dotnet exec</c> when there is no apphost (the test host).</summary>
internal static class SelfProcess
{
    // agent: runs this agent instead of SerBench itself; both take the same arguments.
    public static ChildOutcome Run(IReadOnlyList<string> arguments, TimeSpan timeout, CancellationToken cancellation, AgentBuilds.AgentBuild? agent,
        IEnumerable<KeyValuePair<string, string>> environment)
    {
        var (fileName, prefix) = agent is null ? SelfCommand() : AgentBuilds.AgentBuilder.Command(agent);
        var start = new ProcessStartInfo(fileName) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        foreach (var argument in prefix.Concat(arguments))
        {
            start.ArgumentList.Add(argument);
        }

        WithoutTracerPorts(start.Environment);
        foreach (var (name, value) in environment)
        {
            start.Environment[name] = value;
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

    /// <summary>Without a tracer's suspended port (<see cref="Core.Results.EnvironmentProbe.KeptFromChildren"/>).</summary>
    internal static void WithoutTracerPorts(IDictionary<string, string?> environment)
    {
        foreach (var name in Core.Results.EnvironmentProbe.KeptFromChildren)
        {
            environment.Remove(name);
        }
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
        }
    }
}
