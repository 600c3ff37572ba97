using System.Text.Json;
using SerBench.Core.Running;

namespace SerBench.Core.Files;

/// <summary>System.Text.Json's error, said SerBench's way: one line, the position as "line L, column C", no " LineNumber: 0 | BytePositionInLine: 5." suffix.</summary>
internal static class JsonErrorText
{
    /// <summary>"line 3, column 7: '0x00' is an invalid start of a value."; no position when the exception has none.</summary>
    public static string Describe(JsonException exception)
    {
        var where = exception.LineNumber is { } line ? $"line {line + 1}, column {(exception.BytePositionInLine ?? 0) + 1}: " : "";
        var at = exception.Message.IndexOf(" LineNumber:", StringComparison.Ordinal);
        var text = at < 0 ? exception.Message : exception.Message[..at];
        // The message may quote the bad text, line breaks included: keep it on one line.
        return where + ExceptionText.FirstLine(text.Replace("\r", "\\r", StringComparison.Ordinal).Replace("\n", "\\n", StringComparison.Ordinal));
    }
}
