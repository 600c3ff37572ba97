using Spectre.Console;

namespace SerBench.Tests;

/// <summary>A console without colours or escape codes at a fixed width, as redirected output or a terminal of that width shows it.</summary>
internal static class PlainConsole
{
    public static IAnsiConsole Over(TextWriter output, int width)
    {
        var console = AnsiConsole.Create(new AnsiConsoleSettings
        {
            Out = new AnsiConsoleOutput(output), Ansi = AnsiSupport.No, ColorSystem = ColorSystemSupport.NoColors, Interactive = InteractionSupport.No,
        });
        console.Profile.Width = width;
        return console;
    }
}
