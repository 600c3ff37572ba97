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
    /// <summary>How a DIFFERS reason begins when only the form changed (the data is the same); the text form of <see cref="FormOnly"/>.</summary>
    private const string FormOnlyPrefix = "output differs in form: ";

    public static Verdict Ok { get; } = new(VerificationStatus.Ok, null);

    /// <summary>
    /// DIFFERS in form only: escapes, number notation, property order — the same data. On the user's own documents such a
    /// cell is ranked with the OK ones (every library's default writer differs there).
    /// </summary>
    public bool FormOnly { get; init; }

    /// <summary>A DIFFERS verdict whose output has the same data in another form (<paramref name="change"/> says how).</summary>
    public static Verdict DiffersInForm(string change) => new(VerificationStatus.Differs, FormOnlyPrefix + change) { FormOnly = true };

    /// <summary>
    /// The verdict a results file records (status and reason). A DIFFERS reason that begins as <see cref="DiffersInForm"/>
    /// writes it is <see cref="FormOnly"/>: results.json keeps no flag of its own, so the reason's text is its record.
    /// </summary>
    public static Verdict Of(VerificationStatus status, string? reason) =>
        new(status, reason) { FormOnly = status == VerificationStatus.Differs && reason?.StartsWith(FormOnlyPrefix, StringComparison.Ordinal) == true };

    /// <summary>Whether a cell with this verdict is measured: OK and DIFFERS are, the rest are not.</summary>
    public bool IsTimed => IsTimedStatus(Status);

    /// <summary>Upper-case status as printed in every output (<c>OK</c>, <c>DIFFERS</c>, …).</summary>
    public string Label => Results.CellText.Label(Status);

    /// <summary>Whether a cell with this status is measured: OK and DIFFERS are, the rest are not.</summary>
    public static bool IsTimedStatus(VerificationStatus status) => status is VerificationStatus.Ok or VerificationStatus.Differs;

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
