namespace SerBench.Verification;

/// <summary>The outcome of the correctness gate for one contender, payload and shape.</summary>
public enum VerificationStatus
{
    /// <summary>Round-trips and writes the study's reference document.</summary>
    Ok,

    /// <summary>Round-trips, but writes a different document (say how); still timed, flagged everywhere.</summary>
    Differs,

    /// <summary>Data lost or changed on the way through; not timed.</summary>
    Mismatch,

    /// <summary>The library cannot handle the type or the conventions; not timed.</summary>
    Unsupported,

    /// <summary>The contender threw (or the process could not run it); not timed.</summary>
    Crash,

    /// <summary>The library cannot be loaded on this machine at all (missing package, other platform); not timed.</summary>
    Unavailable,
}

/// <summary>Status plus the human-readable reason (null only for <see cref="VerificationStatus.Ok"/>).</summary>
public sealed record Verdict(VerificationStatus Status, string? Reason)
{
    public static Verdict Ok { get; } = new(VerificationStatus.Ok, null);

    /// <summary>Whether a cell with this verdict is measured: OK and DIFFERS are, the rest are not.</summary>
    public bool IsTimed => Status is VerificationStatus.Ok or VerificationStatus.Differs;

    /// <summary>Upper-case status as printed in every output (<c>OK</c>, <c>DIFFERS</c>, …).</summary>
    public string Label => LabelOf(Status);

    public static string LabelOf(VerificationStatus status) => status.ToString().ToUpperInvariant();

    /// <summary>
    /// When only reading failed: the verdict on what the contender wrote, so that its serialize cells are still timed
    /// (a library whose deserializer crashes can still be a serializer). Null otherwise.
    /// </summary>
    public Verdict? Written { get; init; }

    /// <summary>The verdict that applies to an operation: <see cref="Written"/> for serialize when only reading failed.</summary>
    public Verdict For(Studies.Operation operation) => operation == Studies.Operation.Serialize && Written is { IsTimed: true } written ? written : this;

    /// <summary>
    /// The exception's type and message, and the innermost exception's when it is wrapped (a type initializer, a
    /// library's own wrapper): that is where the cause is, e.g. Jil's AmbiguousMatchException on .NET 9 and later.
    /// </summary>
    public static Verdict CrashFrom(string stage, Exception exception) => new(VerificationStatus.Crash, $"{stage} threw {Describe(exception)}");

    /// <summary>
    /// SerBench could not build the input (the user's constructor threw, a document does not fit the model): no library
    /// was tried, so the cell is UNAVAILABLE with the input named as the cause, never a library's CRASH.
    /// </summary>
    public static Verdict InputProblem(Exception exception) =>
        new(VerificationStatus.Unavailable, $"the input's problem, not the library's: SerBench could not build the value to serialize ({Describe(exception)})");

    private static string Describe(Exception exception)
    {
        var innermost = exception;
        while (innermost.InnerException is { } inner)
        {
            innermost = inner;
        }

        var cause = ReferenceEquals(innermost, exception) ? "" : $" (innermost: {innermost.GetType().Name}: {FirstLine(innermost.Message)})";
        return $"{exception.GetType().Name}: {FirstLine(exception.Message)}{cause}";
    }

    /// <summary>The innermost exception's type and first line: where a wrapped cause (a type initializer, a reflection call) really is.</summary>
    public static string Innermost(Exception exception)
    {
        while (exception.InnerException is { } inner)
        {
            exception = inner;
        }

        return $"{exception.GetType().Name}: {FirstLine(exception.Message)}";
    }

    internal static string FirstLine(string message)
    {
        var line = message.AsSpan().Trim();
        var end = line.IndexOfAny('\r', '\n');
        var first = end < 0 ? line : line[..end];
        return first.Length > 300 ? string.Concat(first[..297], "...") : first.ToString();
    }
}
