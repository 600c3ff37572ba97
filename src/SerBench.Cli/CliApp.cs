using System.CommandLine;
using System.Globalization;
using SerBench.Cli.Commands;
using SerBench.Core.Running;
using SerBench.Reports;
using SerBench.Results;
using Spectre.Console;

namespace SerBench.Cli;

/// <summary>Turns every expected failure into one line on stderr and exit code 2.</summary>
internal static class CliApp
{
    public const int ExitOk = 0;
    public const int ExitFailures = 1;
    public const int ExitUsage = 2;

    // 128 + SIGINT's number, as shells report it.
    public const int ExitInterrupted = 130;
    public const int ExitTerminated = 143;

    // chartImages: tests pass one that draws nothing.
    public static int Run(string[] args, TextWriter output, TextWriter error, IAnsiConsole? console = null, IChartImageRenderer? chartImages = null)
    {
        // SerBench speaks English: System.CommandLine's own words ("Usage:", parse errors) would otherwise follow the user's language.
        var uiCulture = CultureInfo.CurrentUICulture;
        CultureInfo.CurrentUICulture = CultureInfo.InvariantCulture;
        try
        {
            return RunInEnglish(args, output, error, console, chartImages);
        }
        finally
        {
            CultureInfo.CurrentUICulture = uiCulture;
        }
    }

    private static int RunInEnglish(string[] args, TextWriter output, TextWriter error, IAnsiConsole? console, IChartImageRenderer? chartImages)
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

        var context = new CliContext(console, output, error, string.Join(' ', new[] { "serbench" }.Concat(args.Select(Quote))), chartImages ?? SvgChartRenderer.Instance);
        var root = new RootCommand("SerBench: which .NET serializer should you use? Verified, measured, reported.")
        {
            ListCommand.Create(context),
            VerifyCommand.Create(context),
            RunCommand.Create(context),
            ReportCommand.Create(context),
            CompareCommand.Create(context),
            MergeCommand.Create(context),
            FirstCallCommand.Create(context),
            ConformanceCommand.Create(context),
            SamplesCommand.Create(context),
            AgentCommand.Create(context),
        };

        var parseResult = root.Parse(args, ParserConfiguration());
        if (parseResult.Errors.Count > 0)
        {
            error.WriteLine($"serbench: {ParseErrorMessage(root, parseResult, args)} Run 'serbench --help' for the commands and options.");
            return ExitUsage;
        }

        if (parseResult.CommandResult.Command != root && parseResult.Action is not System.CommandLine.Help.HelpAction && TemporaryFolderProblem() is { } problem)
        {
            error.WriteLine("serbench: " + problem);
            return ExitUsage;
        }

        try
        {
            return parseResult.Invoke(new InvocationConfiguration { Output = output, Error = error, EnableDefaultExceptionHandler = false });
        }
        catch (StoppedException exception)
        {
            error.WriteLine("serbench: " + exception.Message);
            return exception.ExitCode;
        }
        catch (Exception exception) when (exception is UsageException or ResultsFileException)
        {
            // Bad options and bad results files alike: one line, exit code 2, no stack trace.
            error.WriteLine("serbench: " + exception.Message);
            return ExitUsage;
        }
    }

    // Checked up front: a temporary folder that is not there would fail later, blamed on the output folder.
    private static string? TemporaryFolderProblem()
    {
        var temporary = Path.GetTempPath();
        var variable = OperatingSystem.IsWindows() ? "TMP" : "TMPDIR";
        return Directory.Exists(temporary) ? null
            : $"{variable} '{Environment.GetEnvironmentVariable(variable) ?? temporary}' does not exist; set {variable} to an existing folder, or unset it to use the system's.";
    }

    // SerBench has no response files: '@13.0.4' in --contenders is a version, not a file to read arguments from.
    internal static ParserConfiguration ParserConfiguration() => new() { ResponseFileTokenReplacer = null };

    // Made specific for the two most common mistakes: a mistyped command or option.
    private static string ParseErrorMessage(RootCommand root, ParseResult parseResult, string[] args)
    {
        var commands = root.Subcommands.Where(c => !c.Hidden).Select(c => c.Name).ToList();
        if (args.Length == 0)
        {
            return $"No command given. Commands: {string.Join(", ", commands)}.";
        }

        if (!args[0].StartsWith('-') && !commands.Contains(args[0], StringComparer.Ordinal))
        {
            return $"Unknown command '{args[0]}'. Did you mean '{NearestNames.Order(args[0], commands)[0]}'? Commands: {string.Join(", ", commands)}.";
        }

        var command = parseResult.CommandResult.Command;
        if (command != root && parseResult.UnmatchedTokens.FirstOrDefault(t => t.StartsWith('-')) is { } unknown)
        {
            var options = command.Options.Where(o => !o.Hidden && o.Name.StartsWith("--", StringComparison.Ordinal)).Select(o => o.Name).ToList();
            return $"Unknown option '{unknown}' for 'serbench {command.Name}'." +
                   (options.Count > 0 ? $" Did you mean '{NearestNames.Order(unknown, options)[0]}'? Options: {string.Join(", ", options)}." : "");
        }

        return parseResult.Errors[0].Message;
    }

    private static string Quote(string argument) =>
        argument.Length == 0 || argument.Any(c => char.IsWhiteSpace(c) || c is '"' or '\'') ? "\"" + argument.Replace("\"", "\\\"", StringComparison.Ordinal) + "\"" : argument;
}

internal sealed record CliContext(IAnsiConsole Console, TextWriter Output, TextWriter Error, string CommandLine, IChartImageRenderer ChartImages);
