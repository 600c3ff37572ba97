using SerBench.Core.Measurement;
using SerBench.Core.Running;
using SerBench.Core.Statistics;

namespace SerBench.Running;

/// <summary>How many rounds (fresh processes per cell) a run gets: the profile's, the user's <c>--rounds</c>, or more for a tiny run.</summary>
internal static class RoundsPolicy
{
    /// <summary>Rounds for a run too small to pool its cells' spread.</summary>
    public const int SmallRunRounds = 5;

    public const int MaximumRounds = 50;

    /// <summary>The profile with the rounds the user asked for (1 to <see cref="MaximumRounds"/>, which the options parser checks).</summary>
    public static MeasurementProfile WithRounds(MeasurementProfile profile, int rounds) =>
        profile with { Rounds = rounds, MaximumRounds = Math.Max(profile.MaximumRounds, rounds) };

    /// <summary>
    /// The profile for this plan when the user did not choose the rounds. Intervals lean on the spread of the whole run; a
    /// run of one or two cells has none to lean on, and two rounds alone give Student's t one degree of freedom (an
    /// interval hundreds of times the mean), so such a run gets <see cref="SmallRunRounds"/>.
    /// </summary>
    public static MeasurementProfile ForPlan(MeasurementProfile profile, IReadOnlyList<PlannedCase> plan) =>
        profile.Rounds > 1 && plan.Where(p => p.UnavailableReason is null).Sum(p => p.Operations.Count) < RoundStatistics.CellsToPool
            ? profile with { Rounds = Math.Max(profile.Rounds, SmallRunRounds), MaximumRounds = Math.Max(profile.MaximumRounds, SmallRunRounds) }
            : profile;
}
