using SerBench.Cli;
using SerBench.Reports;
using Spectre.Console;

namespace SerBench.Tests.Cli;

public sealed class ConsoleReportTests
{
    [Fact]
    public void ControlAndBidiCharacters_InATable_AreShownAsCodePoints()
    {
        // Issue 35: an ESC in a contender's name or a reason would reach the terminal as an escape sequence.
        const string hostile = "evil\u001b[2J\u0000\u202egnp.exe";
        using var output = new StringWriter();
        var console = AnsiConsole.Create(new AnsiConsoleSettings
        {
            Out = new AnsiConsoleOutput(output), Ansi = AnsiSupport.No, ColorSystem = ColorSystemSupport.NoColors, Interactive = InteractionSupport.No,
        });
        console.Profile.Width = 160;

        ConsoleReport.WriteTable(console, new TableModel(hostile, ["Contender", hostile], [[hostile, hostile]], [hostile]));

        var text = output.ToString();
        Assert.DoesNotContain(text, c => c is '\u001b' or '\u0000' or '\u202e');
        Assert.Contains("evil⟨U+001B⟩[2J⟨U+0000⟩⟨U+202E⟩gnp.exe", text, StringComparison.Ordinal);
    }
}
