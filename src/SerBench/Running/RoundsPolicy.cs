using SerBench.Core.Measurement;
using SerBench.Core.Running;
using SerBench.Core.Statistics;

namespace SerBench.Running;

/// <summary>The profile's rounds, the user's <c>--rounds</c>, or more for a tiny run.</summary>
internal static class RoundsPolicy
{
    public const int SmallRunRounds = 5;

    public const int MaximumRounds = 50;

    /// <summary>1 to <see cref="MaximumRounds"/>, which the options parser checks.</summary>
    public static MeasurementProfile WithRounds(MeasurementProfile profile, int rounds) =>
        profile with { Rounds = rounds, MaximumRounds = Math.Max(profile.MaximumRounds, rounds) };

    /// <summary>One or two cells have no run-wide spread to lean on, and two rounds give t one degree of freedom: <see cref="SmallRunRounds"/>.</summary>
    public static MeasurementProfile ForPlan(MeasurementProfile profile, IReadOnlyList<PlannedCase> plan) =>
        profile.Rounds > 1 && plan.Where(p => p.UnavailableReason is null).Sum(p => p.Operations.Count) < RoundStatistics.CellsToPool
            ? profile with { Rounds = Math.Max(profile.Rounds, SmallRunRounds), MaximumRounds = Math.Max(profile.MaximumRounds, SmallRunRounds) }
            : profile;
}
