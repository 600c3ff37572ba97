namespace SerBench.Core.Verification;

internal enum VerificationStatus
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
