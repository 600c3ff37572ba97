using SerBench.Core.Results;

namespace SerBench.Results;

/// <summary>Ratio and Alloc Ratio: each cell against its baseline's cell of the same study, payload, shape, count, operation and runtime.</summary>
internal static class Ratios
{
    public static IReadOnlyList<ResultCell> WithRatios(IReadOnlyList<ResultCell> cells)
    {
        var baselines = cells.Where(c => c.Contender == c.Baseline && c.MeanNs is not null)
            .GroupBy(c => c.Key with { Contender = "" }).ToDictionary(g => g.Key, g => g.First());
        return [.. cells.Select(cell => cell.MeanNs is not { } mean || !baselines.TryGetValue(cell.Key with { Contender = "" }, out var baseline)
            ? cell with { Ratio = null, AllocRatio = null }
            : cell with
            {
                Ratio = baseline.MeanNs > 0 ? mean / baseline.MeanNs : null,
                AllocRatio = baseline.AllocatedBytes > 0 && cell.AllocatedBytes is { } allocated ? (double)allocated / baseline.AllocatedBytes.Value : null,
            })];
    }
}
