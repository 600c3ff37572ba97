using System.Diagnostics;

namespace SerBench.Tests.Infrastructure;

/// <summary>Runs a tool (dotnet, the installed serbench) the way a user's shell would: without the MSBuild variables `dotnet test` leaves behind.</summary>
internal static class ToolProcess
{
    /// <summary>Runs it to the end; fails the test when it hangs or exits non-zero. Returns its standard output.</summary>
    public static string Run(string workingDirectory, string fileName, params string[] arguments) =>
        Run(workingDirectory, new Dictionary<string, string>(), fileName, arguments);

    /// <param name="workingDirectory">Where it runs.</param>
    /// <param name="environment">Variables set for it, besides the inherited ones.</param>
    /// <param name="fileName">The program.</param>
    /// <param name="arguments">Its arguments.</param>
    public static string Run(string workingDirectory, IReadOnlyDictionary<string, string> environment, string fileName, params string[] arguments)
    {
        var start = new ProcessStartInfo(fileName, arguments) { WorkingDirectory = workingDirectory, RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (var name in start.Environment.Keys.Where(k => k.StartsWith("MSBuild", StringComparison.OrdinalIgnoreCase)).ToList())
        {
            start.Environment.Remove(name);
        }

        foreach (var (name, value) in environment)
        {
            start.Environment[name] = value;
        }

        using var process = Process.Start(start)!;
        var stdout = process.StandardOutput.ReadToEndAsync();
        var stderr = process.StandardError.ReadToEndAsync();
        Assert.True(process.WaitForExit(TimeSpan.FromMinutes(10)), $"{fileName} {string.Join(' ', arguments)} hung");
        Assert.True(process.ExitCode == 0, $"{fileName} {string.Join(' ', arguments)}: exit {process.ExitCode}\n{stdout.Result}\n{stderr.Result}");
        return stdout.Result;
    }
}
