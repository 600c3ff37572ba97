using System.Diagnostics;
using System.Globalization;

namespace SerBench.AgentBuilds;

/// <summary>Output and error together; the exit code may be <see cref="DotnetCli.TimedOut"/>.</summary>
internal sealed record DotnetOutcome(int ExitCode, string Output);

/// <summary>One dotnet restore, build or publish: output captured, MSBuild's inherited variables removed, its process tree killed at the time limit or on stop.</summary>
internal sealed class DotnetCli(TimeSpan stepTimeout, CancellationToken stop)
{
    public const int TimedOut = -1;

    // The agent is built by the SDK that built SerBench's own run.
    public static string Host() =>
        Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") is { Length: > 0 } host && File.Exists(host) ? host
        : Path.GetFileNameWithoutExtension(Environment.ProcessPath) == "dotnet" ? Environment.ProcessPath! : "dotnet";

    /// <summary>The newest SDK installed (which the agent's global.json selects), or null on a runtime-only machine.</summary>
    public static Version? NewestSdk()
    {
        var start = new ProcessStartInfo(Host(), "--list-sdks") { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        using var process = Process.Start(start);
        if (process is null)
        {
            return null;
        }

        var output = process.StandardOutput.ReadToEndAsync();
        _ = process.StandardError.ReadToEndAsync();
        return process.WaitForExit(TimeSpan.FromSeconds(30)) ? NewestSdk(output.Result) : null;
    }

    /// <summary>From <c>dotnet --list-sdks</c> output (<c>10.0.401 [/usr/share/dotnet/sdk]</c>), previews by their number.</summary>
    public static Version? NewestSdk(string listSdksOutput) =>
        listSdksOutput.Split('\n', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries)
            .Select(line => Version.TryParse(line.Split(' ', '-')[0], out var version) ? version : null)
            .Max();

    public DotnetOutcome Run(string workingDirectory, IReadOnlyList<string> arguments)
    {
        stop.ThrowIfCancellationRequested();
        var start = new ProcessStartInfo(Host())
        {
            WorkingDirectory = workingDirectory,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (var argument in arguments.Concat(["-nologo", "-v:q", "-clp:NoSummary"]))
        {
            start.ArgumentList.Add(argument);
        }

        // A parent `dotnet test` or `dotnet run` leaves MSBuild's own variables behind; the agent build must not inherit them.
        foreach (var name in start.Environment.Keys.Where(k => k.StartsWith("MSBuild", StringComparison.OrdinalIgnoreCase) || k == "DOTNET_HOST_PATH").ToList())
        {
            start.Environment.Remove(name);
        }

        start.Environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
        start.Environment["DOTNET_NOLOGO"] = "1";
        start.Environment["DOTNET_SKIP_FIRST_TIME_EXPERIENCE"] = "1";
        using var process = Process.Start(start) ?? throw new InvalidOperationException("Could not start dotnet to build the agent.");
        var output = process.StandardOutput.ReadToEndAsync();
        var error = process.StandardError.ReadToEndAsync();
        // Stopped (Ctrl+C, SIGTERM): the build's own children (MSBuild nodes, csc) go too, so none is left using a core.
        using (stop.Register(() => Kill(process)))
        {
            if (!process.WaitForExit(stepTimeout))
            {
                Kill(process);
                return new DotnetOutcome(TimedOut, $"error SB0001: 'dotnet {string.Join(' ', arguments.Take(2).Select(Path.GetFileName))}' did not finish within " +
                    (stepTimeout.TotalMinutes >= 1 ? $"{stepTimeout.TotalMinutes:0} minutes" : stepTimeout.TotalSeconds.ToString("0.### s", CultureInfo.InvariantCulture)) + " and was stopped");
            }

            process.WaitForExit();
        }

        stop.ThrowIfCancellationRequested();
        return new DotnetOutcome(process.ExitCode, output.Result + error.Result);
    }

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
