namespace SerBench.Core.Verification;

/// <summary>Status plus the human-readable reason (null only for <see cref="VerificationStatus.Ok"/>).</summary>
internal sealed record GateOutcome(VerificationStatus Status, string? Reason)
{
    private const string FormOnlyPrefix = "output differs in form: ";

    public static GateOutcome Ok { get; } = new(VerificationStatus.Ok, null);

    /// <summary>The same data in another form; on the user's own documents ranked with the OK cells (every default writer differs there).</summary>
    public bool FormOnly { get; init; }

    public static GateOutcome DiffersInForm(string change) => new(VerificationStatus.Differs, FormOnlyPrefix + change) { FormOnly = true };

    // results.json keeps no FormOnly flag: the reason's prefix is its record.
    public static GateOutcome Of(VerificationStatus status, string? reason) =>
        new(status, reason) { FormOnly = status == VerificationStatus.Differs && reason?.StartsWith(FormOnlyPrefix, StringComparison.Ordinal) == true };

    public bool IsTimed => IsTimedStatus(Status);

    public string Label => Results.CellText.Label(Status);

    /// <summary>Whether a cell with this status is measured: OK and DIFFERS are, the rest are not.</summary>
    public static bool IsTimedStatus(VerificationStatus status) => status is VerificationStatus.Ok or VerificationStatus.Differs;

    /// <summary>When only reading failed: the outcome of what was written, so serialize is still timed.</summary>
    public GateOutcome? Written { get; init; }

    public GateOutcome For(Studies.Operation operation) => operation == Studies.Operation.Serialize && Written is { IsTimed: true } written ? written : this;

    // contender: named by the gate, so that a type setup that failed in an earlier cell of this process leads the reason.
    public static GateOutcome CrashFrom(string stage, Exception exception, string? contender = null) =>
        new(VerificationStatus.Crash, (contender is null ? null : TypeSetupFailures.EarlierCause(contender, exception)) is { } cause
            ? $"its type setup failed in an earlier cell: {cause}; here {stage} threw {Running.ExceptionText.Describe(exception)}"
            : $"{stage} threw {Running.ExceptionText.Describe(exception)}");

    /// <summary>No library was tried, so the cell is UNAVAILABLE with the input named as the cause, never a library's CRASH.</summary>
    public static GateOutcome InputProblem(Exception exception) =>
        new(VerificationStatus.Unavailable, $"the input's problem, not the library's: SerBench could not build the value to serialize ({Running.ExceptionText.Describe(exception)})");
}
