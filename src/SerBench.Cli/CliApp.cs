using System.CommandLine;
using SerBench.Cli.Commands;
using SerBench.Comparison;
using SerBench.Running;
using Spectre.Console;

namespace SerBench.Cli;

/// <summary>Builds the command tree and turns every expected failure into one line on stderr and exit code 2.</summary>
internal static class CliApp
{
    public const int ExitOk = 0;
    public const int ExitFailures = 1;
    public const int ExitUsage = 2;

    public static int Run(string[] args, TextWriter output, TextWriter error, IAnsiConsole? console = null)
    {
        var plain = output != Console.Out || Console.IsOutputRedirected;
        console ??= AnsiConsole.Create(new AnsiConsoleSettings
        {
            Out = new AnsiConsoleOutput(output),
            // Redirected output (files, CI logs, tests) gets plain text, no escape codes.
            Ansi = plain ? AnsiSupport.No : AnsiSupport.Detect,
            ColorSystem = plain ? ColorSystemSupport.NoColors : ColorSystemSupport.Detect,
            Interactive = plain ? InteractionSupport.No : InteractionSupport.Detect,
        });
        if (!console.Profile.Capabilities.Interactive && console.Profile.Width < 160)
        {
            // Logs and files have no terminal width; 80 columns would fold every table.
            console.Profile.Width = 160;
        }

        var context = new CliContext(console, output, error, string.Join(' ', new[] { "serbench" }.Concat(args.Select(Quote))));
        var root = new RootCommand("SerBench: which .NET serializer should you use? Verified, measured, reported.")
        {
            ListCommand.Create(context),
            VerifyCommand.Create(context),
            RunCommand.Create(context),
            ReportCommand.Create(context),
            CompareCommand.Create(context),
            FirstCallCommand.Create(context),
        };

        var parseResult = root.Parse(args);
        if (parseResult.Errors.Count > 0)
        {
            error.WriteLine($"serbench: {parseResult.Errors[0].Message} Run 'serbench --help' for the commands and options.");
            return ExitUsage;
        }

        try
        {
            return parseResult.Invoke(new InvocationConfiguration { Output = output, Error = error, EnableDefaultExceptionHandler = false });
        }
        catch (Exception exception) when (exception is UsageException or ResultsFileException)
        {
            // Bad options and bad results files alike: one line, exit code 2, no stack trace.
            error.WriteLine("serbench: " + exception.Message);
            return ExitUsage;
        }
    }

    private static string Quote(string argument) =>
        argument.Length == 0 || argument.Any(c => char.IsWhiteSpace(c) || c is '"' or '\'') ? "\"" + argument.Replace("\"", "\\\"", StringComparison.Ordinal) + "\"" : argument;
}

/// <summary>What every command needs from the outside world.</summary>
internal sealed record CliContext(IAnsiConsole Console, TextWriter Output, TextWriter Error, string CommandLine);
