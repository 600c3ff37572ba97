namespace SerBench.Core.Running;

/// <summary>An exception as one line for a report or an error message: reasons and messages never span lines.</summary>
internal static class ExceptionText
{
    /// <summary>With the innermost exception's when wrapped: that is the cause, e.g. Jil's AmbiguousMatchException on .NET 9+.</summary>
    public static string Describe(Exception exception)
    {
        var innermost = exception;
        while (innermost.InnerException is { } inner)
        {
            innermost = inner;
        }

        var cause = ReferenceEquals(innermost, exception) ? "" : $" (innermost: {innermost.GetType().Name}: {FirstLine(innermost.Message)})";
        return $"{exception.GetType().Name}: {FirstLine(exception.Message)}{cause}";
    }

    public static string Innermost(Exception exception)
    {
        while (exception.InnerException is { } inner)
        {
            exception = inner;
        }

        return $"{exception.GetType().Name}: {FirstLine(exception.Message)}";
    }

    public static string FirstLine(string message)
    {
        var line = message.AsSpan().Trim();
        var end = line.IndexOfAny('\r', '\n');
        var first = end < 0 ? line : line[..end];
        return first.Length > 300 ? string.Concat(first[..297], "...") : first.ToString();
    }
}
