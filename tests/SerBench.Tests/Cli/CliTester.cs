using SerBench.Cli;

namespace SerBench.Tests.Cli;

/// <summary>Runs the CLI in-process and captures what a user would see.</summary>
internal static class CliTester
{
    public static (int ExitCode, string Output, string Error) Run(params string[] args)
    {
        using var output = new StringWriter();
        using var error = new StringWriter();
        var exitCode = CliApp.Run(args, output, error);
        return (exitCode, output.ToString(), error.ToString());
    }
}
