using SerBench.Core.Results;
using SerBench.Core.Studies;
using SerBench.Core.Verification;

namespace SerBench.Core.Statistics;

internal sealed record CellPair(ResultCell Faster, ResultCell Slower, RatioInterval Interval)
{
    public bool Separated => Interval.IsSlower;
}

/// <summary>Of the pairs at least <see cref="MinimumRatio"/> apart, those separated; the same rule places extra rounds and ties.</summary>
internal sealed record Decisiveness(double MinimumRatio, int Pairs, int Separated, IReadOnlyList<CellPair> Undecided)
{
    /// <summary>The difference the studies are about: the verdict should decide every pair this far apart.</summary>
    public const double DecisiveRatio = 1.5;

    public double Share => Pairs == 0 ? 1 : (double)Separated / Pairs;

    public static Decisiveness Of(IEnumerable<ResultCell> cells, double minimumRatio = DecisiveRatio)
    {
        var far = PairsOf(cells).Where(p => p.Interval.Ratio >= minimumRatio).ToList();
        return new Decisiveness(minimumRatio, far.Count, far.Count(p => p.Separated), [.. far.Where(p => !p.Separated)]);
    }

    /// <summary>Pairs of timed steady-state cells in one case (study, runtime, machine, payload, shape, count, operation).</summary>
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
