using System.Diagnostics;
using System.Globalization;
using System.Text.Json;
using SerBench.Measurement;
using SerBench.Results;
using SerBench.Running;

namespace SerBench.Cli;

/// <summary>
/// Measures one case in a child <c>serbench run</c>, narrowed to that case and told not to isolate again. The child
/// writes its own results.json after every cell, so whatever it finished before dying is read back and kept.
/// </summary>
internal sealed class ChildProcessCaseRunner(string outputDirectory) : IIsolatedCaseRunner
{
    public const string InProcessOption = "--in-process";

    /// <summary>Generous: a quick case takes seconds, a full one a few minutes; beyond this the child is hung.</summary>
    private static readonly TimeSpan Timeout = TimeSpan.FromMinutes(15);

    private int _launched;

    public IsolatedCaseResult Run(PlannedCase planned, MeasurementProfile profile, CancellationToken cancellation)
    {
        var directory = Path.Combine(outputDirectory, "isolated", (++_launched).ToString("000", CultureInfo.InvariantCulture) + "-" + planned.Contender.Name);
        Directory.CreateDirectory(directory);
        var start = StartInfo(planned, profile, directory);
        using var process = Process.Start(start) ?? throw new InvalidOperationException("Could not start a child SerBench process.");
        var stderr = process.StandardError.ReadToEndAsync(cancellation);
        var stdout = process.StandardOutput.ReadToEndAsync(cancellation);
        string? failure = null;
        using (cancellation.Register(() => Kill(process)))
        {
            if (!process.WaitForExit(Timeout))
            {
                Kill(process);
                failure = $"did not finish within {Timeout.TotalMinutes:0} minutes and was stopped (hung)";
            }
        }

        process.WaitForExit();
        File.WriteAllText(Path.Combine(directory, "console.log"), Completed(stdout) + Completed(stderr));
        if (failure is null && process.ExitCode != 0)
        {
            failure = $"exit code {process.ExitCode}" + (Headline(Completed(stderr)) is { } line ? $": {line}" : "");
        }

        return new IsolatedCaseResult(ReadCells(directory), failure);
    }

    private static ProcessStartInfo StartInfo(PlannedCase planned, MeasurementProfile profile, string directory)
    {
        var (fileName, prefix) = SelfCommand();
        var start = new ProcessStartInfo(fileName)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (var argument in prefix)
        {
            start.ArgumentList.Add(argument);
        }

        var workload = planned.Workload;
        string[] arguments =
        [
            "run", "--study", planned.Study.Name, "--contenders", planned.Contender.Name, "--payloads", workload.Payload.Name,
            "--shapes", RunRequest.ShapeName(workload.Shape), "--sizes", workload.Count.ToString(CultureInfo.InvariantCulture),
            "--ops", string.Join(",", planned.Operations.Select(RunRequest.OperationName)), "--profile", profile.Name,
            "--out", directory, InProcessOption,
        ];
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        return start;
    }

    /// <summary>
    /// How to start this same tool: its apphost when it runs as one, otherwise <c>dotnet exec</c> on its assembly
    /// (which also covers the test host, where the current process is <c>dotnet</c> running testhost.dll).
    /// </summary>
    private static (string FileName, string[] Prefix) SelfCommand()
    {
        var assembly = typeof(ChildProcessCaseRunner).Assembly.Location;
        var processPath = Environment.ProcessPath ?? "dotnet";
        var apphost = Path.ChangeExtension(assembly, OperatingSystem.IsWindows() ? ".exe" : null);
        if (string.Equals(processPath, apphost, StringComparison.Ordinal))
        {
            return (processPath, []);
        }

        var host = Path.GetFileNameWithoutExtension(processPath) == "dotnet" ? processPath : "dotnet";
        return (host, ["exec", "--runtimeconfig", Path.ChangeExtension(assembly, ".runtimeconfig.json"), "--depsfile", Path.ChangeExtension(assembly, ".deps.json"), assembly]);
    }

    private static IReadOnlyList<ResultCell> ReadCells(string directory)
    {
        var path = Path.Combine(directory, "results.json");
        if (!File.Exists(path))
        {
            return [];
        }

        try
        {
            using var stream = File.OpenRead(path);
            return ResultsJson.Read(stream).Cells;
        }
        catch (JsonException)
        {
            return [];
        }
    }

    private static string Completed(Task<string> output) => output.IsCompletedSuccessfully ? output.Result : "";

    /// <summary>What the runtime said before its stack trace, e.g. "Process terminated. &lt;message&gt;" or "Stack overflow.".</summary>
    private static string? Headline(string stderr)
    {
        var lines = stderr.Split('\n').Select(l => l.Trim()).Where(l => l.Length > 0).TakeWhile(l => !l.StartsWith("at ", StringComparison.Ordinal)).Take(3);
        var text = string.Join(" ", lines);
        return text.Length == 0 ? null : text.Length > 240 ? text[..240] + "…" : text;
    }

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
