using SerBench.Core.Results;
using SerBench.Core.Studies;
using SerBench.Core.Verification;

namespace SerBench.Core.Statistics;

/// <summary>Two measured contenders of one case, fastest first, and the interval of their ratio.</summary>
internal sealed record CellPair(ResultCell Faster, ResultCell Slower, RatioInterval Interval)
{
    /// <summary>The run tells them apart: the slower one is slower beyond doubt.</summary>
    public bool Separated => Interval.IsSlower;
}

/// <summary>
/// How decisive a run was: of the pairs of contenders in one case whose means are at least <see cref="MinimumRatio"/>
/// apart, how many it separated beyond doubt (<see cref="RatioInterval"/>), and which it left undecided. The same rule
/// decides where a run spends its extra rounds and what its reports call tied.
/// </summary>
internal sealed record Decisiveness(double MinimumRatio, int Pairs, int Separated, IReadOnlyList<CellPair> Undecided)
{
    /// <summary>The difference the studies are about: the verdict should decide every pair this far apart.</summary>
    public const double DecisiveRatio = 1.5;

    /// <summary>The share of pairs separated; 1 when no pair is that far apart.</summary>
    public double Share => Pairs == 0 ? 1 : (double)Separated / Pairs;

    public static Decisiveness Of(IEnumerable<ResultCell> cells, double minimumRatio = DecisiveRatio)
    {
        var far = PairsOf(cells).Where(p => p.Interval.Ratio >= minimumRatio).ToList();
        return new Decisiveness(minimumRatio, far.Count, far.Count(p => p.Separated), [.. far.Where(p => !p.Separated)]);
    }

    /// <summary>
    /// Every pair of steady-state cells in one case (study, runtime, machine, payload, shape, count, operation) that
    /// passed the gate (OK or DIFFERS) and has a time, faster first.
    /// </summary>
    public static IEnumerable<CellPair> PairsOf(IEnumerable<ResultCell> cells) =>
        cells.Where(IsTimed)
            .GroupBy(c => (c.Study, c.Runtime, c.Machine, c.Payload, c.Shape, c.Count, c.Operation))
            .SelectMany(g =>
            {
                var sorted = g.OrderBy(c => c.MeanNs).ToList();
                return sorted.SelectMany((faster, i) => sorted.Skip(i + 1).Select(slower => new CellPair(faster, slower, RatioInterval.Of(slower, faster))));
            });

    private static bool IsTimed(ResultCell cell) =>
        cell.Operation != Operation.FirstCall && cell.MeanNs > 0 && cell.Status is VerificationStatus.Ok or VerificationStatus.Differs;
}
