using System.Collections.Concurrent;
using SerBench.Core.Running;

namespace SerBench.Core.Verification;

/// <summary>
/// Each contender's first failed type initializer in this process. The type stays broken for the process, and its later
/// cells fail with a NullReferenceException or a TypeInitializationException that no longer shows why (Jil's lists).
/// </summary>
internal static class TypeSetupFailures
{
    private static readonly ConcurrentDictionary<string, string> FirstCause = new(StringComparer.Ordinal);

    /// <returns>The cause of the contender's type setup failing in an earlier cell, unless <paramref name="exception"/> already shows it; null when none failed before.</returns>
    public static string? EarlierCause(string contender, Exception exception)
    {
        var innermost = ExceptionText.Innermost(exception);
        if (FirstCause.TryGetValue(contender, out var cause))
        {
            return cause == innermost ? null : cause;
        }

        for (var link = exception; link is not null; link = link.InnerException)
        {
            if (link is TypeInitializationException)
            {
                FirstCause.TryAdd(contender, innermost);
                break;
            }
        }

        return null;
    }
}
