namespace SerBench.Agents;

internal sealed record ChildOutcome(int ExitCode, string Output, string Error, bool TimedOut)
{
    /// <summary>Why it ended abnormally, in one line ("exit code 134: Process terminated. …"); null when it exited 0 or 1.</summary>
    public string? Failure => TimedOut
        ? "did not finish in time and was stopped (hung)"
        : ExitCode is 0 or 1 ? null : Exit;

    /// <summary>How it exited, in one line: "exit code 3", or "exit code 134: Stack overflow." with what the runtime said.</summary>
    public string Exit => $"exit code {ExitCode}" + (Headline(Error) is { } line ? $": {line}" : "");

    /// <summary>What the runtime said before its stack trace, e.g. "Process terminated. &lt;message&gt;" or "Stack overflow.".</summary>
    private static string? Headline(string stderr)
    {
        var lines = stderr.Split('\n').Select(l => l.Trim()).Where(l => l.Length > 0).TakeWhile(l => !l.StartsWith("at ", StringComparison.Ordinal)).Take(3);
        var text = string.Join(" ", lines);
        return text.Length == 0 ? null : text.Length > 240 ? text[..240] + "…" : text;
    }
}

// environment: variables set for the child on top of this process's own.
internal delegate ChildOutcome StartChild(IReadOnlyList<string> arguments, TimeSpan timeout, CancellationToken cancellation, AgentBuilds.AgentBuild? agent,
    IEnumerable<KeyValuePair<string, string>> environment);
