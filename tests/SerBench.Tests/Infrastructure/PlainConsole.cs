using Spectre.Console;

namespace SerBench.Tests.Infrastructure;

/// <summary>A console without colours or escape codes at a fixed width, as redirected output or a terminal of that width shows it.</summary>
internal static class PlainConsole
{
    /// <param name="output">Where the text goes.</param>
    /// <param name="width">The columns.</param>
    /// <param name="terminal">As a terminal (interactive), whose width the CLI keeps; otherwise as a log, which it widens to 160.</param>
    public static IAnsiConsole Over(TextWriter output, int width, bool terminal = false)
    {
        var console = AnsiConsole.Create(new AnsiConsoleSettings
        {
            Out = new AnsiConsoleOutput(output), Ansi = AnsiSupport.No, ColorSystem = ColorSystemSupport.NoColors,
            Interactive = terminal ? InteractionSupport.Yes : InteractionSupport.No,
        });
        console.Profile.Width = width;
        return console;
    }
}
