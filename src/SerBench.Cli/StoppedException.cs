namespace SerBench.Cli;

/// <summary>A command stopped by a signal before it measured anything: one line, and the signal's exit code.</summary>
internal sealed class StoppedException(int exitCode, string message) : Exception(message)
{
    public int ExitCode { get; } = exitCode;
}
