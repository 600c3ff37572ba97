namespace SerBench.Core.Verification;

/// <summary>Status plus the human-readable reason (null only for <see cref="VerificationStatus.Ok"/>).</summary>
internal sealed record GateOutcome(VerificationStatus Status, string? Reason)
{
    /// <summary>How a DIFFERS reason begins when only the form changed (the data is the same); the text form of <see cref="FormOnly"/>.</summary>
    private const string FormOnlyPrefix = "output differs in form: ";

    public static GateOutcome Ok { get; } = new(VerificationStatus.Ok, null);

    /// <summary>
    /// DIFFERS in form only: escapes, number notation, property order — the same data. On the user's own documents such a
    /// cell is ranked with the OK ones (every library's default writer differs there).
    /// </summary>
    public bool FormOnly { get; init; }

    /// <summary>A DIFFERS outcome whose output has the same data in another form (<paramref name="change"/> says how).</summary>
    public static GateOutcome DiffersInForm(string change) => new(VerificationStatus.Differs, FormOnlyPrefix + change) { FormOnly = true };

    /// <summary>
    /// The outcome a results file records (status and reason). A DIFFERS reason that begins as <see cref="DiffersInForm"/>
    /// writes it is <see cref="FormOnly"/>: results.json keeps no flag of its own, so the reason's text is its record.
    /// </summary>
    public static GateOutcome Of(VerificationStatus status, string? reason) =>
        new(status, reason) { FormOnly = status == VerificationStatus.Differs && reason?.StartsWith(FormOnlyPrefix, StringComparison.Ordinal) == true };

    /// <summary>Whether a cell with this outcome is measured: OK and DIFFERS are, the rest are not.</summary>
    public bool IsTimed => IsTimedStatus(Status);

    /// <summary>Upper-case status as printed in every output (<c>OK</c>, <c>DIFFERS</c>, …).</summary>
    public string Label => Results.CellText.Label(Status);

    /// <summary>Whether a cell with this status is measured: OK and DIFFERS are, the rest are not.</summary>
    public static bool IsTimedStatus(VerificationStatus status) => status is VerificationStatus.Ok or VerificationStatus.Differs;

    /// <summary>
    /// When only reading failed: the outcome on what the contender wrote, so that its serialize cells are still timed
    /// (a library whose deserializer crashes can still be a serializer). Null otherwise.
    /// </summary>
    public GateOutcome? Written { get; init; }

    /// <summary>The outcome that applies to an operation: <see cref="Written"/> for serialize when only reading failed.</summary>
    public GateOutcome For(Studies.Operation operation) => operation == Studies.Operation.Serialize && Written is { IsTimed: true } written ? written : this;

    /// <summary>CRASH at a stage, with <see cref="Running.ExceptionText.Describe"/>'s cause.</summary>
    public static GateOutcome CrashFrom(string stage, Exception exception) => new(VerificationStatus.Crash, $"{stage} threw {Running.ExceptionText.Describe(exception)}");

    /// <summary>
    /// SerBench could not build the input (the user's constructor threw, a document does not fit the model): no library
    /// was tried, so the cell is UNAVAILABLE with the input named as the cause, never a library's CRASH.
    /// </summary>
    public static GateOutcome InputProblem(Exception exception) =>
        new(VerificationStatus.Unavailable, $"the input's problem, not the library's: SerBench could not build the value to serialize ({Running.ExceptionText.Describe(exception)})");
}
