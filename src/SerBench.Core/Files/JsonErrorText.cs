using System.Text.Json;
using SerBench.Core.Running;

namespace SerBench.Core.Files;

/// <summary>One line, "line L, column C", without System.Text.Json's " LineNumber: 0 | BytePositionInLine: 5." suffix.</summary>
internal static class JsonErrorText
{
    public static string Describe(JsonException exception)
    {
        var where = exception.LineNumber is { } line ? $"line {line + 1}, column {(exception.BytePositionInLine ?? 0) + 1}: " : "";
        var at = exception.Message.IndexOf(" LineNumber:", StringComparison.Ordinal);
        var text = at < 0 ? exception.Message : exception.Message[..at];
        // The message may quote the bad text, line breaks included: keep it on one line.
        return where + ExceptionText.FirstLine(text.Replace("\r", "\\r", StringComparison.Ordinal).Replace("\n", "\\n", StringComparison.Ordinal));
    }
}
